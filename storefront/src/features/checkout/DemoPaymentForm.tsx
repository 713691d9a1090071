import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { paymentCopy } from '../../content/payment';
import type { Money } from '../../lib/money';
import { PayButtonNote } from './PayButtonNote';
import { isApiFailure } from '../../api/http';
import { useConfirmDemoPaymentMutation } from '../../store/storeApi';

type Method = 'card' | 'bank' | 'transfer';

const BUTTON_TEST_IDS: Record<Method, string> = {
  card: 'demo-pay-card',
  bank: 'demo-pay-later',
  transfer: 'demo-bank-transfer',
};
const BUTTON_LABELS: Record<Method, string> = {
  card: 'Complete Secure Purchase',
  bank: paymentCopy.payLaterButton,
  transfer: paymentCopy.bankTransferButton,
};

/**
 * The demo provider's form: no card data leaves the page and nothing is charged; the server settles the
 * order as if the payment had been accepted (or declined, to try the failure path). It mimics the ways
 * Stripe's Payment Element offers (#35): a wallet above the card form that pays at once, a bank payment
 * that confirms later (`delay`: the order waits, `processing`, until the demo settles it), and for large
 * orders a bank transfer the buyer sends (e-mailed how; the order waits the same way).
 */
export function DemoPaymentForm({
  orderId,
  clientSecret,
  total,
  bankTransfer = false,
  onPaid,
  onFailed,
  onBusyChange,
}: {
  orderId: string;
  clientSecret: string;
  total: Money;
  /** Whether the order may be paid by bank transfer (the checkout's answer). */
  bankTransfer?: boolean;
  /** `processing`: paid by a method the bank confirms later; the keys follow its confirmation. */
  onPaid: (processing: boolean) => void;
  onFailed: (message?: string) => void;
  /** Told while the payment is being confirmed, so that the cart cannot change under it. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const [method, setMethod] = useState<Method>('card');
  const [decline, setDecline] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const [confirmDemoPayment] = useConfirmDemoPaymentMutation();

  const confirm = async (
    outcome: 'succeed' | 'decline' | 'delay',
    paidWith: 'card' | 'wallet' | 'bank_transfer' = 'card',
  ) => {
    setBusy(true);
    try {
      await confirmDemoPayment({
        orderId,
        clientSecret,
        outcome,
        ...(paidWith === 'card' ? {} : { method: paidWith }),
      }).unwrap();
      onPaid(outcome === 'delay');
    } catch (error) {
      onFailed(isApiFailure(error) ? error.messages[0] : undefined);
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'transfer') void confirm('delay', 'bank_transfer');
    else void confirm(method === 'bank' ? 'delay' : decline ? 'decline' : 'succeed');
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Demo payment">
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        <strong>{paymentCopy.demoNotice}</strong> {paymentCopy.demoNoticeDetail}
      </Alert>
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        data-testid="demo-wallet"
        onClick={() => void confirm('succeed', 'wallet')}
        sx={{ bgcolor: '#000', '&:hover': { bgcolor: '#333' } }}
      >
        {paymentCopy.demoWallet}
      </Button>
      <Divider sx={{ my: 2, color: 'text.secondary', fontSize: 14 }}>{paymentCopy.orPayBy}</Divider>
      <Tabs
        value={method}
        onChange={(_event, next: Method) => setMethod(next)}
        aria-label={paymentCopy.methods}
        sx={{ mb: 2 }}
      >
        <Tab label={paymentCopy.card} value="card" id="payment-tab-card" aria-controls="payment-panel" />
        <Tab
          label={paymentCopy.payLater}
          value="bank"
          id="payment-tab-bank"
          aria-controls="payment-panel"
          data-testid="demo-pay-later-tab"
        />
        {bankTransfer && (
          <Tab
            label={paymentCopy.bankTransfer}
            value="transfer"
            id="payment-tab-transfer"
            aria-controls="payment-panel"
            data-testid="demo-bank-transfer-tab"
          />
        )}
      </Tabs>
      <Box role="tabpanel" id="payment-panel" aria-labelledby={`payment-tab-${method}`}>
        {method === 'card' ? (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              <TextField
                label="Card number (demo)"
                value="4242 4242 4242 4242"
                slotProps={{ htmlInput: { readOnly: true } }}
                sx={{ gridColumn: '1 / -1' }}
              />
              <TextField
                label="Expiry (demo)"
                value="12 / 34"
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              <TextField label="CVC (demo)" value="123" slotProps={{ htmlInput: { readOnly: true } }} />
            </Box>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={decline} onChange={(e) => setDecline(e.target.checked)} />}
              label="Simulate a declined payment"
            />
          </>
        ) : (
          <Typography variant="body2">
            {method === 'transfer' ? paymentCopy.bankTransferDetail : paymentCopy.payLaterDetail}
          </Typography>
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={busy}
        data-testid={BUTTON_TEST_IDS[method]}
      >
        {busy ? 'Processing...' : BUTTON_LABELS[method]}
      </Button>
      <PayButtonNote total={total} />
    </Box>
  );
}
