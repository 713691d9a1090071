import { Create, SimpleForm } from 'react-admin';
import { CouponInputs } from './CouponInputs';
import { couponPayload } from './types';

export const CouponCreate = () => (
  <Create title="Create Coupon" redirect="list" transform={(values) => couponPayload(values)}>
    <SimpleForm>
      <CouponInputs />
    </SimpleForm>
  </Create>
);
