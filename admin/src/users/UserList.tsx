import { CreateButton, DataTable, DateField, DeleteButton, List, SearchInput } from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { ListToolbar } from '../common/ListToolbar';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export const UserList = () => (
  <List
    title="Staff"
    sort={{ field: 'username', order: 'ASC' }}
    exporter={false}
    filters={filters}
    actions={
      <ListToolbar>
        <CreateButton />
      </ListToolbar>
    }
    pagination={<AppPagination />}
  >
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="username" label="Username" />
      <DataTable.Col source="role" label="Role" />
      <DataTable.Col source="createdAt" label="Created">
        <DateField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <DeleteButton mutationMode="pessimistic" />
      </DataTable.Col>
    </DataTable>
  </List>
);
