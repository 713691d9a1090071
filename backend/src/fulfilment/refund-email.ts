import { formatUsd } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { Order } from '../orders/entities/order.entity.js';

/**
 * When refunded money reaches the customer, by how they paid: the refund policy's figures (card 5-7
 * business days, PayPal 3-5, bank transfer 7-10). A method not listed is told the card's.
 */
const ARRIVAL: Record<string, { method: string; arrives: string }> = {
  card: { method: 'the card you paid with', arrives: 'within 5-7 business days' },
  paypal: { method: 'your PayPal account', arrives: 'within 3-5 business days' },
  bank_transfer: { method: 'your bank account', arrives: 'within 7-10 business days' },
  demo: { method: 'the demo payment (no money was taken, so none moves)', arrives: 'at once' },
};

export function refundArrival(paymentMethod: string | null): { method: string; arrives: string } {
  return ARRIVAL[paymentMethod ?? 'card'] ?? ARRIVAL.card!;
}

/** Tells the customer a refund is on its way: how much, to what, and when it arrives. */
export function renderRefundEmail(
  order: Pick<Order, 'id' | 'customerName' | 'paymentMethod' | 'totalCents'>,
  refund: { amountCents: number; full: boolean; keysRevoked: number },
  support: { supportEmail: string },
) {
  const ref = order.id.slice(0, 8).toUpperCase();
  const { method, arrives } = refundArrival(order.paymentMethod);
  const amount = formatUsd(refund.amountCents);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `We have refunded ${amount} of your order ${ref}` +
      (refund.full ? ' (the whole order).' : ` (of ${formatUsd(order.totalCents)} paid).`),
    `The money goes back to ${method}; it usually arrives ${arrives}, depending on your bank.`,
    ...(refund.keysRevoked > 0
      ? [
          refund.full
            ? "The order's licence keys and download links have been deactivated."
            : refund.keysRevoked === 1
              ? 'The licence key covered by this refund has been deactivated; your other keys keep working.'
              : `The ${refund.keysRevoked} licence keys covered by this refund have been deactivated; ` +
                'your other keys keep working.',
        ]
      : []),
    `Questions? Reply to this e-mail or write to ${support.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Refund of ${amount} for your order ${ref}`,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`,
  };
}
