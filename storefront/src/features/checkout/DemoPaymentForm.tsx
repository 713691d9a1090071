import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { PayButtonNote } from './PayButtonNote';
import { isApiFailure } from '../../api/http';
import { useConfirmDemoPaymentMutation } from '../../store/storeApi';

/**
 * The demo provider's form: no card data leaves the page and nothing is charged; the server settles the
 * order as if the card had been accepted (or declined, to try the failure path).
 */
export function DemoPaymentForm({
  orderId,
  clientSecret,
  totalCents,
  onPaid,
  onFailed,
  onBusyChange,
}: {
  orderId: string;
  clientSecret: string;
  totalCents: number;
  onPaid: () => void;
  onFailed: (message?: string) => void;
  /** Told while the payment is being confirmed, so that the cart cannot change under it. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const [decline, setDecline] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const [confirmDemoPayment] = useConfirmDemoPaymentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmDemoPayment({ orderId, clientSecret, outcome: decline ? 'decline' : 'succeed' }).unwrap();
      onPaid();
    } catch (error) {
      onFailed(isApiFailure(error) ? error.messages[0] : undefined);
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Demo payment">
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        <strong>Demo payment, no charge.</strong> This store runs without a payment provider: no card details
        are needed and nothing is charged.
      </Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          label="Card number (demo)"
          value="4242 4242 4242 4242"
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField label="Expiry (demo)" value="12 / 34" slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label="CVC (demo)" value="123" slotProps={{ htmlInput: { readOnly: true } }} />
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={decline} onChange={(e) => setDecline(e.target.checked)} />}
        label="Simulate a declined payment"
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={busy}>
        {busy ? 'Processing...' : 'Complete Secure Purchase'}
      </Button>
      <PayButtonNote totalCents={totalCents} />
    </Box>
  );
}
