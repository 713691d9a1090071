import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError } from '../../api/http';
import { WITHDRAWAL, withdrawalTimeFormat } from '../../content/withdrawal';
import { formatMoney } from '../../lib/money';
import { orderMoney, withdrawOrder, type CustomerOrder } from './accountApi';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return WITHDRAWAL.tooMany;
  if (error instanceof ApiError && [400, 404, 409].includes(error.status) && error.messages.length)
    return error.messages.join(' ');
  return WITHDRAWAL.failed;
}

/**
 * "Withdraw from contract here": first what happens (the order cancelled, the full refund and when it
 * arrives, the e-mailed acknowledgement), then, once confirmed (`POST /api/account/orders/:id/withdrawal`),
 * the acknowledgement with the date and time the server recorded. `onWithdrawn` is told when the dialog
 * closes after a withdrawal, so the page reloads the order.
 */
export function WithdrawalDialog({
  token,
  order,
  onClose,
  onWithdrawn,
}: {
  token: string;
  order: Pick<CustomerOrder, 'id' | 'totalCents' | 'currency'>;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [withdrawn, setWithdrawn] = useState<CustomerOrder | null>(null);
  const reference = order.id.slice(0, 8);
  const amount = formatMoney(orderMoney(order, order.totalCents));

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    try {
      setWithdrawn(await withdrawOrder(token, order.id));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  if (withdrawn)
    return (
      <Dialog open onClose={onWithdrawn} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{WITHDRAWAL.doneTitle}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            <Typography sx={{ fontWeight: 700 }}>
              {WITHDRAWAL.received(
                withdrawn.withdrawnAt ? withdrawalTimeFormat.format(new Date(withdrawn.withdrawnAt)) : '—',
              )}
            </Typography>
            <Typography variant="body2">{WITHDRAWAL.refund(amount)}</Typography>
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onWithdrawn}>
            {WITHDRAWAL.close}
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{WITHDRAWAL.title}</DialogTitle>
      <DialogContent>
        <Typography>{WITHDRAWAL.intro(reference)}</Typography>
        <Box component="ul" sx={{ pl: 3, my: 2 }}>
          {WITHDRAWAL.consequences(amount).map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="textSecondary">
          {WITHDRAWAL.final}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={sending}>
          {WITHDRAWAL.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={sending}>
          {sending ? WITHDRAWAL.sending : WITHDRAWAL.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
