import Chip from '@mui/material/Chip';
import { CreateButton, DataTable, DateField } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { formatDateTime } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';
import { ActivationButton } from './ActivationButton';
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

const status = (user: StaffMember) => (
  <Chip
    size="small"
    variant="outlined"
    label={user.active ? 'Active' : 'Deactivated'}
    color={user.active ? 'success' : 'default'}
  />
);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "29/11/2026, 09:12:04 · Germany", or "Never". */
export const lastSignIn = (user: Pick<StaffMember, 'lastSignInAt' | 'lastSignInCountry'>) =>
  user.lastSignInAt
    ? [formatDateTime(user.lastSignInAt), user.lastSignInCountry && countryNames.of(user.lastSignInCountry)]
        .filter(Boolean)
        .join(' · ')
    : 'Never';

/** The columns after the username, as lines of a member's card on a phone. */
const CARD_FIELDS: CardField<StaffMember>[] = [
  { label: 'Role', render: (user) => user.role },
  { label: 'Status', render: status },
  { label: 'MFA', render: mfa },
  { label: 'Last sign-in', render: lastSignIn },
  { label: 'Created', render: () => <DateField source="createdAt" /> },
];

const Actions = () => (
  <>
    <ResetMfaButton />
    <ActivationButton />
  </>
);

/** Staff accounts; an account is deactivated rather than deleted, so its history stays. */
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
        actions={<Actions />}
      />
    }
    table={
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="username" label="Username" />
        <DataTable.Col source="role" label="Role" />
        <DataTable.Col source="active" label="Status" disableSort render={status} />
        <DataTable.Col source="mfaEnabled" label="MFA" disableSort render={mfa} />
        <DataTable.Col source="lastSignInAt" label="Last sign-in" render={lastSignIn} />
        <DataTable.Col source="createdAt" label="Created">
          <DateField source="createdAt" />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <Actions />
        </DataTable.Col>
      </DataTable>
    }
  />
);
