import Chip from '@mui/material/Chip';
import { CreateButton, DataTable, DateField, DeleteButton, List } from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';
import { useIsPhone } from '../common/phone';
import { RecordCards, type CardField } from '../common/RecordCards';
import { ResetMfaButton } from './ResetMfaButton';
import type { StaffMember } from './types';

const filters = [<AppSearchInput key="q" source="q" alwaysOn />];

const mfa = (user: StaffMember) => (
  <Chip
    size="small"
    variant="outlined"
    label={user.mfaEnabled ? 'On' : 'Off'}
    color={user.mfaEnabled ? 'success' : 'default'}
  />
);

/** The columns after the username, as lines of a member's card on a phone. */
const CARD_FIELDS: CardField<StaffMember>[] = [
  { label: 'Role', render: (user) => user.role },
  { label: 'MFA', render: mfa },
  { label: 'Created', render: () => <DateField source="createdAt" /> },
];

export const StaffList = () => {
  const isPhone = useIsPhone();
  return (
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
      {isPhone ? (
        <RecordCards<StaffMember>
          label="Staff"
          title={(user) => user.username}
          fields={CARD_FIELDS}
          linkToEdit
          actions={
            <>
              <ResetMfaButton />
              <DeleteButton mutationMode="pessimistic" />
            </>
          }
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="username" label="Username" />
          <DataTable.Col source="role" label="Role" />
          <DataTable.Col source="mfaEnabled" label="MFA" disableSort render={mfa} />
          <DataTable.Col source="createdAt" label="Created">
            <DateField source="createdAt" />
          </DataTable.Col>
          <DataTable.Col label="Actions" disableSort>
            <ResetMfaButton />
            <DeleteButton mutationMode="pessimistic" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};
