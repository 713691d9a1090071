import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminDispute } from '@store/contracts';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useRefresh } from 'react-admin';
import { formatDateTime, formatMoney } from '../common/format';
import { saveFile } from '../common/saveFile';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import type { OrderDetail } from './types';
import { countOf } from '@store/contracts';

/** A dispute's statuses once closed (the server's: disputes.service.ts). */
const CLOSED = ['won', 'warning_closed', 'lost'];
/** Evidence due within this long is highlighted. */
export const DUE_SOON_MS = 3 * 24 * 60 * 60 * 1000;

const dueSoon = (d: AdminDispute, now: number) =>
  d.evidenceDueBy !== null &&
  !d.evidenceSubmittedAt &&
  !CLOSED.includes(d.status) &&
  new Date(d.evidenceDueBy).getTime() - now < DUE_SOON_MS;

/** Asks before an action that cannot be undone. */
const Confirm = ({
  title,
  text,
  action,
  onConfirm,
  onClose,
  busy,
}: {
  title: string;
  text: string;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
}) => (
  <Dialog open onClose={onClose} aria-labelledby="dispute-confirm-title">
    <DialogTitle id="dispute-confirm-title">{title}</DialogTitle>
    <DialogContent>
      <Typography>{text}</Typography>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose} disabled={busy}>
        Back
      </Button>
      <Button variant="contained" color="warning" onClick={onConfirm} disabled={busy}>
        {action}
      </Button>
    </DialogActions>
  </Dialog>
);

const DisputeRow = ({ order, dispute }: { order: OrderDetail; dispute: AdminDispute }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess: canAct } = useCanAccess({ resource: 'orders', action: 'dispute' });
  const [confirming, setConfirming] = useState<'submit' | 'restore' | null>(null);
  const [busy, setBusy] = useState(false);
  const isDispute = dispute.kind === 'dispute';
  const closed = CLOSED.includes(dispute.status);
  const won = dispute.status === 'won' || dispute.status === 'warning_closed';
  // The time the dialog opened: how near the due date is does not change while it is read.
  const [openedAt] = useState(() => Date.now());
  const soon = dueSoon(dispute, openedAt);

  const download = async (format: 'pdf' | 'json') => {
    try {
      const blob = await dataProvider.getDisputeEvidence(order.id, dispute.id, format);
      saveFile(blob, `dispute-evidence-${order.id.slice(0, 8)}.${format}`);
    } catch (error) {
      toast('Download failed', errorMessage(error, 'The evidence pack could not be loaded'), 'error');
    }
  };
  const run = async () => {
    setBusy(true);
    try {
      if (confirming === 'submit') {
        await dataProvider.submitDisputeEvidence(order.id, dispute.id);
        toast('Evidence submitted', 'The evidence pack was sent to the payment provider');
      } else {
        const { restored } = await dataProvider.restoreDisputeKeys(order.id, dispute.id);
        toast(
          'Keys restored',
          `${countOf(restored, 'licence key')} ${restored === 1 ? 'works' : 'work'} again`,
        );
      }
      setConfirming(null);
      refresh();
    } catch (error) {
      toast('Action failed', errorMessage(error, 'The request failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="article"
      aria-label={
        isDispute ? `Dispute ${dispute.providerDisputeId}` : `Fraud warning ${dispute.providerDisputeId}`
      }
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{isDispute ? 'Dispute' : 'Early fraud warning'}</Typography>
        <StatusChip status={dispute.status} />
        <Typography variant="body2">{formatMoney(dispute.amountCents, dispute.currency)}</Typography>
        <Typography variant="body2" color="textSecondary">
          {dispute.reason ?? 'no reason given'} · {dispute.providerDisputeId} ·{' '}
          {formatDateTime(dispute.createdAt)}
        </Typography>
      </Stack>
      {isDispute && dispute.evidenceDueBy ? (
        soon ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Evidence due by {formatDateTime(dispute.evidenceDueBy)}
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Evidence due by {formatDateTime(dispute.evidenceDueBy)}
          </Typography>
        )
      ) : null}
      {dispute.evidenceSubmittedAt ? (
        <Typography variant="body2" color="textSecondary">
          Evidence submitted {formatDateTime(dispute.evidenceSubmittedAt)} by {dispute.evidenceSubmittedBy}
        </Typography>
      ) : null}
      {dispute.keysRevoked ? (
        <Typography variant="body2" color="textSecondary">
          {isDispute
            ? 'The order’s keys were revoked for this dispute.'
            : 'Refunded in full; the keys were revoked.'}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => void download('pdf')}>
          Download PDF
        </Button>
        <Button size="small" onClick={() => void download('json')}>
          Download JSON
        </Button>
        {canAct && isDispute && !closed && !dispute.evidenceSubmittedAt ? (
          <Button size="small" color="warning" onClick={() => setConfirming('submit')}>
            Submit evidence to Stripe
          </Button>
        ) : null}
        {canAct && isDispute && won && dispute.keysRevoked ? (
          <Button size="small" color="warning" onClick={() => setConfirming('restore')}>
            Restore keys
          </Button>
        ) : null}
      </Stack>
      {confirming === 'submit' ? (
        <Confirm
          title="Submit the evidence to Stripe?"
          text={`The evidence pack of order ${order.id.slice(0, 8)} is sent to Stripe and submitted to the cardholder's bank. Submitted evidence cannot be changed.`}
          action="Submit evidence"
          busy={busy}
          onConfirm={() => void run()}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'restore' ? (
        <Confirm
          title="Restore the keys?"
          text="The keys this dispute revoked work again, and their download links are enabled. Keys a refund revoked stay revoked."
          action="Restore keys"
          busy={busy}
          onConfirm={() => void run()}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Box>
  );
};

/** The order's chargebacks and early fraud warnings (#19 §2); nothing when it has none. */
export const DisputePanel = ({ order }: { order: OrderDetail }) => {
  const disputes = order.disputes ?? [];
  if (disputes.length === 0) return null;
  return (
    <Box component="section" aria-label="Disputes">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Disputes
      </Typography>
      <Stack spacing={1}>
        {disputes.map((dispute) => (
          <DisputeRow key={dispute.id} order={order} dispute={dispute} />
        ))}
      </Stack>
    </Box>
  );
};
