import { REFUND } from './business';
import type { TextSection } from './types';

/** When a card refund reaches the customer: the refund policy's figure. */
export const CARD_REFUND_TIME = '5-7 business days';

/**
 * The right of withdrawal before delivery (Consumer Rights Directive Art 11a): what the refund policy and
 * the terms say, in one place, and what the licence page's "Withdraw from contract here" does.
 */
export const withdrawalBeforeDelivery: TextSection = {
  heading: 'Withdrawing before your keys are delivered',
  paragraphs: [
    'Until the licence keys of an order are delivered, you may withdraw from the contract without giving a reason. This is the case while an order is being reviewed before release, or while it waits for keys to arrive in stock and none of its keys has been sent yet.',
    'To withdraw, open your licences page (ask for a sign-in link on the "Your licences" page with the e-mail address you used at checkout) and choose "Withdraw from contract here" on the order, then confirm. The button is shown only on orders you can still withdraw from.',
    `We then cancel the order and refund it in full, to the payment method you used: card refunds usually arrive within ${CARD_REFUND_TIME}. We e-mail you an acknowledgement stating the date and time we received your withdrawal, and no keys of that order are ever sent.`,
    'Once any key of an order has been delivered, having agreed at checkout that delivery may begin within the withdrawal period and acknowledged that you then lose the right of withdrawal, you can no longer withdraw from that order. If only some of its keys have been delivered, the order can no longer be withdrawn either; contact us about the rest.',
    `Our ${REFUND.windowDays}-day money-back guarantee is not affected by any of this.`,
  ],
};

/** The licence page's withdrawal: its button, confirmation dialog and acknowledgement. */
export const WITHDRAWAL = {
  open: 'Withdraw from contract here',
  openLabel: (order: string) => `Withdraw from contract here: order ${order}`,
  title: 'Withdraw from this contract?',
  intro: (order: string) =>
    `You are withdrawing from the contract for order ${order}. Its licence keys have not been delivered yet.`,
  consequences: (amount: string) => [
    'The order is cancelled and none of its licence keys will be sent.',
    `We refund the whole order, ${amount}, to the payment method you used. Card refunds usually arrive within ${CARD_REFUND_TIME}.`,
    'We e-mail you an acknowledgement with the date and time of your withdrawal.',
  ],
  final: 'This cannot be undone: to have the licences after all, you would place a new order.',
  cancel: 'Keep my order',
  confirm: 'Confirm withdrawal',
  sending: 'Withdrawing…',
  doneTitle: 'Withdrawal received',
  received: (when: string) => `We received your withdrawal on ${when}.`,
  refund: (amount: string) =>
    `Your order is cancelled and ${amount} is refunded in full to the payment method you used; card refunds usually arrive within ${CARD_REFUND_TIME}. An acknowledgement is on its way by e-mail.`,
  close: 'Close',
  /** On the order's card once withdrawn. */
  withdrawnOn: (when: string, refunded: boolean) =>
    `You withdrew from this order on ${when}. No licence keys were sent, and ` +
    (refunded ? 'the order is refunded in full.' : 'your payment will be refunded in full.'),
  failed: 'We couldn’t record your withdrawal. Please try again, or contact support.',
  tooMany: 'Too many requests in a short time. Please wait a minute and try again.',
} as const;

/** The moment of a withdrawal as the page states it: date and time, in UTC as the e-mail states it. */
export const withdrawalTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'long',
  timeZone: 'UTC',
});
