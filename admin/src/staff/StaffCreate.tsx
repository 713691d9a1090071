import { Create, SimpleForm } from 'react-admin';
import { StaffInputs } from './StaffInputs';

export const StaffCreate = () => (
  <Create title="Add Staff Member" redirect="list">
    <SimpleForm>
      <StaffInputs create />
    </SimpleForm>
  </Create>
);
