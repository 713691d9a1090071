import { DELIVERY, SUPPORT } from './business';
import type { FaqEntry } from './faq';
import { HOURS } from './storeContacts';
import type { Card, PageMetaContent } from './types';

export const enterprisePage: PageMetaContent = {
  title: 'Enterprise Support',
  description:
    "Office licences for businesses: the store's normal checkout for a whole team, an invoice in your company's name with its VAT number, and help from our support team by phone and e-mail.",
  intro:
    "Buy Office licences for your team through the store's normal checkout, with an invoice made out to your company, and get help installing and activating them from our support team.",
};

export const enterpriseHeadline = 'Enterprise Support: Office Licences for Your Business';

export const topBar = 'Office licences for businesses';

/**
 * The page's figures: only what the store does and can show (#34), each from the store's own constants or
 * the server's settings. No savings, no customer count, no percentage: none has a source the store can
 * name, and the content test fails if one comes back.
 */
export const enterpriseFigures: { value: string; label: string }[] = [
  { value: SUPPORT.responseTime, label: 'Every message answered within' },
  { value: SUPPORT.sellerSupportPeriod, label: 'Installation and activation help' },
];

export const enterpriseSteps: Card[] = [
  {
    title: 'Choose the editions',
    text: `Add the editions your team needs to the cart: one licence per device, up to the limit per edition the cart shows.`,
  },
  {
    title: 'Check out as a business',
    text: "Give your company's name and, in the EU or the UK, its VAT number at checkout: the invoice is made out to the company.",
  },
  {
    title: 'Keys by e-mail',
    text: `Paid orders are delivered by e-mail, ${DELIVERY.typical}. Orders of ${DELIVERY.bulkOrderThreshold} or more licences may need manual processing, and keys not in stock follow later: the cart says so before you pay.`,
  },
];

export const enterpriseBenefits: Card[] = [
  {
    title: "Invoices in your company's name",
    text: 'Every paid order has an invoice, with the company name and VAT number given at checkout.',
  },
  {
    title: 'VAT for EU businesses',
    text: "An EU VAT number is checked with the EU's VIES service; where the store charges VAT, a verified number from another member state is reverse-charged.",
  },
  {
    title: 'People on the phone',
    text: `Call us ${HOURS.phone}; e-mail is read ${HOURS.email} and answered within ${SUPPORT.responseTime}.`,
  },
  {
    title: 'Installation and activation help',
    text: `We help you install and activate what you bought here for ${SUPPORT.sellerSupportPeriod}.`,
  },
];

/** A customer's own words, as they agreed to have them published. */
export interface Testimonial {
  quote: string;
  /** The person quoted. */
  name: string;
  /** Their job title, e.g. "IT Director". */
  role?: string;
  company?: string;
}

/**
 * Customer quotes, shown in their own section when there are any (none: no section). The spec's page has
 * three, but gives none of their words: publishing invented ones would be a fake review, unlawful in the UK
 * and the EU. Add real quotes, with the customers' consent, here, e.g.
 * `{ quote: 'Our tickets are answered within the hour.', name: 'Jane Doe', role: 'IT Director', company: 'Acme Ltd' }`.
 */
export const testimonials: Testimonial[] = [];

/** The spec's banner, with Call and Schedule a Call: what the store offers a team's buyer (#34). */
export const discountBanner = {
  heading: 'Buying for a whole team?',
  text: `Orders of ${DELIVERY.bulkOrderThreshold} or more licences go through the normal checkout and may need manual processing: the keys can take up to ${DELIVERY.refundIfNotDeliveredHours} hours. Call us to check an order before you place it, or schedule a call.`,
  call: 'Call',
  schedule: { label: 'Schedule a Call', to: '/contact' },
};

export const enterpriseFaqs: FaqEntry[] = [
  {
    question: 'Is this official Microsoft support?',
    answer: `No. We are an independent store selling Office licences, not affiliated with Microsoft. We help with installing and activating what you bought here for ${SUPPORT.sellerSupportPeriod}; the software maker's warranty covers the software itself.`,
  },
  {
    question: 'Can we buy many licences at once?',
    answer: `Yes, through the normal checkout: one licence per device, up to the limit per edition the cart shows. Orders of ${DELIVERY.bulkOrderThreshold} or more may need manual processing; for more than the limit, contact us.`,
  },
  {
    question: 'Do we get an invoice with our VAT number?',
    answer:
      "Yes. Every paid order has an invoice. Give your company's name and, in the EU or the UK, its VAT number at checkout, and the invoice names them.",
  },
  {
    question: 'What if a licence is not in stock?',
    answer:
      'You are told before you pay. The keys in stock are e-mailed when the payment is confirmed; the rest follow by e-mail within the hours the cart states.',
  },
  {
    question: 'When can we reach you?',
    answer: `By phone ${HOURS.phone}, and by e-mail ${HOURS.email}: every message is answered within ${SUPPORT.responseTime}.`,
  },
];

export const closingCta = {
  heading: 'Questions before you order?',
  text: `Call us or send a message: every message is answered within ${SUPPORT.responseTime}.`,
};

export const enterpriseFooter = {
  text: 'An independent store. Not affiliated with Microsoft Corporation.',
  /** The accessible name of the footer's links. */
  navLabel: 'Legal',
  links: [
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'Terms & Conditions', to: '/terms' },
  ],
};

export const callLabels = {
  topBar: `Talk to our support team (${HOURS.phone}):`,
  hero: 'Call Now',
  closing: 'Call Us Today',
  floating: 'Call Us',
};

/** Section headings and table captions of the page. */
export const enterpriseSections = {
  howItWorks: 'How it works',
  benefits: 'What businesses get',
  testimonials: 'What our customers say',
  faq: 'Frequently asked questions',
};
