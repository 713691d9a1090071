import Button from '@mui/material/Button';
import {
  DataTable,
  DateField,
  NumberField,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { statusFilter } from '../common/StatusFilter';
import { RecordCards, type CardField } from '../common/RecordCards';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';

interface Email {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn />,
  statusFilter([
    { id: 'pending', name: 'Pending' },
    { id: 'sent', name: 'Sent' },
    { id: 'failed', name: 'Failed' },
    { id: 'withheld', name: 'Withheld' },
  ]),
];

const ResendButton = () => {
  const email = useRecordContext<Email>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'emails', action: 'resend' });
  if (!email || !canAccess) return null;
  const resend = async () => {
    try {
      await dataProvider.resendEmail(email.id);
      toast('E-mail queued', `It will be sent again to ${email.to}`);
      refresh();
    } catch (error) {
      toast('Resend failed', errorMessage(error, 'Failed to resend the e-mail'), 'error');
    }
  };
  return (
    <Button size="small" onClick={() => void resend()}>
      Resend
    </Button>
  );
};

/** The columns after the address, as lines of an e-mail's card on a phone. */
const CARD_FIELDS: CardField<Email>[] = [
  { label: 'Subject', render: (email) => email.subject },
  { label: 'Kind', render: (email) => email.kind },
  { label: 'Status', render: (email) => <StatusChip status={email.status} /> },
  { label: 'Attempts', render: () => <NumberField source="attempts" /> },
  { label: 'Last error', render: (email) => email.lastError },
  { label: 'Created', render: () => <DateField source="createdAt" showTime /> },
];

export const EmailList = () => (
  <AppList
    title="Emails"
    sort={{ field: 'createdAt', order: 'DESC' }}
    filters={filters}
    cards={
      <RecordCards<Email>
        label="Emails"
        title={(email) => email.to}
        fields={CARD_FIELDS}
        actions={<ResendButton />}
      />
    }
    table={
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="to" label="To" />
        <DataTable.Col source="subject" label="Subject" disableSort />
        <DataTable.Col source="kind" label="Kind" disableSort />
        <DataTable.Col
          source="status"
          label="Status"
          disableSort
          render={(email: Email) => <StatusChip status={email.status} />}
        />
        <DataTable.NumberCol source="attempts" label="Attempts" disableSort />
        <DataTable.Col source="lastError" label="Last error" disableSort />
        <DataTable.Col source="createdAt" label="Created">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <ResendButton />
        </DataTable.Col>
      </DataTable>
    }
  />
);
