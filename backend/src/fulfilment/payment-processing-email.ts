import { formatMoney } from '../common/money.js';
import { escapeHtml } from '../emails/mail-text.js';
import type { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import {
  BANK_TRANSFER_DAYS,
  isBankTransfer,
  type BankTransferInstructions,
} from '../orders/bank-transfers.js';
import { orderReference } from '../orders/order-reference.js';

type ProcessingOrder = Pick<Order, 'id' | 'customerName' | 'totalCents' | 'currency'>;

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/**
 * How long a payment by a method that confirms later may take, as the shopper is told: bank redirects
 * confirm within minutes, bank debits and transfers within a few business days (Stripe's figures).
 */
export const PROCESSING_PROMISE =
  'Most bank payments are confirmed within minutes; some take up to 5 business days.';

const total = (order: ProcessingOrder) => formatMoney(amountOf(order.totalCents, order));

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/**
 * Tells the shopper the payment is on its way through the bank, and what happens next; for a bank transfer
 * still to send, how to send it and by when.
 */
export function renderPaymentProcessingEmail(
  order: ProcessingOrder,
  options: { supportEmail: string; bankTransfer?: BankTransferInstructions },
): Mail {
  const ref = orderReference(order.id);
  if (options.bankTransfer) return renderBankTransferEmail(order, options.bankTransfer, options.supportEmail);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `Thank you for your order ${ref}. Your payment of ${total(order)} is being processed by your bank.`,
    `${PROCESSING_PROMISE} You do not need to do anything: your licence keys are e-mailed to you as soon ` +
      'as the bank confirms the payment.',
    'If the bank does not confirm it, the order is cancelled, you are not charged, and we e-mail you.',
    `Questions? Reply to this e-mail or write to ${options.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Your payment for order ${ref} is being processed`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}

function renderBankTransferEmail(
  order: ProcessingOrder,
  transfer: BankTransferInstructions,
  supportEmail: string,
): Mail {
  const ref = orderReference(order.id);
  const due =
    transfer.amountRemainingCents !== null && transfer.amountRemainingCents !== order.totalCents
      ? `${formatMoney(amountOf(transfer.amountRemainingCents, order))} (of ${total(order)})`
      : total(order);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `Thank you for your order ${ref}. To complete it, send ${due} by bank transfer.`,
    transfer.instructionsUrl
      ? `The account to pay into and how: ${transfer.instructionsUrl}`
      : 'The account to pay into was shown when you chose the bank transfer (demo: nothing is charged).',
    transfer.reference
      ? `Give this reference with the transfer, so that it is matched to your order: ${transfer.reference}`
      : 'Give your order reference with the transfer, so that it is matched to your order.',
    'Your licence keys are e-mailed to you as soon as the transfer has arrived, usually within 1 to 3 ' +
      `business days. If it has not arrived ${BANK_TRANSFER_DAYS} days after your order, the order is ` +
      'cancelled and we e-mail you; if you have sent money by then, reply to that e-mail and we return it.',
    `Questions? Reply to this e-mail or write to ${supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Order ${ref}: send ${due} by bank transfer`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}

/**
 * Tells the shopper a payment that was being processed failed or expired, or that an order waiting for its
 * bank transfer is cancelled (the week ran out, or staff cancelled it), and that the order is cancelled.
 */
export function renderPaymentFailedEmail(
  order: ProcessingOrder & Pick<Order, 'paymentMethod'>,
  options: { supportEmail: string; publicUrl: string },
): Mail {
  const ref = orderReference(order.id);
  if (isBankTransfer(order.paymentMethod)) {
    const paragraphs = [
      `Hello ${order.customerName},`,
      // One text whether the week ran out or staff cancelled it at the buyer's request: true in both.
      `Order ${ref} is cancelled and no licence keys were issued: its bank transfer of ${total(order)} had ` +
        `not arrived when it was cancelled. An order waits ${BANK_TRANSFER_DAYS} days for its transfer, ` +
        'unless you ask us to cancel it sooner.',
      'If you sent money for this order, reply to this e-mail and we return it to you.',
      `To buy the licences, place a new order at ${options.publicUrl}.`,
      `Questions? Reply to this e-mail or write to ${options.supportEmail}. Order reference: ${order.id}`,
    ];
    return {
      subject: `Order ${ref} is cancelled: no bank transfer arrived for it`,
      text: paragraphs.join('\n\n'),
      html: html(paragraphs),
    };
  }
  const paragraphs = [
    `Hello ${order.customerName},`,
    `Your bank did not confirm your payment of ${total(order)} for order ${ref}, so the order is cancelled.`,
    'You have not been charged and no licence keys were issued; an amount your bank shows as pending is ' +
      'released by your bank.',
    `To buy the licences, place a new order at ${options.publicUrl} and choose another way to pay.`,
    `Questions? Reply to this e-mail or write to ${options.supportEmail}. Order reference: ${order.id}`,
  ];
  return {
    subject: `Your payment for order ${ref} did not go through`,
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  };
}
