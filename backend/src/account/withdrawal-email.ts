import { formatMoney } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import { refundArrival } from '../fulfilment/refund-email.js';
import type { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { orderReference } from '../orders/order-reference.js';

type WithdrawnOrder = Pick<
  Order,
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'totalCents'
  | 'currency'
  | 'paymentMethod'
  | 'paymentProvider'
  | 'providerPaymentId'
  | 'orderItems'
>;

/** The moment of the withdrawal as the acknowledgement states it (to the second, in UTC). */
export const withdrawalTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/**
 * The acknowledgement of a withdrawal on a durable medium (Consumer Rights Directive Art 11a): when it was
 * received, which order, what is refunded and when the money arrives.
 */
export function renderWithdrawalEmail(
  order: WithdrawnOrder,
  withdrawnAt: Date,
  support: { supportEmail: string },
) {
  const ref = orderReference(order.id);
  const total = formatMoney(amountOf(order.totalCents, order));
  const { method, arrives } = refundArrival(order.paymentMethod);
  const items = order.orderItems.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  const paragraphs = [
    `Hello ${order.customerName},`,
    `We received your withdrawal from the contract for order ${ref} on ${withdrawalTime(withdrawnAt)}. ` +
      'This e-mail is your acknowledgement of it.',
    `The order (${items}) is cancelled. No licence keys were delivered for it, and none will be.`,
    `We refund the whole order, ${total}, to ${method}; it usually arrives ${arrives}, ` +
      'depending on your bank. You do not need to do anything.',
    `Questions? Reply to this e-mail or write to ${support.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Withdrawal received: order ${ref} is cancelled and refunded in full`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}

/** Tells staff that a customer withdrew, and that the refund is asked of the provider automatically. */
export function renderWithdrawalStaffEmail(order: WithdrawnOrder, withdrawnAt: Date) {
  const ref = orderReference(order.id);
  const total = formatMoney(amountOf(order.totalCents, order));
  const paragraphs = [
    `The customer ${order.customerEmail} withdrew from order ${order.id} on ${withdrawalTime(withdrawnAt)}, ` +
      'before any licence key was delivered. Its reserved keys went back to stock.',
    `A full refund of ${total} is asked of ${order.paymentProvider ?? 'the payment provider'} ` +
      `(payment ${order.providerPaymentId ?? 'unknown'}) automatically. Should the provider not confirm it, ` +
      'the order stays marked as owing a refund in the back office: refund it there with the Refund action.',
  ];
  return {
    subject: `Withdrawal: order ${ref} was withdrawn by its customer`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}
