import { Edit, SimpleForm } from 'react-admin';
import { StaffInputs } from './StaffInputs';

export const StaffEdit = () => (
  <Edit title="Edit Staff Member" mutationMode="pessimistic" redirect="list">
    <SimpleForm>
      <StaffInputs />
    </SimpleForm>
  </Edit>
);
