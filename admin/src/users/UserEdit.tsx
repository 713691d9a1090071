import { Edit, SimpleForm } from 'react-admin';
import { UserInputs } from './UserInputs';

export const UserEdit = () => (
  <Edit title="Edit Staff Member" mutationMode="pessimistic" redirect="list">
    <SimpleForm>
      <UserInputs />
    </SimpleForm>
  </Edit>
);
