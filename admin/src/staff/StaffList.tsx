import Chip from '@mui/material/Chip';
import { CreateButton, DataTable, DateField, DeleteButton } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { ListToolbar } from '../common/ListToolbar';
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

export const StaffList = () => (
  <AppList
    title="Staff"
    sort={{ field: 'username', order: 'ASC' }}
    filters={filters}
    actions={
      <ListToolbar>
        <CreateButton />
      </ListToolbar>
    }
    cards={
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
    }
    table={
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
    }
  />
);
