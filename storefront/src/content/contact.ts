import {
  CONTACT_CATEGORIES as SERVER_CATEGORIES,
  CONTACT_RULES,
  type ContactCategory,
} from '@store/contracts';
import type { SupportScheduleRow } from '../lib/storeConfig';
import { DELIVERY, REFUND, SUPPORT } from './business';
import type { FaqEntry } from './faq';
import { HOURS } from './storeContacts';
import type { PageMetaContent } from './types';

export const contactPage: PageMetaContent = {
  title: 'Contact Us',
  description:
    'Questions about an order, a licence key or installation? E-mail, call or write to us: we answer every message within 24 hours.',
  intro: `Questions about an order, a licence key or installing Office? Our support team answers every message within ${SUPPORT.responseTime}.`,
};

/** No live chat: the store offers none, so no page promises one. */
export type ContactMethodKind = 'email' | 'phone';

export interface ContactMethod {
  kind: ContactMethodKind;
  title: string;
  /** Names the server's hours with `HOURS`. */
  availability: string;
  text: string;
}

/** The e-mail address, phone number and hours themselves are server settings (lib/storeConfig.ts). */
export const contactMethods: ContactMethod[] = [
  {
    kind: 'email',
    title: 'Email Support',
    availability: `${HOURS.email}, answered within ${SUPPORT.responseTime}`,
    text: 'Best for order questions, missing keys and anything you want in writing. Include your order number if you have one.',
  },
  {
    kind: 'phone',
    title: 'Phone Support',
    availability: HOURS.phone,
    text: 'Talk to a support agent about activation, installation or an order.',
  },
];

export type { ContactCategory };

/** The spec's label of each category: one the server adds without a label here fails to compile. */
const CATEGORY_LABELS: Record<ContactCategory, string> = {
  technical: 'Technical Support',
  billing: 'Billing & Orders',
  licensing: 'Licensing Questions',
  installation: 'Installation Help',
  general: 'General Inquiry',
};

/** The categories of `POST /api/contact`, in the server's order (the API contract), with their labels. */
export const CONTACT_CATEGORIES = SERVER_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** The server's limit on each field (the contract's CreateContactMessageDto). */
export const CONTACT_LIMITS = {
  name: CONTACT_RULES.name.maxLength,
  email: CONTACT_RULES.email.maxLength,
  subject: CONTACT_RULES.subject.maxLength,
  message: CONTACT_RULES.message.maxLength,
} as const;

export const CONTACT_TOAST = {
  title: 'Message Sent!',
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;

/** What `?topic=` preselects on the form. */
export const CONTACT_TOPICS: Record<string, { subject: string; category: ContactCategory }> = {
  refund: { subject: 'Refund Request', category: 'billing' },
  privacy: { subject: 'Privacy Request', category: 'general' },
};

/** The subject `?role=<job title>` prefills: an application for that role. */
export function applicationSubject(role: string): string {
  return `Job Application: ${role}`;
}

export const officeCard = {
  title: 'Our Office',
  text: 'We are a small team; visits are by appointment only. Please write or call first.',
  hoursHeading: 'Business hours',
  /** One day of the server's support schedule under the heading. */
  scheduleEntry: (row: SupportScheduleRow) => `${row.hours}: ${row.support}`,
};

export const contactFaqs: FaqEntry[] = [
  {
    question: 'How quickly will I receive my licence key?',
    answer: `Automatically, once your payment is confirmed: your key and download links are e-mailed ${DELIVERY.typical}. If a key has not arrived within ${DELIVERY.refundIfNotDeliveredHours} hours, you qualify for a full refund.`,
  },
  {
    question: 'I lost my delivery e-mail. How do I get my key again?',
    answer: `Use Login at the top of the page: enter the e-mail address you ordered with and we send you a link (valid for ${DELIVERY.accessLinkMinutes} minutes) to your orders, keys and downloads. Or contact us and we will resend it.`,
  },
  {
    question: 'What if my key does not activate?',
    answer: `Contact us with your order number and the error message. If we cannot make it work, the ${REFUND.windowDays}-day money-back guarantee gives you a full refund.`,
  },
  {
    question: 'Can I use one licence on several computers?',
    answer:
      'No. Each licence activates Office on one device. For several PCs or Macs, buy one licence per device; for orders of 10 or more, contact us first.',
  },
];

/** Section headings and table captions of the page. */
export const contactSections = {
  contactMethods: 'Ways to reach us',
  message: 'Message us',
  contactFaq: 'Frequently asked questions',
};

/** The words of the message form. */
export const CONTACT_FORM = {
  heading: 'Send us a message',
  requiredNote: 'Fields marked * are required.',
  labels: { name: 'Name', email: 'Email', subject: 'Subject', category: 'Category', message: 'Message' },
  noCategory: 'Choose a category (optional)',
  send: 'Send Message',
  sending: 'Sending...',
  invalid: 'Please check the form:',
  tooMany: 'Too many messages from your connection. Please wait a minute and try again.',
  failed: 'Your message could not be sent. Please try again in a moment; your text is still in the form.',
} as const;
