import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { components } from '@store/contracts';
import { useState } from 'react';
import { useListContext, useRecordContext, useRefresh, useUnselectAll } from 'react-admin';
import { shortId } from '../common/format';
import { errorMessage, useToast } from '../common/toast';
import { httpClient } from '../providers/dataProvider';

type CancelStaleAnswer = components['schemas']['CancelStaleOrdersResponseDto'];
type ResendResult = components['schemas']['ResendDeliveryResultDto'];

const API = '/api/admin/orders';

async function post<T>(path: string, body: unknown): Promise<T> {
  const { json } = await httpClient(`${API}/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return json as T;
}

/** A yes/no question before a bulk change. */
const Confirm = ({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Dialog open={open} onClose={onClose} aria-labelledby="bulk-confirm-title" fullWidth maxWidth="xs">
    <DialogTitle id="bulk-confirm-title">{title}</DialogTitle>
    <DialogContent>{children}</DialogContent>
    <DialogActions>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="contained" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);

/**
 * A row's checkbox for the bulk resend, labelled with the order (react-admin's own row checkbox puts its
 * label on the wrapper, where screen readers do not find it).
 */
export const SelectOrderCheckbox = () => {
  const order = useRecordContext<{ id: string }>();
  const { selectedIds, onToggleItem } = useListContext();
  if (!order) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(order.id)}
      onChange={() => onToggleItem(order.id)}
      slotProps={{ input: { 'aria-label': `Select order ${shortId(order.id)}` } }}
    />
  );
};

/**
 * The header's checkbox: selects every order of the page (or clears them all when they all are), for the
 * bulk actions; half-ticked when some are.
 */
export const SelectAllOrdersCheckbox = () => {
  const { data = [], selectedIds, onSelect } = useListContext();
  const pageIds = data.map((order: { id: string }) => order.id);
  const chosen = pageIds.filter((id) => selectedIds.includes(id)).length;
  const all = pageIds.length > 0 && chosen === pageIds.length;
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={chosen > 0 && !all}
      disabled={pageIds.length === 0}
      onChange={() =>
        all
          ? onSelect(selectedIds.filter((id) => !pageIds.includes(id)))
          : onSelect([...new Set([...selectedIds, ...pageIds])])
      }
      slotProps={{ input: { 'aria-label': 'Select every order on this page' } }}
    />
  );
};

/**
 * The selected orders' delivery e-mails again (admins), once some are selected: the API skips the orders it
 * must not e-mail.
 */
export const ResendDeliveryButton = () => {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('orders');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;
  const run = async () => {
    setBusy(true);
    try {
      const results = await post<ResendResult[]>('resend-delivery', { ids: selectedIds });
      const queued = results.filter((r) => r.result === 'queued').length;
      const skipped = results.filter((r) => r.result === 'skipped');
      toast(
        `${queued} delivery e-mail${queued === 1 ? '' : 's'} queued`,
        skipped.length
          ? `${skipped.length} skipped: ${[...new Set(skipped.map((r) => r.reason))].join('; ')}`
          : undefined,
        skipped.length && !queued ? 'info' : 'success',
      );
      unselectAll();
      setOpen(false);
    } catch (error) {
      toast('Resend failed', errorMessage(error, 'The e-mails could not be queued'), 'error');
    } finally {
      setBusy(false);
    }
  };
  if (count === 0 && !open) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Resend delivery ({count})
      </Button>
      <Confirm
        open={open}
        title="Resend delivery e-mails?"
        confirmLabel="Resend"
        busy={busy}
        onConfirm={run}
        onClose={() => setOpen(false)}
      >
        <DialogContentText>
          The delivery e-mail of each of the {count} selected order{count === 1 ? '' : 's'} is sent again,
          with its keys and download links. Orders not delivered, and those e-mailed in the last 10 minutes,
          are skipped.
        </DialogContentText>
      </Confirm>
    </>
  );
};

/** Cancels checkouts left unpaid for longer than the hours given (admins), after a count of them. */
export const CancelStaleButton = () => {
  const toast = useToast();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState('48');
  const [preview, setPreview] = useState<CancelStaleAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const olderThanHours = Number(hours);
  const valid = Number.isInteger(olderThanHours) && olderThanHours >= 1;
  const close = () => {
    setOpen(false);
    setPreview(null);
  };
  const call = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const answer = await post<CancelStaleAnswer>('cancel-stale', { olderThanHours, dryRun });
      if (dryRun) setPreview(answer);
      else {
        toast(
          `${answer.cancelled} unpaid order${answer.cancelled === 1 ? '' : 's'} cancelled`,
          answer.skipped.length || answer.more
            ? [
                answer.skipped.length ? `${answer.skipped.length} left as they were.` : '',
                answer.more ? 'More remain: run it again.' : '',
              ].join(' ')
            : undefined,
        );
        close();
        refresh();
      }
    } catch (error) {
      toast('Not cancelled', errorMessage(error, 'The orders could not be cancelled'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Cancel stale unpaid…
      </Button>
      <Confirm
        open={open}
        title="Cancel stale unpaid orders"
        confirmLabel={
          preview ? `Cancel ${preview.cancelled} order${preview.cancelled === 1 ? '' : 's'}` : 'Count them'
        }
        busy={busy || !valid || preview?.cancelled === 0}
        onConfirm={() => void call(!preview)}
        onClose={close}
      >
        <DialogContentText sx={{ mb: 2 }}>
          Orders still waiting for their payment are cancelled: the shopper can no longer pay for them and
          their coupons are given back.
        </DialogContentText>
        <TextField
          label="Unpaid for more than (hours)"
          type="number"
          value={hours}
          onChange={(event) => {
            setHours(event.target.value);
            setPreview(null);
          }}
          error={!valid}
          helperText={valid ? ' ' : 'A whole number of hours, at least 1'}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          fullWidth
        />
        {preview ? (
          <DialogContentText role="status">
            {preview.cancelled === 0
              ? 'No order is unpaid for that long.'
              : `${preview.cancelled}${preview.more ? '+' : ''} order${preview.cancelled === 1 ? '' : 's'} will be cancelled.`}
          </DialogContentText>
        ) : null}
      </Confirm>
    </>
  );
};
