import { formatMoney } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { Order, RefundReason } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { orderReference } from '../orders/order-reference.js';

type RefundDueOrder = Pick<
  Order,
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'totalCents'
  | 'currency'
  | 'couponCode'
  | 'paymentProvider'
  | 'providerPaymentId'
>;

interface Mail {
  subject: string;
  text: string;
  html: string;
}

const total = (order: RefundDueOrder) => formatMoney(amountOf(order.totalCents, order));

/** Why the order was not delivered, in the shopper's words. */
function shopperReason(order: RefundDueOrder, reason: RefundReason): string {
  const reasons: Record<RefundReason, string> = {
    'order-cancelled': 'The order had been cancelled before your payment reached us.',
    'coupon-used-up':
      `The coupon ${order.couponCode ?? ''} had reached its limit of uses by the time your payment reached us, ` +
      'so we cannot supply the order at the discounted price.',
    'review-rejected': 'Our review of the order could not confirm the payment, so we cannot supply it.',
    withdrawn: 'You withdrew from the contract before the licence keys were delivered.',
  };
  return reasons[reason];
}

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/** Tells the shopper that a paid order could not be completed and that the payment comes back in full. */
export function renderRefundDueEmail(
  order: RefundDueOrder,
  reason: RefundReason,
  support: { supportEmail: string; publicUrl: string },
): Mail {
  const ref = orderReference(order.id);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `We are sorry: we could not complete your order ${ref}, and no licence keys were issued for it. ` +
      shopperReason(order, reason),
    `Your payment of ${total(order)} will be refunded in full to the card or account you paid ` +
      'with. You do not need to do anything; card refunds usually appear within 5 to 7 business days.',
    `If you still want the licences, you are welcome to place a new order at ${support.publicUrl}.`,
    `Questions? Reply to this e-mail or write to ${support.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Your order ${ref} could not be completed: full refund`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}

/** Tells staff (the support address) that a paid order was not delivered and must be refunded. */
export function renderRefundDueStaffEmail(order: RefundDueOrder, reason: RefundReason): Mail {
  const ref = orderReference(order.id);
  const reasons: Record<RefundReason, string> = {
    'order-cancelled': 'the payment arrived after the order had been cancelled',
    'coupon-used-up':
      `its coupon ${order.couponCode ?? ''} had reached its cap when the payment arrived ` +
      '(the reservation had lapsed after a failed or late payment)',
    'review-rejected': 'staff rejected it in the review queue',
    withdrawn: 'the customer withdrew from the contract before delivery',
  };
  const why = reasons[reason];
  const paragraphs = [
    `Order ${order.id} (${order.customerEmail}) was paid, ${total(order)} through ` +
      `${order.paymentProvider ?? 'the payment provider'} (payment ${order.providerPaymentId ?? 'unknown'}), ` +
      `but was not delivered: ${why}. The order is cancelled and marked as owing a refund.`,
    'Refund the payment in full with the payment provider. When the provider reports the refund the order ' +
      'is marked refunded; a refund made another way is recorded by setting its payment status to ' +
      'refunded in the back office.',
    'The customer has been told by e-mail that the payment will be refunded in full.',
  ];
  return {
    subject: `Refund due: order ${ref} was paid but not delivered`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}
