import { DELIVERY, REFUND, SUPPORT } from './business';
import { consentStatements } from './consents';
import { HOURS } from './storeContacts';
import type { Card, PageMetaContent, TextSection } from './types';

export const refundPage: PageMetaContent = {
  title: 'Refund Policy',
  description:
    'Our 30-day money-back guarantee: who qualifies, how to ask, and how long a refund takes (card 5-7 business days, PayPal 3-5, bank 7-10).',
  intro: `Every order comes with a ${REFUND.windowDays}-day money-back guarantee. If your licence key does not work and we cannot fix it, or it never arrives, you get your money back.`,
};

export const guaranteeOverview: Card[] = [
  {
    title: `${REFUND.windowDays}-day window`,
    text: `Ask for a refund within ${REFUND.windowDays} days of your purchase.`,
  },
  {
    title: 'Refunded to how you paid',
    text: 'Refunds are issued through our payment provider to the payment method you used.',
  },
  {
    title: 'Keys deactivated',
    text: 'When a refund is issued, the keys and download links of the refunded licences are deactivated.',
  },
];

export interface RefundCondition {
  condition: string;
  eligible: boolean;
}

export const refundConditions: RefundCondition[] = [
  { condition: 'Your key does not activate and our support team cannot resolve it', eligible: true },
  {
    condition: `Your key was not delivered within ${DELIVERY.refundIfNotDeliveredHours} hours of payment`,
    eligible: true,
  },
  { condition: 'You were charged twice or charged the wrong amount', eligible: true },
  { condition: 'You received a different edition from the one you ordered', eligible: true },
  { condition: 'You bought by mistake and the key has not been activated', eligible: true },
  { condition: `The request is made more than ${REFUND.windowDays} days after purchase`, eligible: false },
  { condition: 'The key was activated and works as described', eligible: false },
  {
    condition: 'Your computer does not meet the published system requirements',
    eligible: false,
  },
  { condition: 'The key was shared, resold or used on more devices than licensed', eligible: false },
];

/** What checkout asks of buyers billed in the EU or the UK, and what it means for their right of withdrawal. */
export const withdrawalRight: TextSection = {
  heading: 'The right of withdrawal (EU and UK)',
  paragraphs: [
    'If you buy as a consumer billed in the EU or the UK, the law gives you 14 days to withdraw from a purchase without giving a reason. For digital content such as licence keys, that right ends once delivery has begun, provided you agreed beforehand that delivery may begin within those 14 days and acknowledged that you then lose the right.',
    'So before you pay, checkout asks you to tick these two statements; without both we cannot take your payment:',
  ],
  bullets: [consentStatements.immediateDelivery, consentStatements.withdrawalRightLoss],
};

/** After the statements on the page. */
export const withdrawalRightNotes: string[] = [
  'We keep the time you gave each statement with your order, and the e-mail that delivers your keys confirms them.',
  `Our ${REFUND.windowDays}-day money-back guarantee is not affected: it applies to your order as this page describes.`,
];

export interface RefundTimelineStep {
  step: string;
  when: string;
  text: string;
}

export const refundTimeline: RefundTimelineStep[] = [
  { step: 'Request', when: 'Day 1', text: 'You send a refund request with your order details.' },
  {
    step: 'Review',
    when: '1-3 days',
    text: 'Support checks the order and, if needed, tries to fix the key.',
  },
  { step: 'Decision notice', when: '3-5 days', text: 'We e-mail you our decision and the amount.' },
  {
    step: 'Processing',
    when: '5-7 days',
    text: 'The payment provider returns the money; your bank may take a few more days to show it.',
  },
];

export interface RefundType {
  type: string;
  amount: string;
  text: string;
}

export const refundTypes: RefundType[] = [
  {
    type: 'Full refund',
    amount: `${REFUND.fullPercent}%`,
    text: 'A key that does not work and cannot be fixed, a key never delivered, or a billing error.',
  },
  {
    type: 'Partial refund',
    amount: `Up to ${REFUND.partialMaxPercent}%`,
    text: 'Decided case by case, for example when a key was activated and used before a problem we cannot fix appeared.',
  },
  {
    type: 'No refund',
    amount: `${REFUND.nonePercent}%`,
    text: `Requests after ${REFUND.windowDays} days, or keys that were activated and work as described.`,
  },
];

export interface RefundMethod {
  method: string;
  time: string;
  note: string;
}

/**
 * How each way to pay the store offers is refunded, and how long the money takes to arrive (the spec's
 * figures; the back end's refund e-mails say the same, backend/src/fulfilment/refund-email.ts). Direct
 * debits are never offered. To be reviewed by a lawyer before publication.
 */
export const refundMethods: RefundMethod[] = [
  {
    method: 'Credit or debit card, Apple Pay, Google Pay or Link',
    time: '5-7 business days',
    note: 'Back to the card you paid with (Apple Pay, Google Pay and Link pay with a card).',
  },
  { method: 'PayPal', time: '3-5 business days', note: 'Back to your PayPal account.' },
  {
    method: 'iDEAL, Bancontact or EPS (payments in euros)',
    time: '7-10 business days',
    note: 'Back to the bank account you paid from, by bank transfer.',
  },
  {
    method: 'Bank transfer (orders of $500, €500, £400 or ¥75,000 or more)',
    time: '7-10 business days',
    note: 'Back to the bank account the transfer came from; you may be asked for its details.',
  },
];

/** Spec §5: what a refund request must (and may) contain. */
export const requiredInformation = {
  required: [
    'Your order confirmation number',
    'The e-mail address you used for the purchase',
    'The purchase date and amount',
  ],
  optional: [
    'Your operating system and version',
    'Error messages or screenshots',
    'The steps you have already tried',
  ],
};

export const startRefund = { label: 'Start Refund Request', to: '/contact?topic=refund' };

export interface SupportChannel {
  title: string;
  /** Names the server's hours with `HOURS`. */
  availability: string;
  text: string;
}

export const supportChannels: SupportChannel[] = [
  {
    title: 'Email Support',
    availability: HOURS.email,
    text: `Send your request any time; we answer within ${SUPPORT.responseTime}.`,
  },
  { title: 'Phone Support', availability: HOURS.phone, text: 'Talk a refund through with an agent.' },
];

export const policyNotes: string[] = [
  'Refunds are issued only to the original purchaser and only through our payment provider.',
  'A refunded licence stops working: its key and download links are deactivated.',
  'For a partly used multi-licence order, only the unused licences are refunded in full.',
  'This policy does not affect your statutory rights as a consumer.',
];

export const compatibilityLink = {
  text: 'Most activation problems come from an unsupported system. Please check the requirements before you buy.',
  label: 'Check compatibility',
  to: '/compatibility',
};

/** Section headings and table captions of the page. */
export const refundSections = {
  guarantee: 'Our money-back guarantee',
  conditions: 'Who qualifies',
  timeline: 'Refund timeline',
  types: 'Refund types',
  methods: 'Refund methods and times',
  request: 'How to request a refund',
  channels: 'Get help with a refund',
  notes: 'Policy notes',
  methodsCaption: 'How long a refund takes to reach you',
};

export const refundLabels = {
  eligible: 'Eligible for a refund',
  ineligible: 'Not eligible',
  required: 'Information we need',
  optional: 'Helpful if you have it',
  contact: 'Contact us',
  /** For screen readers, after "Contact us" on a support channel card. */
  contactChannel: (channel: string) => ` (${channel})`,
  methodsColumns: { method: 'Method', time: 'Time', note: 'Notes' },
};
