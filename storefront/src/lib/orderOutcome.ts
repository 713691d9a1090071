/** The two states of an order the shopper sees, as the API names them. */
interface OrderState {
  status: 'processing' | 'fulfilled' | 'cancelled';
  paymentStatus: 'pending' | 'completed' | 'failed' | 'refunded';
}

/**
 * Paid, but cancelled meanwhile (or its coupon was used up first): the server delivered nothing and owes
 * the whole payment back, until the refund is recorded (the payment is then `refunded`).
 */
export const isRefundDue = (order: OrderState) =>
  order.status === 'cancelled' && order.paymentStatus === 'completed';

/** What the shopper is told about such an order, on the confirmation page and on /account. */
export const REFUND_DUE_TEXT =
  'Not completed: no licence keys were sent and your payment will be refunded in full.';
