import Chip from '@mui/material/Chip';
import { CreateButton, DataTable, DateField, DeleteButton, List } from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';
import { ResetMfaButton } from './ResetMfaButton';
import type { StaffMember } from './types';

const filters = [<AppSearchInput key="q" source="q" alwaysOn />];

export const StaffList = () => (
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
    error={<ListLoadError />}
  >
    <DataTable rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col source="username" label="Username" />
      <DataTable.Col source="role" label="Role" />
      <DataTable.Col
        source="mfaEnabled"
        label="MFA"
        disableSort
        render={(user: StaffMember) => (
          <Chip
            size="small"
            variant="outlined"
            label={user.mfaEnabled ? 'On' : 'Off'}
            color={user.mfaEnabled ? 'success' : 'default'}
          />
        )}
      />
      <DataTable.Col source="createdAt" label="Created">
        <DateField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col label="Actions" disableSort>
        <ResetMfaButton />
        <DeleteButton mutationMode="pessimistic" />
      </DataTable.Col>
    </DataTable>
  </List>
);
