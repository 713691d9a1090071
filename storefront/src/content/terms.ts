import { DELIVERY, REFUND, TERMS } from './business';
import type { PageMetaContent, TextSection } from './types';

export const termsPage: PageMetaContent = {
  title: 'Terms & Conditions',
  description:
    'The terms for buying Office 2024 licence keys from us: purchases, your obligations, prohibited use, liability limits and how disputes are resolved under Delaware law.',
  intro:
    'These terms apply when you use this website or buy a licence from us. Please read them; by placing an order you accept them.',
};

export const termsFacts = [
  { label: 'Effective date', value: TERMS.effectiveDate },
  { label: 'Governing law', value: TERMS.governingLawShort },
  { label: 'Language', value: TERMS.language },
];

export const termsOverview: TextSection = {
  heading: 'Overview',
  paragraphs: [
    'We are an independent reseller of genuine Microsoft Office 2024 licences. We are not affiliated with Microsoft Corporation.',
    `These terms are governed by the laws of ${TERMS.governingLaw}. They are written in ${TERMS.language}; if a translation differs, the English version applies.`,
  ],
};

export const serviceTerms: TextSection = {
  heading: 'Our Service',
  paragraphs: [
    'We sell perpetual licence keys for Office 2024 as digital products. Nothing is shipped: keys and download links are delivered by e-mail.',
    `Keys are delivered automatically once payment is confirmed, ${DELIVERY.typical}. Delivery times are described in our Delivery Policy.`,
  ],
};

export const purchaseTerms: TextSection = {
  heading: 'Purchase Terms',
  paragraphs: ['When you place an order:'],
  bullets: [
    'Prices are in US dollars and include all fees; the price at checkout is the price you pay.',
    'You can pay by credit or debit card, Apple Pay, Google Pay, Link or PayPal, and, in euros, by iDEAL, Bancontact or EPS. Orders of $500, €500, £400 or ¥75,000 or more can also be paid by bank transfer: the keys are sent once the transfer arrives, and an order whose transfer has not arrived within 7 days is cancelled. We do not accept direct debits.',
    'Your order is accepted when the payment provider confirms your payment. Some bank payments are confirmed by your bank later, usually within minutes and at most within 5 business days: your keys are delivered once it does, and if it does not, the order is cancelled and you are not charged.',
    'Each licence is for one device, perpetual, region-specific and non-transferable.',
    `Refunds follow our Refund Policy, including the ${REFUND.windowDays}-day money-back guarantee.`,
    'If you buy as a consumer billed in the EU or the UK, you agree before paying that delivery of your licence keys and download links begins as soon as your payment is confirmed, within the 14-day withdrawal period, and you acknowledge that you then lose your right of withdrawal once delivery has begun. The e-mail that delivers your keys confirms both. This does not affect the money-back guarantee.',
    'Promo codes are checked by our server at checkout and cannot be combined.',
  ],
};

export interface Obligation {
  obligation: string;
  critical: boolean;
}

export const userObligations: Obligation[] = [
  { obligation: 'Give a correct e-mail address: keys are sent only there', critical: true },
  { obligation: 'Use each licence on one device only', critical: true },
  { obligation: 'Keep your licence key confidential', critical: true },
  { obligation: 'Check the system requirements before buying', critical: false },
  { obligation: "Follow Microsoft's licence terms for the software", critical: true },
  { obligation: 'Keep your order confirmation for support and refunds', critical: false },
];

export const prohibitedActivities: string[] = [
  'Reselling, sharing or publishing licence keys',
  'Using a key on more devices than it is licensed for',
  'Buying with stolen payment details or another person’s account',
  'Filing a chargeback for an order that was delivered and works, instead of contacting us',
  'Trying to break into, overload or copy this website',
];

export const intellectualProperty: TextSection = {
  heading: 'Intellectual Property',
  paragraphs: [
    'Microsoft, Office, Word, Excel, PowerPoint, Outlook and Access are trademarks of the Microsoft group of companies. The software itself is licensed to you by Microsoft under its own terms.',
    'The content and design of this website belong to us and may not be copied without permission.',
  ],
};

export const liabilityLimits: TextSection = {
  heading: 'Limitation of Liability',
  paragraphs: [
    `To the extent the law allows, our total liability for any claim about an order is limited to ${TERMS.liabilityCap}.`,
    'We are not liable for indirect losses such as lost data or lost profits. Nothing in these terms limits liability that cannot be limited by law.',
  ],
};

export interface DisputeStep {
  step: string;
  description: string;
  preferred: boolean;
}

export const disputeSteps: DisputeStep[] = [
  {
    step: 'Direct communication',
    description: `Contact our support team. We reply within ${TERMS.initialResponse}; most problems are solved here.`,
    preferred: true,
  },
  {
    step: 'Formal complaint',
    description: `If that does not resolve it, send a formal complaint in writing. We answer within ${TERMS.formalComplaintResponse}.`,
    preferred: false,
  },
  { step: 'Mediation', description: 'Both sides may agree to an independent mediator.', preferred: false },
  {
    step: 'Binding arbitration',
    description:
      'As a last resort, disputes are settled by binding arbitration under the Commercial Arbitration Rules of the American Arbitration Association (AAA).',
    preferred: false,
  },
];

export const disputeResponseTimes = [
  { label: 'Initial response', value: TERMS.initialResponse },
  { label: 'Formal complaint', value: TERMS.formalComplaintResponse },
];

export const modificationPolicy: TextSection = {
  heading: 'Changes to These Terms',
  paragraphs: [
    'We may update these terms. The effective date at the top of this page shows the current version.',
    'Orders are governed by the terms in force when they were placed.',
  ],
};

export interface ContactDepartment {
  department: string;
  topics: string;
  to: string;
}

export const contactDepartments: ContactDepartment[] = [
  { department: 'Customer Support', topics: 'Orders, delivery, activation', to: '/contact' },
  { department: 'Billing', topics: 'Payments and refunds', to: '/contact?topic=refund' },
  { department: 'Privacy', topics: 'Your personal data and your rights', to: '/contact?topic=privacy' },
  { department: 'Legal', topics: 'Formal complaints and notices about these terms', to: '/contact' },
];

export const termsLinks = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'End-User Licence Agreement', to: '/eula' },
];

/** Section headings and table captions of the page. */
export const termsSections = {
  obligations: 'Your Obligations',
  prohibited: 'Prohibited Activities',
  disputes: 'Dispute Resolution',
  contactDepartments: 'Contact Us',
  contactDepartmentsCaption: 'Whom to contact about what',
};

/** The page's interface labels: tags and table columns. */
export const termsLabels = {
  /** The tag of the preferred dispute step. */
  preferred: 'Preferred',
  departmentsColumns: { department: 'Department', topics: 'Topics', reach: 'How to reach' },
  writeTo: (department: string) => `Write to ${department}`,
};
