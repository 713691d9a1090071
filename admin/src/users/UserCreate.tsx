import { Create, SimpleForm } from 'react-admin';
import { UserInputs } from './UserInputs';

export const UserCreate = () => (
  <Create title="Add Staff Member" redirect="list">
    <SimpleForm>
      <UserInputs create />
    </SimpleForm>
  </Create>
);
