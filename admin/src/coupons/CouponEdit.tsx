import { Edit, SimpleForm, Toolbar, SaveButton, type TransformData } from 'react-admin';
import { CouponInputs } from './CouponInputs';
import { couponPayload, type Coupon } from './types';

const transform: TransformData = (values, options) =>
  couponPayload(values, options?.previousData as Coupon | undefined);

/** No delete: a coupon is deactivated (Active off), so past orders keep their code. */
export const CouponEdit = () => (
  <Edit title="Edit Coupon" mutationMode="pessimistic" redirect="list" transform={transform}>
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <CouponInputs />
    </SimpleForm>
  </Edit>
);
