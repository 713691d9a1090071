import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { paymentCopy } from '../../content/payment';
import type { Money } from '../../lib/money';
import { PayButtonNote } from './PayButtonNote';

/** How long Stripe.js may take to load before the payment step gives up. */
const LOAD_TIMEOUT_MS = 15_000;

async function loadStripeWithin(publishableKey: string, ms: number): Promise<Stripe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Stripe.js did not load in time')), ms);
  });
  try {
    const stripe = await Promise.race([loadStripe(publishableKey), timeout]);
    if (!stripe) throw new Error('Stripe.js is unavailable');
    return stripe;
  } finally {
    clearTimeout(timer);
  }
}

/** Paid, or paid by a method the bank confirms later (`processing`: the keys follow its confirmation). */
const PAID = ['succeeded', 'processing', 'requires_capture'];

/**
 * What Stripe's answer to a confirmation means for the order: `paid`; `waiting` for the money (a method the
 * bank confirms later, or a bank transfer the buyer now sends: Stripe showed them the account to pay into);
 * or `failed` (not paid; the buyer may try again).
 */
export function confirmationOutcome(
  paymentIntent: { status: string; next_action?: { type: string } | null } | undefined,
): 'paid' | 'waiting' | 'failed' {
  if (!paymentIntent) return 'failed';
  if (paymentIntent.status === 'processing') return 'waiting';
  if (PAID.includes(paymentIntent.status)) return 'paid';
  if (paymentIntent.next_action?.type === 'display_bank_transfer_instructions') return 'waiting';
  return 'failed';
}

function PaymentForm({
  total,
  onPaid,
  onFailed,
  onBusyChange,
}: {
  total: Money;
  onPaid: (processing: boolean) => void;
  onFailed: (message?: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  // The wallets' buttons show only where the browser and the buyer's device offer one.
  const [wallets, setWallets] = useState(false);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // The card form's button and a wallet's sheet confirm the same payment, with the methods the
  // PaymentIntent allows (the server turns on Stripe's automatic payment methods for its currency).
  const confirm = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/success` },
      redirect: 'if_required',
    });
    const outcome = error ? 'failed' : confirmationOutcome(paymentIntent);
    if (outcome === 'failed') {
      onFailed(error?.message);
      setBusy(false);
    } else onPaid(outcome === 'waiting');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm();
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Card payment">
      <Box sx={{ display: wallets ? 'block' : 'none' }}>
        <ExpressCheckoutElement
          onReady={({ availablePaymentMethods }) => setWallets(Boolean(availablePaymentMethods))}
          onConfirm={() => void confirm()}
        />
        <Divider sx={{ my: 2, color: 'text.secondary', fontSize: 14 }}>{paymentCopy.orPayBy}</Divider>
      </Box>
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        disabled={!stripe || busy}
      >
        {busy ? 'Processing...' : 'Complete Secure Purchase'}
      </Button>
      <PayButtonNote total={total} />
    </Box>
  );
}

/**
 * Stripe's Express Checkout Element (wallets: Apple Pay, Google Pay, Link, PayPal where offered) above its
 * Payment Element (cards and the currency's local methods: iDEAL, Bancontact, EPS in euros). This module
 * (and Stripe.js, fetched from Stripe) is only loaded on the payment step when the server chose Stripe.
 */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  total,
  onPaid,
  onFailed,
  onSetupFailed,
  onBusyChange,
}: {
  publishableKey: string;
  clientSecret: string;
  total: Money;
  onPaid: (processing: boolean) => void;
  onFailed: (message?: string) => void;
  onSetupFailed: (error: Error) => void;
  /** Told while the payment is being confirmed, so that the cart cannot change under it. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const [stripe, setStripe] = useState<Stripe | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadStripeWithin(publishableKey, LOAD_TIMEOUT_MS).then(
      (loaded) => !cancelled && setStripe(loaded),
      (error: Error) => !cancelled && onSetupFailed(error),
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey, onSetupFailed]);

  if (!stripe) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the secure payment form" />
      </Box>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PaymentForm total={total} onPaid={onPaid} onFailed={onFailed} onBusyChange={onBusyChange} />
    </Elements>
  );
}
