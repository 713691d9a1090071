import { countOf } from '@store/contracts';

/** The two states of an order the shopper sees, as the API names them. */
interface OrderState {
  status: 'processing' | 'fulfilled' | 'cancelled' | 'on_hold' | 'withdrawn' | 'refunded';
  paymentStatus:
    'pending' | 'completed' | 'failed' | 'partially_refunded' | 'refunded' | 'disputed' | 'processing';
}

/**
 * Paid, but cancelled meanwhile (or its coupon was used up first): the server delivered nothing and owes
 * the whole payment back, until the refund is recorded (the payment is then `refunded`).
 */
export const isRefundDue = (order: OrderState) =>
  (order.status === 'cancelled' || order.status === 'withdrawn') && order.paymentStatus === 'completed';

/**
 * An order's state in a shopper's words (the customer's page), never the API's (`fulfilled`, `completed`):
 * one label for the order and its payment together.
 */
export function orderStateLabel(order: OrderState & { awaitingKeys?: boolean }): string {
  if (order.status === 'withdrawn')
    return order.paymentStatus === 'refunded' ? 'Withdrawn: refunded' : 'Withdrawn';
  if (order.paymentStatus === 'refunded') return 'Refunded';
  if (order.paymentStatus === 'disputed') return 'Payment disputed';
  if (order.paymentStatus === 'partially_refunded') return 'Partly refunded';
  if (isRefundDue(order)) return 'Refund due';
  if (order.status === 'cancelled') return 'Cancelled';
  if (order.status === 'fulfilled') return 'Delivered';
  if (order.status === 'on_hold') return 'Being reviewed';
  if (order.paymentStatus === 'completed') return order.awaitingKeys ? 'Paid: keys to follow' : 'Paid';
  if (order.paymentStatus === 'failed') return 'Payment failed';
  // A method that confirms later: the bank has the payment, the keys follow when it confirms.
  if (order.paymentStatus === 'processing') return 'Payment processing';
  return 'Awaiting payment';
}

/** A licence key's state in a shopper's words. */
export const KEY_STATE_LABELS: Record<string, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
  faulty: 'Replaced',
};

/** What the shopper is told about such an order, on the confirmation page and on /account. */
export const REFUND_DUE_TEXT =
  'Not completed: no licence keys were sent and your payment will be refunded in full.';

/**
 * What the shopper is told about an order held for review (paid, keys not yet sent), on the confirmation
 * page and on /account: `hours` is the store's HOLD_REVIEW_HOURS (store-config), null until it is known.
 */
export const reviewingText = (hours: number | null | undefined) =>
  `Your order is being reviewed, usually within ${hours ? countOf(hours, 'hour') : 'a few hours'}. ` +
  'Your licence keys are e-mailed as soon as it is approved.';
