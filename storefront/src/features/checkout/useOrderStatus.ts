import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useGetOrderStatusQuery } from '../../store/storeApi';
import { isRefundDue, REFUND_DUE_TEXT, reviewingText } from '../../lib/orderOutcome';
import { orderStatusCopy } from '../../content/stock';
import { paymentCopy } from '../../content/payment';
import type { OrderStatus } from './checkoutApi';

const POLL_MS = 3000;
const MAX_POLLS = 100;

/**
 * Settled: nothing more will happen without the shopper (fulfilled, cancelled, failed or refunded), or
 * nothing more this page can show (paid, the keys to follow by e-mail).
 */
export const isOrderSettled = (status: OrderStatus) =>
  status.status !== 'processing' ||
  status.paymentStatus === 'failed' ||
  status.paymentStatus === 'refunded' ||
  (status.paymentStatus === 'completed' && status.awaitingKeys === true);

/**
 * The order's live status, polled every 3 s (after each answer) until it settles, at most 100 times; an
 * answer that fails keeps the last status and polls on.
 */
export function useOrderStatus(orderId: string | null, clientSecret: string | null) {
  const key = orderId && clientSecret ? `${orderId} ${clientSecret}` : null;
  // The polls of this order so far (each a request of its own id), and whether its last answer settled it.
  const [seen, setSeen] = useState<{ key: string | null; requestIds: string[]; settled: boolean }>({
    key,
    requestIds: [],
    settled: false,
  });
  const current = seen.key === key ? seen : { key, requestIds: [], settled: false };
  const stop = current.settled || current.requestIds.length >= MAX_POLLS;

  const { data, currentData, isError, requestId } = useGetOrderStatusQuery(
    orderId && clientSecret ? { orderId, clientSecret } : skipToken,
    { pollingInterval: stop ? 0 : POLL_MS },
  );
  const settled = currentData ? isOrderSettled(currentData) : false;

  // Recorded while rendering (React renders again at once): the next poll, if any, follows this answer.
  const counted = requestId !== undefined && current.requestIds.includes(requestId);
  if (requestId !== undefined && (!counted || current.settled !== settled)) {
    setSeen({ key, requestIds: counted ? current.requestIds : [...current.requestIds, requestId], settled });
  }

  return { status: data ?? null, error: isError };
}

/** The status in words, for the confirmation screen (`reviewHours`: HOLD_REVIEW_HOURS, when known). */
export function describeOrderStatus(status: OrderStatus | null, reviewHours?: number | null): string {
  if (!status) return 'Checking your order status...';
  if (status.paymentStatus === 'failed') return 'Payment failed: no keys were sent.';
  if (status.paymentStatus === 'refunded') return 'Refunded.';
  if (status.paymentStatus === 'partially_refunded')
    return 'Partly refunded: we have e-mailed you the details.';
  if (status.status === 'fulfilled') return 'Fulfilled: your licence keys have been e-mailed.';
  if (isRefundDue(status)) return `${REFUND_DUE_TEXT} We have e-mailed you the details.`;
  if (status.status === 'cancelled') return 'Cancelled: you have not been charged.';
  if (status.status === 'on_hold') return `Payment confirmed. ${reviewingText(reviewHours)}`;
  // A back-order (#34): the keys not in stock are e-mailed when they arrive, not "on their way".
  if (status.paymentStatus === 'completed' && status.awaitingKeys)
    return orderStatusCopy.awaitingKeys(status.backOrderHours);
  if (status.paymentStatus === 'completed') return 'Payment confirmed: your licence keys are on their way.';
  if (status.paymentStatus === 'processing') return paymentCopy.processingStatus;
  return 'Processing: waiting for payment confirmation.';
}
