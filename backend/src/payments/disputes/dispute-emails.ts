import { formatMoney } from '../../common/money.js';
import { escapeHtml } from '../../emails/mail-text.js';
import type { Order } from '../../orders/entities/order.entity.js';
import { amountOf } from '../../orders/order-currency.js';
import type { Dispute } from './entities/dispute.entity.js';

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** What happened, for the staff alert's subject and first line. */
export type DisputeAlert =
  | { event: 'opened'; keys: 'revoked' | 'released' | 'kept' | 'none' }
  | { event: 'closed' }
  | { event: 'fraud-warning'; refund: 'requested' | 'off' | 'not-refundable' };

const reference = (orderId: string) => orderId.slice(0, 8).toUpperCase();

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/** The back office's orders list searching for this order (its dialog opens from there). */
export const orderLink = (publicUrl: string, orderId: string) =>
  `${publicUrl.replace(/\/$/, '')}/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: orderId }))}`;

const KEYS: Record<'revoked' | 'released' | 'kept' | 'none', string> = {
  revoked: "The order's licence keys were revoked and its download links disabled (DISPUTE_REVOKES_KEYS).",
  released:
    'The order was held for review: its reserved keys, never revealed, went back to stock. Nothing is delivered while the payment is disputed.',
  kept: "The order's licence keys keep working (DISPUTE_REVOKES_KEYS is off).",
  none: 'The order had no licence keys to revoke.',
};

/** The alert to staff (STAFF_ALERT_EMAIL) for a dispute opened or closed, or an early fraud warning. */
export function renderDisputeStaffEmail(
  order: Pick<Order, 'id' | 'customerEmail' | 'totalCents' | 'currency' | 'providerPaymentId'>,
  dispute: Pick<
    Dispute,
    'providerDisputeId' | 'amountCents' | 'currency' | 'reason' | 'status' | 'evidenceDueBy'
  >,
  alert: DisputeAlert,
  publicUrl: string,
): Mail {
  const ref = reference(order.id);
  const about =
    `Order ${order.id} (${order.customerEmail}, ${formatMoney(amountOf(order.totalCents, order))}, payment ` +
    `${order.providerPaymentId ?? 'unknown'}).`;
  const link = `Open the order: ${orderLink(publicUrl, order.id)}`;
  let subject: string;
  let paragraphs: string[];
  if (alert.event === 'fraud-warning') {
    subject = `Early fraud warning: order ${ref}`;
    const refund = {
      requested:
        'The payment is being refunded in full and the keys revoked (EARLY_FRAUD_WARNING_REFUNDS): a warned charge usually becomes a dispute. Check the refund on the order.',
      off: 'Nothing was refunded (EARLY_FRAUD_WARNING_REFUNDS is off): decide whether to refund it before it becomes a dispute.',
      'not-refundable':
        'Nothing was refunded automatically: the payment is disputed, already refunded or not paid.',
    }[alert.refund];
    paragraphs = [
      `The card's issuer reported the payment of this order as likely fraud (${dispute.reason ?? 'no type given'}, warning ${dispute.providerDisputeId}).`,
      about,
      refund,
      link,
    ];
  } else {
    const amount = formatMoney(amountOf(dispute.amountCents, dispute));
    const reason = dispute.reason ?? 'no reason given';
    const due = dispute.evidenceDueBy ? dispute.evidenceDueBy.toISOString() : 'not given';
    if (alert.event === 'opened') {
      subject = `Dispute opened: order ${ref}, ${amount} (${reason})`;
      paragraphs = [
        `The cardholder's bank disputed ${amount} of this order's payment (dispute ${dispute.providerDisputeId}, reason: ${reason}, status: ${dispute.status}).`,
        about,
        KEYS[alert.keys],
        `Evidence is due by ${due}. Download the evidence pack from the order and submit it to the payment provider before then.`,
        link,
      ];
    } else {
      const won = dispute.status === 'won' || dispute.status === 'warning_closed';
      subject = `Dispute ${won ? 'won' : dispute.status}: order ${ref}, ${amount}`;
      paragraphs = [
        `The dispute ${dispute.providerDisputeId} (${reason}) on this order's payment is closed: ${dispute.status}.`,
        about,
        won
          ? 'The payment is the store\'s again. Keys revoked for the dispute stay revoked; staff may restore them with "Restore keys" on the order.'
          : 'The money went back to the cardholder: the payment is refunded and the keys stay revoked.',
        link,
      ];
    }
  }
  return { subject, text: paragraphs.join('\n\n'), html: html(paragraphs) };
}
