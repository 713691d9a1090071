import { Create, SimpleForm } from 'react-admin';
import { CouponInputs } from './CouponInputs';

export const CouponCreate = () => (
  <Create title="Create Coupon" redirect="list">
    <SimpleForm>
      <CouponInputs />
    </SimpleForm>
  </Create>
);
