import { PRIVACY, TERMS } from './business';
import type { Card, PageMetaContent } from './types';

export const privacyPage: PageMetaContent = {
  title: 'Privacy Policy',
  description:
    'What personal data we collect when you buy a licence, why, who we share it with, how long we keep it, and your rights (answered within 30 days).',
  intro:
    'We collect only what we need to sell you a licence, deliver it and support you. We do not sell your data and we use no marketing cookies.',
};

export const privacyEffective = `Effective ${TERMS.effectiveDate}`;

export const privacyPrinciples: Card[] = [
  {
    title: 'Only what we need',
    text: 'We ask for the details needed to take payment, deliver keys and help you.',
  },
  { title: 'No selling of data', text: 'We never sell or rent your personal data to anyone.' },
  { title: 'Transparency', text: 'This page says what we collect, why, and for how long.' },
  { title: 'Your control', text: 'You can see, correct or delete your data; we answer within 30 days.' },
];

export interface DataCategory {
  category: string;
  examples: string;
  source: string;
}

export const dataCollected: DataCategory[] = [
  {
    category: 'Contact details',
    examples: 'Name, e-mail address, phone number',
    source: 'You, at checkout or in the contact form',
  },
  {
    category: 'Billing details',
    examples: 'Billing address, country, order amounts',
    source: 'You, at checkout',
  },
  {
    category: 'Payment information',
    examples: 'Card details',
    source: 'Entered directly with our payment provider; we never see or store your full card number',
  },
  {
    category: 'Order and licence records',
    examples: 'Products bought, licence keys, download history',
    source: 'Created when you buy',
  },
  {
    category: 'Support communications',
    examples: 'Messages you send us and our replies',
    source: 'You, when you contact us',
  },
  {
    category: 'Technical data',
    examples: 'IP address, browser type, server logs',
    source: 'Your browser, automatically',
  },
];

export interface DataUse {
  purpose: string;
  legalBasis: string;
}

export const dataUses: DataUse[] = [
  { purpose: 'Processing your order and delivering licence keys', legalBasis: 'Performance of a contract' },
  { purpose: 'Answering your questions and support requests', legalBasis: 'Performance of a contract' },
  { purpose: 'Preventing fraud and securing our store', legalBasis: 'Legitimate interests' },
  { purpose: 'Keeping tax and accounting records', legalBasis: 'Legal obligation' },
];

export const securityMeasures: string[] = [
  'All pages and payments use 256-bit SSL (TLS) encryption.',
  'Card payments are handled by our payment provider; card numbers never reach our servers.',
  'Licence keys are stored encrypted.',
  'Access to customer data is limited to staff who need it, and changes are logged.',
];

export interface UserRight {
  right: string;
  description: string;
  timeframe: string;
  gdpr: boolean;
  ccpa: boolean;
}

const within = `Within ${PRIVACY.rightsResponseDays} days`;

export const userRights: UserRight[] = [
  {
    right: 'Access',
    description: 'Get a copy of the personal data we hold about you.',
    timeframe: within,
    gdpr: true,
    ccpa: true,
  },
  {
    right: 'Correction',
    description: 'Have inaccurate data corrected.',
    timeframe: within,
    gdpr: true,
    ccpa: true,
  },
  {
    right: 'Deletion',
    description: 'Have your data deleted, unless the law requires us to keep it (for example tax records).',
    timeframe: within,
    gdpr: true,
    ccpa: true,
  },
  {
    right: 'Portability',
    description: 'Receive your data in a machine-readable format.',
    timeframe: within,
    gdpr: true,
    ccpa: true,
  },
  {
    right: 'Objection',
    description: 'Object to processing based on legitimate interests.',
    timeframe: within,
    gdpr: true,
    ccpa: false,
  },
  {
    right: 'Restriction',
    description: 'Ask us to limit how we use your data.',
    timeframe: within,
    gdpr: true,
    ccpa: false,
  },
  {
    right: 'Opt out of sale',
    description: 'We do not sell personal data; you may still ask us to confirm it.',
    timeframe: within,
    gdpr: false,
    ccpa: true,
  },
  {
    right: 'Non-discrimination',
    description: 'Using your rights never changes the price or service you get.',
    timeframe: 'Always',
    gdpr: false,
    ccpa: true,
  },
];

export interface ThirdParty {
  name: string;
  purpose: string;
  data: string;
}

export const thirdParties: ThirdParty[] = [
  {
    name: 'Payment provider (Stripe)',
    purpose: 'Takes card payments and issues refunds',
    data: 'Name, e-mail, billing address, card details',
  },
  {
    name: 'E-mail delivery service',
    purpose: 'Sends your keys, receipts and replies',
    data: 'Name, e-mail address, message content',
  },
  {
    name: 'Hosting provider',
    purpose: 'Runs our servers and database',
    data: 'All data we hold, stored securely',
  },
  { name: 'Authorities', purpose: 'Only when the law requires it', data: 'What the legal request covers' },
];

export interface CookieType {
  type: string;
  purpose: string;
  lifetime: string;
  used: boolean;
}

export const cookieTypes: CookieType[] = [
  {
    type: 'Essential',
    purpose: 'Keep the site and checkout working',
    lifetime: 'Session, or up to 30 days',
    used: true,
  },
  // The store runs no analytics: should it ever, only with the visitor's consent.
  { type: 'Analytics', purpose: 'Count visits and see which pages help', lifetime: 'Not used', used: false },
  { type: 'Functional', purpose: 'Remember your preferences', lifetime: 'Up to 12 months', used: true },
  { type: 'Marketing', purpose: 'Advertising and tracking across sites', lifetime: 'Not used', used: false },
];

export const cookieNote =
  'Your cart and any promo code are kept in your own browser storage, not in cookies, and never leave your device until you check out.';

export const childrenPrivacy = [
  `Our store is not meant for children under ${PRIVACY.minimumAge}, and we do not knowingly collect their data. If you believe a child has given us personal data, contact us and we will delete it.`,
  `For young people aged ${PRIVACY.protectedAges}, we apply extra protection where the law requires it, such as asking for a parent's consent.`,
];

export interface RetentionCategory {
  category: string;
  period: string;
  reason: string;
}

export const retentionCategories: RetentionCategory[] = [
  { category: 'Purchase records', period: '10 years', reason: 'Tax and accounting law' },
  { category: 'Transactions', period: '10 years', reason: 'Tax and accounting law' },
  { category: 'Support data (case records)', period: '7 years', reason: 'Warranty and dispute handling' },
  { category: 'Account data', period: '7 years after closure', reason: 'Legal claims and fraud prevention' },
  {
    category: 'Support communications (message content)',
    period: '5 years',
    reason: 'Answering follow-up questions',
  },
  { category: 'Technical logs', period: '2 years', reason: 'Security and troubleshooting' },
];

export const privacyLinks = [
  { label: 'Make a privacy request', to: '/contact?topic=privacy' },
  { label: 'Terms & Conditions', to: '/terms' },
];

/** Section headings and table captions of the page. */
export const privacySections = {
  principles: 'Our principles',
  dataCollected: 'Data we collect',
  usage: 'How we use it and our legal basis',
  security: 'How we protect it',
  rights: 'Your rights',
  sharing: 'Who we share it with',
  cookies: 'Cookies',
  children: "Children's privacy",
  retention: 'How long we keep it',
  dataCollectedCaption: 'Personal data we collect',
  usageCaption: 'Purposes and legal bases',
  rightsCaption: 'Your rights, how fast we answer, and under which law',
  sharingCaption: 'Third parties that receive personal data',
  cookiesCaption: 'Cookie types and how long they last',
  retentionCaption: 'Retention periods',
};

/** The columns of the page's tables. */
export const privacyLabels = {
  dataCollectedColumns: { category: 'Category', examples: 'Examples', source: 'Where it comes from' },
  usageColumns: { purpose: 'Purpose', legalBasis: 'Legal basis' },
  rightsColumns: {
    right: 'Right',
    description: 'What it means',
    timeframe: 'Timeframe',
    gdpr: 'GDPR',
    ccpa: 'CCPA',
  },
  sharingColumns: { name: 'Recipient', purpose: 'Purpose', data: 'Data' },
  cookiesColumns: { type: 'Type', purpose: 'Purpose', lifetime: 'Lifetime', used: 'Used' },
  retentionColumns: { category: 'Data', period: 'Kept for', reason: 'Why' },
};
