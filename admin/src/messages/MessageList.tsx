import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, DateField, useCanAccess, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { statusFilter } from '../common/StatusFilter';
import { RecordCards, type CardField } from '../common/RecordCards';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';

interface Message {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: string | null;
  message: string;
  status: 'new' | 'answered';
  createdAt: string;
}

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn />,
  statusFilter([
    { id: 'new', name: 'New' },
    { id: 'answered', name: 'Answered' },
  ]),
];

const MarkAnswered = () => {
  const message = useRecordContext<Message>();
  const [update, { isPending }] = useUpdate();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'messages', action: 'edit' });
  if (!message || !canAccess || message.status === 'answered') return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        update(
          'messages',
          { id: message.id, data: { status: 'answered' }, previousData: message },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              toast('Message updated', 'Marked as answered');
              refresh();
            },
            onError: (error) =>
              toast('Update failed', errorMessage(error, 'Failed to update message'), 'error'),
          },
        )
      }
    >
      Mark answered
    </Button>
  );
};

/** The columns after the sender, and the message itself, as lines of a message's card on a phone. */
const CARD_FIELDS: CardField<Message>[] = [
  { label: 'E-mail', render: (message) => message.email },
  { label: 'Subject', render: (message) => message.subject },
  { label: 'Category', render: (message) => message.category },
  { label: 'Status', render: (message) => <StatusChip status={message.status} /> },
  { label: 'Received', render: () => <DateField source="createdAt" showTime /> },
  { label: 'Message', render: () => <MessageBody /> },
];

export const MessageList = () => (
  <AppList
    title="Messages"
    sort={{ field: 'createdAt', order: 'DESC' }}
    filters={filters}
    cards={
      <RecordCards<Message>
        label="Messages"
        title={(message) => message.name}
        fields={CARD_FIELDS}
        actions={<MarkAnswered />}
      />
    }
    table={
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label="Name" disableSort />
        <DataTable.Col source="email" label="E-mail" disableSort />
        <DataTable.Col source="subject" label="Subject" disableSort />
        <DataTable.Col source="category" label="Category" disableSort />
        <DataTable.Col
          source="status"
          label="Status"
          render={(message: Message) => <StatusChip status={message.status} />}
        />
        <DataTable.Col source="createdAt" label="Received">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <ReadMessage />
          <MarkAnswered />
        </DataTable.Col>
      </DataTable>
    }
  />
);

/**
 * The message in a dialog, from a button any keyboard and screen reader reaches (react-admin's row expand
 * button is hidden from both). Phones show it in the row's card.
 */
const ReadMessage = () => {
  const message = useRecordContext<Message>();
  const [open, setOpen] = useState(false);
  if (!message) return null;
  const titleId = `message-${message.id}-title`;
  return (
    <>
      <Button size="small" aria-label={`Read the message from ${message.name}`} onClick={() => setOpen(true)}>
        Read
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{message.subject}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {message.name} &lt;{message.email}&gt;
          </Typography>
          <MessageBody />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const MessageBody = () => {
  const message = useRecordContext<Message>();
  return <div style={{ whiteSpace: 'pre-wrap' }}>{message?.message}</div>;
};
