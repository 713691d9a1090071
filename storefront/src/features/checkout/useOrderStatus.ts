import { useEffect, useState } from 'react';
import { isRefundDue, REFUND_DUE_TEXT } from '../../lib/orderOutcome';
import { fetchOrderStatus, type OrderStatus } from './checkoutApi';

const POLL_MS = 3000;
const MAX_POLLS = 100;

const settled = (status: OrderStatus) =>
  status.status !== 'processing' || status.paymentStatus === 'failed' || status.paymentStatus === 'refunded';

/** The order's live status, polled until it settles (fulfilled, cancelled or failed). */
export function useOrderStatus(orderId: string | null, clientSecret: string | null) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    if (!orderId || !clientSecret) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    let polls = 0;
    const poll = async () => {
      polls += 1;
      try {
        const next = await fetchOrderStatus(orderId, clientSecret);
        if (cancelled) return;
        setStatus(next);
        setError(false);
        if (settled(next)) return;
      } catch {
        if (cancelled) return;
        setError(true);
      }
      if (polls < MAX_POLLS) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [orderId, clientSecret]);

  return { status, error };
}

/** The status in words, for the confirmation screen. */
export function describeOrderStatus(status: OrderStatus | null): string {
  if (!status) return 'Checking your order status...';
  if (status.paymentStatus === 'failed') return 'Payment failed: no keys were sent.';
  if (status.paymentStatus === 'refunded') return 'Refunded.';
  if (status.status === 'fulfilled') return 'Fulfilled: your licence keys have been e-mailed.';
  if (isRefundDue(status)) return `${REFUND_DUE_TEXT} We have e-mailed you the details.`;
  if (status.status === 'cancelled') return 'Cancelled: you have not been charged.';
  if (status.paymentStatus === 'completed') return 'Payment confirmed: your licence keys are on their way.';
  return 'Processing: waiting for payment confirmation.';
}
