import { DELIVERY, SUPPORT } from './business';
import { HOURS } from './storeContacts';
import type { Card, LinkAction, PageMetaContent } from './types';

export const deliveryPage: PageMetaContent = {
  title: 'Delivery Policy',
  description: `How your Office 2024 licence key is delivered: automatically by e-mail once payment is confirmed, ${DELIVERY.typical}, with download links valid for ${DELIVERY.downloadLinkDays} days.`,
  intro: `There is nothing to ship. Once your payment is confirmed, your licence key and download links are e-mailed to you automatically, ${DELIVERY.typical}.`,
};

export const deliveryMethods: Card[] = [
  {
    title: 'E-mail delivery (automatic)',
    text: 'As soon as the payment provider confirms your payment, our system takes a key for each licence from our key inventory and e-mails it, with download links, to the address you gave at checkout.',
  },
  {
    title: 'Customer access link',
    text: `Lost the e-mail? Choose Login at the top or bottom of any page and enter your order's e-mail address. We send a sign-in link, valid for ${DELIVERY.accessLinkMinutes} minutes, to a page listing your orders, keys and downloads.`,
  },
  {
    title: 'Resent by support',
    text: `If e-mail does not reach you, contact support and we send it again: every message is answered within ${SUPPORT.responseTime}.`,
  },
];

export interface DeliveryTimeline {
  name: 'Immediate' | 'Standard' | 'Extended';
  applies: string;
  time: string;
  text: string;
}

export const deliveryTimelines: DeliveryTimeline[] = [
  {
    name: 'Immediate',
    applies: 'Most orders',
    time: `${DELIVERY.typical.replace(/^t/, 'T')} of payment`,
    text: 'Payment confirmed and keys in stock: delivery is fully automatic, day and night.',
  },
  {
    name: 'Standard',
    applies: 'Some orders',
    time: 'Within a few hours',
    text: 'During very high order volume, or when the payment provider takes longer to confirm a payment.',
  },
  {
    name: 'Extended',
    applies: 'Rare',
    time: `Within ${DELIVERY.refundIfNotDeliveredHours} hours`,
    text: `Orders held for a manual review (for example a security check, or bulk orders of ${DELIVERY.bulkOrderThreshold}+ licences), or when an edition is briefly out of stock: we e-mail you and the keys follow as soon as they are assigned.`,
  },
];

export interface DeliveryContentItem {
  item: string;
  format: string;
  description: string;
  required: boolean;
}

export const deliveryContents: DeliveryContentItem[] = [
  {
    item: 'Licence key',
    format: DELIVERY.keyFormat,
    description: 'One key per licence; each key activates Office on one device.',
    required: true,
  },
  {
    item: 'Download links',
    format: 'Links to the official Office installer',
    description: `Valid for ${DELIVERY.downloadLinkDays} days after delivery, up to ${DELIVERY.downloadsPerLink} downloads each.`,
    required: true,
  },
  {
    item: 'Installation and activation guide',
    format: 'Step-by-step instructions in the e-mail',
    description: 'How to download, install and activate on Windows or Mac.',
    required: true,
  },
  {
    item: 'Order confirmation',
    format: 'E-mail receipt',
    description:
      'In the delivery e-mail: your order number, the date, the editions, the amount paid and how. Keep it for support and refunds.',
    required: true,
  },
];

export interface DeliveryRequirement {
  requirement: string;
  description: string;
  critical: boolean;
}

export const deliveryRequirements: DeliveryRequirement[] = [
  {
    requirement: 'A valid e-mail address',
    description: 'Keys go only to the address entered at checkout. Please check it for typing errors.',
    critical: true,
  },
  {
    requirement: 'Confirmed payment',
    description: 'Delivery starts when the payment provider confirms the payment, not before.',
    critical: true,
  },
  {
    requirement: 'A compatible computer',
    description: 'Windows 10 (1903+) or Windows 11, or macOS Ventura 13.0+. See the compatibility page.',
    critical: true,
  },
  {
    requirement: 'An internet connection',
    description: 'Needed to download the installer and activate Office.',
    critical: true,
  },
  {
    requirement: 'Room in your inbox',
    description: 'A full mailbox can reject our e-mail. Adding our address to your contacts helps too.',
    critical: false,
  },
];

export interface DeliveryIssue {
  reason: string;
  solution: string;
  common: boolean;
}

/** Spec §8: the delivery-issue catalogue. */
export const deliveryIssues: DeliveryIssue[] = [
  {
    reason: 'Invalid Email Address',
    solution:
      'Verify the address on your order confirmation, then contact support so we can correct it and resend your key.',
    common: true,
  },
  {
    reason: 'Payment Declined',
    solution: 'No key is sent until payment succeeds. Check with your bank, then retry the purchase.',
    common: true,
  },
  {
    reason: 'Spam/Junk Filters',
    solution:
      'Check your spam or junk folder, and add our sender address to your contacts so future e-mails arrive.',
    common: true,
  },
  {
    reason: 'Security Review',
    solution:
      'Some orders are held for a manual check. Contact support and we will help complete it quickly.',
    common: false,
  },
  {
    reason: 'System Maintenance',
    solution: 'Delivery resumes automatically when maintenance ends; your order keeps its place.',
    common: false,
  },
  {
    reason: 'Geographic Restrictions',
    solution: 'Licences are region-specific. Contact support to check what is available for your country.',
    common: false,
  },
];

/** Above the server's support schedule. */
export const deliverySupportNote = `Delivery itself is automatic around the clock. E-mail support is open ${HOURS.email} and answered within ${SUPPORT.responseTime}.`;

export const deliveryLimitations: string[] = [
  `Each licence activates Office on ${DELIVERY.devicesPerLicence} device.`,
  'Licences are perpetual, region-specific and non-transferable.',
  `Download links expire ${DELIVERY.downloadLinkDays} days after delivery; your key does not. Ask support for fresh links.`,
  `Bulk orders of ${DELIVERY.bulkOrderThreshold} or more licences may need manual processing.`,
  `If your key has not been delivered within ${DELIVERY.refundIfNotDeliveredHours} hours of payment, you qualify for a full refund.`,
];

export const deliveryActions: LinkAction[] = [
  { label: 'Contact Support', to: '/contact' },
  { label: 'Refund Policy', to: '/refund-policy' },
];

/** Section headings and table captions of the page. */
export const deliverySections = {
  methods: 'Delivery methods',
  timelines: 'Delivery timelines',
  contents: 'What you receive',
  requirements: 'Requirements',
  issues: 'Delivery issues and solutions',
  supportHours: 'Support hours',
  limitations: 'Limitations',
  contentsCaption: 'What your delivery e-mail contains',
  requirementsCaption: 'What delivery needs from you',
  issuesCaption: 'Why a key may be delayed and what to do',
  supportHoursCaption: 'Support hours (Eastern Time)',
};

/** The page's interface labels: card titles, table columns and tags. */
export const deliveryLabels = {
  timelineTitle: (t: DeliveryTimeline) => `${t.name} (${t.applies.toLowerCase()})`,
  contentsColumns: {
    item: 'Item',
    format: 'Format',
    description: 'Description',
    required: 'Always included',
  },
  requirementsColumns: { requirement: 'Requirement', description: 'Details' },
  issuesColumns: { reason: 'Issue', solution: 'Solution' },
  supportHoursColumns: { day: 'Day', hours: 'Hours', support: 'Support' },
  /** The tag of an issue flagged common. */
  common: 'Common',
};
