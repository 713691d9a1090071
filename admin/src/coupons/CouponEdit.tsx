import { Edit, SimpleForm, Toolbar, SaveButton } from 'react-admin';
import { CouponInputs } from './CouponInputs';

/** No delete: a coupon is deactivated (Active off), so past orders keep their code. */
export const CouponEdit = () => (
  <Edit title="Edit Coupon" mutationMode="pessimistic" redirect="list">
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
