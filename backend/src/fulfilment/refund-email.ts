import { formatMoney, type Money } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { orderReference } from '../orders/order-reference.js';

/**
 * When refunded money reaches the customer, by how they paid: the refund policy's figures (card 5-7
 * business days, PayPal 3-5, bank transfer 7-10). A method not listed is told the card's.
 */
const CARD = { method: 'the card you paid with', arrives: 'within 5-7 business days' };
const BANK = { method: 'your bank account', arrives: 'within 7-10 business days' };
const DEMO = { method: 'the demo payment (no money was taken, so none moves)', arrives: 'at once' };
/** By the payment method Stripe names (Apple Pay and Google Pay are `card`); the storefront's refund policy says the same. */
const ARRIVAL: Record<string, { method: string; arrives: string }> = {
  card: CARD,
  link: CARD,
  paypal: { method: 'your PayPal account', arrives: 'within 3-5 business days' },
  // Bank redirects are refunded to the account by bank transfer.
  ideal: BANK,
  bancontact: BANK,
  eps: BANK,
  bank_transfer: BANK,
  // A bank transfer (Stripe's customer balance, funded by one) goes back to the account it came from.
  customer_balance: BANK,
  demo: DEMO,
  demo_wallet: DEMO,
  demo_delayed: DEMO,
  demo_bank_transfer: DEMO,
};

export function refundArrival(paymentMethod: string | null): { method: string; arrives: string } {
  return ARRIVAL[paymentMethod ?? 'card'] ?? ARRIVAL.card!;
}

/**
 * Tells the customer a refund is on its way: how much, to what, and when it arrives. The refund's amount
 * is in the order's currency (a refund is made in the currency paid).
 */
export function renderRefundEmail(
  order: Pick<Order, 'id' | 'customerName' | 'paymentMethod' | 'totalCents' | 'currency'>,
  refund: { amount: Money; full: boolean; keysRevoked: number },
  support: { supportEmail: string },
) {
  const ref = orderReference(order.id);
  const { method, arrives } = refundArrival(order.paymentMethod);
  const paid = amountOf(order.totalCents, order);
  if (refund.amount.currency !== paid.currency)
    throw new Error(`Refund in ${refund.amount.currency} of order ${order.id} paid in ${paid.currency}`);
  const amount = formatMoney(refund.amount);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `We have refunded ${amount} of your order ${ref}` +
      (refund.full ? ' (the whole order).' : ` (of ${formatMoney(paid)} paid).`),
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
