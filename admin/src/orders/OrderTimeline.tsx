import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import BoltIcon from '@mui/icons-material/Bolt';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GavelIcon from '@mui/icons-material/Gavel';
import KeyIcon from '@mui/icons-material/Key';
import PaidIcon from '@mui/icons-material/Paid';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PaymentIcon from '@mui/icons-material/Payment';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TimelineEntry, TimelineKind } from '@store/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useDataProvider } from 'react-admin';
import { formatDateTime } from '../common/format';
import { errorMessages, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';

/** The server's limit on a note (CreateOrderNoteDto). */
export const NOTE_MAX_LENGTH = 2000;

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** Each kind's label, icon and colour: the chip that says what an entry is about. */
const KINDS: Record<TimelineKind, { label: string; icon: ReactElement; color: ChipColor }> = {
  created: { label: 'Order', icon: <ShoppingCartIcon />, color: 'default' },
  payment: { label: 'Payment', icon: <PaymentIcon />, color: 'info' },
  payment_failed: { label: 'Declined', icon: <CreditCardOffIcon />, color: 'error' },
  paid: { label: 'Paid', icon: <PaidIcon />, color: 'success' },
  held: { label: 'On hold', icon: <PauseCircleIcon />, color: 'warning' },
  reviewed: { label: 'Review', icon: <FactCheckIcon />, color: 'info' },
  withdrawn: { label: 'Withdrawn', icon: <ExitToAppIcon />, color: 'warning' },
  keys: { label: 'Keys', icon: <KeyIcon />, color: 'success' },
  email: { label: 'E-mail', icon: <EmailIcon />, color: 'default' },
  download: { label: 'Download', icon: <DownloadIcon />, color: 'default' },
  activation: { label: 'Activation', icon: <BoltIcon />, color: 'default' },
  refund: { label: 'Refund', icon: <UndoIcon />, color: 'warning' },
  dispute: { label: 'Dispute', icon: <GavelIcon />, color: 'error' },
  key_report: { label: 'Key report', icon: <ReportProblemIcon />, color: 'warning' },
  staff: { label: 'Staff', icon: <ManageAccountsIcon />, color: 'secondary' },
  note: { label: 'Note', icon: <StickyNote2Icon />, color: 'primary' },
};

const timelineKey = (orderId: string) => ['orders', 'timeline', orderId];

const Entry = ({ entry }: { entry: TimelineEntry }) => {
  const kind = KINDS[entry.kind] ?? KINDS.staff;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Chip
        size="small"
        icon={kind.icon}
        label={kind.label}
        color={kind.color}
        variant="outlined"
        sx={{ minWidth: 110, justifyContent: 'flex-start' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.title}
        </Typography>
        {entry.detail ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {entry.detail}
          </Typography>
        ) : null}
        <Typography variant="caption" color="textSecondary">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.actor ? ` · ${entry.actor}` : ''}
        </Typography>
      </Box>
    </Box>
  );
};

/** Staff's internal note: never shown to the customer. Notes cannot be edited or deleted. */
const NoteForm = ({ orderId }: { orderId: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (text: string) => dataProvider.addOrderNote(orderId, text),
    onSuccess: async () => {
      setBody('');
      setErrors([]);
      toast('Note added');
      await queryClient.invalidateQueries({ queryKey: timelineKey(orderId) });
    },
    onError: (error) => setErrors(errorMessages(error, 'The note could not be added')),
  });
  const text = body.trim();
  const tooLong = text.length > NOTE_MAX_LENGTH;
  return (
    <Box
      component="form"
      aria-label="Add an internal note"
      onSubmit={(event) => {
        event.preventDefault();
        if (text && !tooLong && !add.isPending) add.mutate(text);
      }}
    >
      <Stack spacing={1}>
        <TextField
          label="Internal note"
          multiline
          minRows={2}
          size="small"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={tooLong}
          helperText={
            tooLong
              ? `At most ${NOTE_MAX_LENGTH} characters (${text.length} now)`
              : 'Seen by staff only; notes are kept as written.'
          }
        />
        {errors.length ? (
          <Alert severity="error" role="alert">
            {errors.join(' ')}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="outlined" disabled={!text || tooLong || add.isPending}>
            Add note
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

/** The entries of an order's timeline, oldest first (the order dialog's and the review queue's). */
export const TimelineEntries = ({ entries }: { entries: readonly TimelineEntry[] }) => (
  <Box component="ol" aria-label="Order timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
    {entries.map((entry, index) => (
      <Entry key={`${entry.at}-${index}`} entry={entry} />
    ))}
  </Box>
);

/**
 * The order's story (GET /api/admin/orders/:id/timeline), oldest first, and the form that adds an internal
 * note. react-admin's refresh (after a status change or a refund) reloads it with the rest of the dialog.
 */
export const OrderTimeline = ({ orderId }: { orderId: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const timeline = useQuery({
    queryKey: timelineKey(orderId),
    queryFn: () => dataProvider.getOrderTimeline(orderId),
  });
  return (
    <Stack spacing={2}>
      {timeline.isPending ? <CircularProgress size={24} aria-label="Loading the timeline" /> : null}
      {timeline.isError ? <Alert severity="error">The timeline could not be loaded</Alert> : null}
      {timeline.data?.truncated ? (
        <Typography variant="body2" color="textSecondary">
          Only the newest {timeline.data.entries.length} entries are shown.
        </Typography>
      ) : null}
      {timeline.data ? <TimelineEntries entries={timeline.data.entries} /> : null}
      <NoteForm orderId={orderId} />
    </Stack>
  );
};
