import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { components } from '@store/contracts';
import { useState } from 'react';
import { DataTable, DateInput, TextInput, useRecordContext } from 'react-admin';
import { AppList } from '../common/AppList';
import { formatDateTime } from '../common/format';
import { RecordCards, type CardField } from '../common/RecordCards';
import { useFetchErrorToast } from '../common/useFetchErrorToast';

type AuditEntry = components['schemas']['AuditEntryDto'];

const Column = DataTable.Col<AuditEntry>;

const filters = [
  <TextInput key="actorUsername" source="actorUsername" label="Staff user" alwaysOn />,
  <TextInput
    key="action"
    source="action"
    label="Action"
    alwaysOn
    helperText="Exact, or every action of a resource: orders."
  />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

const json = (value: unknown) => (value ? JSON.stringify(value, null, 2) : '(nothing)');

/** The entry's values before and after, in a dialog any keyboard reaches. */
const Details = () => {
  const entry = useRecordContext<AuditEntry>();
  const [open, setOpen] = useState(false);
  if (!entry) return null;
  const titleId = `audit-${entry.id}-title`;
  return (
    <>
      <Button size="small" aria-label={`Details of entry ${entry.id}`} onClick={() => setOpen(true)}>
        Details
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {entry.action} by {entry.actorUsername}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary">
            {formatDateTime(entry.createdAt)}, {entry.resource} {entry.resourceId ?? ''}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Before
          </Typography>
          <pre aria-label="Before">{json(entry.before)}</pre>
          <Typography variant="subtitle2">After</Typography>
          <pre aria-label="After">{json(entry.after)}</pre>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const CARD_FIELDS: CardField<AuditEntry>[] = [
  { label: 'Staff user', render: (e) => e.actorUsername },
  { label: 'Resource', render: (e) => `${e.resource} ${e.resourceId ?? ''}` },
  { label: 'When', render: (e) => formatDateTime(e.createdAt) },
];

/** The audit trail (admins only): who changed what and when, newest first. */
export const AuditList = () => (
  <AppList
    title="Audit trail"
    sort={{ field: 'createdAt', order: 'DESC' }}
    filters={filters}
    queryOptions={useFetchErrorToast('Failed to fetch the audit trail')}
    cards={
      <RecordCards<AuditEntry>
        label="Audit trail"
        title={(e) => e.action}
        fields={CARD_FIELDS}
        actions={<Details />}
      />
    }
    table={
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="createdAt" label="When" render={(e) => formatDateTime(e.createdAt)} />
        <Column source="actorUsername" label="Staff user" disableSort />
        <Column source="action" label="Action" disableSort />
        <Column source="resource" label="Resource" disableSort />
        <Column source="resourceId" label="Record" disableSort />
        <Column label="Details" disableSort>
          <Details />
        </Column>
      </DataTable>
    }
  />
);
