import { formatMoney } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { countOf } from '../common/words.js';
import { orderReference } from '../orders/order-reference.js';

type HeldOrder = Pick<
  Order,
  'id' | 'customerName' | 'customerEmail' | 'totalCents' | 'currency' | 'holdReasons'
>;

interface Mail {
  subject: string;
  text: string;
  html: string;
}

const total = (order: HeldOrder) => formatMoney(amountOf(order.totalCents, order));

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/** What the customer is told of a review, on the success page, /account and in the e-mail. */
export const reviewPromise = (hours: number) =>
  `Your order is being reviewed, usually within ${countOf(hours, 'hour')}. Your licence keys are e-mailed as soon as it is approved.`;

/** Tells the customer that the paid order is being reviewed before its keys are sent (no reasons given). */
export function renderOrderHeldEmail(
  order: HeldOrder,
  options: { reviewHours: number; supportEmail: string },
): Mail {
  const ref = orderReference(order.id);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `Thank you for your order ${ref}: your payment of ${total(order)} was received.`,
    `${reviewPromise(options.reviewHours)} You do not need to do anything.`,
    'Should we be unable to approve it, your payment is refunded in full and no licence keys are issued.',
    `Questions? Reply to this e-mail or write to ${options.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Your order ${ref} is being reviewed`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}

/** Tells staff an order is waiting in the review queue, and why. */
export function renderOrderHeldStaffEmail(order: HeldOrder, publicUrl: string): Mail {
  const ref = orderReference(order.id);
  const paragraphs = [
    `Order ${order.id} (${order.customerEmail}, ${total(order)}) was paid and is held for ` +
      `review: ${(order.holdReasons ?? []).join(', ')}. Its licence keys are reserved and not sent.`,
    `Approve or reject it in the back office's review queue: ${publicUrl}/admin#/reviews`,
  ];
  return {
    subject: `Review needed: order ${ref} is held (${(order.holdReasons ?? []).join(', ')})`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}
