import { Create } from 'react-admin';
import { StaffForm } from './StaffForm';

export const StaffCreate = () => (
  <Create title="Add Staff Member">
    <StaffForm />
  </Create>
);
