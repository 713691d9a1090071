import { SUPPORT } from './business';
import type { FaqEntry } from './faq';
import { HOURS } from './storeContacts';
import type { Card, PageMetaContent } from './types';

export const enterprisePage: PageMetaContent = {
  title: 'Enterprise Support',
  description:
    'Replace your Microsoft enterprise support contract: 30-50% lower cost, senior engineers and unlimited escalations.',
  intro:
    'Independent, third-party support for Microsoft products: senior engineers, unlimited escalations, and 30-50% less than your current contract.',
};

export const enterpriseHeadline = 'Enterprise Support for Microsoft, for 30-50% Less';

export const topBar = 'Independent third-party Microsoft support';

/**
 * The page's figures: only what the store can stand behind (#34). Its hours are the store's support hours
 * (HOURS, from GET /api/store-config), never "24/7/365"; no customer count is claimed.
 */
export const enterpriseFigures: { value: string; label: string }[] = [
  { value: '30-50%', label: 'Cost savings' },
  { value: 'Unlimited', label: 'Escalations' },
];

export const enterpriseSteps: Card[] = [
  {
    title: 'Meet your team',
    text: 'A named account manager and senior engineers learn your environment in a kickoff call.',
  },
  {
    title: 'Seamless transition',
    text: 'We take over open cases and document your systems while your current contract runs out.',
  },
  { title: 'Go live in days', text: 'Support starts within days, not months, with no gap in coverage.' },
];

export const enterpriseBenefits: Card[] = [
  { title: '30-50% cost savings', text: 'Pay less than a traditional enterprise support contract.' },
  {
    title: 'Engineers on the phone',
    text: `Call senior engineers ${HOURS.phone}; e-mail is read ${HOURS.email} and answered within ${SUPPORT.responseTime}.`,
  },
  { title: 'Unlimited escalations', text: 'No caps and no per-incident fees for critical issues.' },
  {
    title: 'Cloud expertise',
    text: '77% of cloud tickets are resolved without escalation to the software maker.',
  },
  { title: 'One point of contact', text: 'A named account manager who knows your environment.' },
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

export const discountBanner = {
  value: '91%',
  heading: '91% discount on transition and onboarding fees',
  text: 'Switch this quarter and pay 9% of the usual onboarding fee. Ongoing savings are 30-50% on top.',
  call: 'Call',
  schedule: { label: 'Schedule a Call', to: '/contact' },
};

export const enterpriseFaqs: FaqEntry[] = [
  {
    question: 'Is this official Microsoft support?',
    answer:
      'No. We are an independent third-party provider, not affiliated with Microsoft. Our engineers support Microsoft products directly and escalate to the software maker when needed.',
  },
  {
    question: 'How much can we save?',
    answer: 'Customers typically save 30-50% compared with a traditional enterprise support contract.',
  },
  {
    question: 'Are escalations really unlimited?',
    answer: 'Yes. There is no cap on escalations and no per-incident fee.',
  },
  {
    question: 'How long does the transition take?',
    answer: 'Most customers go live within days. We take over open cases so there is no gap in coverage.',
  },
  {
    question: 'When can we reach you?',
    answer: `By phone ${HOURS.phone}, and by e-mail ${HOURS.email}: every message is answered within ${SUPPORT.responseTime}.`,
  },
];

export const closingCta = {
  heading: 'Ready to cut your support costs?',
  text: 'Talk to us about your environment. The call is free and there is no obligation.',
};

export const enterpriseFooter = {
  text: 'Independent third-party support. Not affiliated with Microsoft Corporation.',
  /** The accessible name of the footer's links. */
  navLabel: 'Legal',
  links: [
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'Terms & Conditions', to: '/terms' },
  ],
};

export const callLabels = {
  topBar: `Talk to an engineer (${HOURS.phone}):`,
  hero: 'Call Now',
  closing: 'Call Us Today',
  floating: 'Call Us',
};

/** Section headings and table captions of the page. */
export const enterpriseSections = {
  howItWorks: 'How it works',
  benefits: 'Why switch',
  testimonials: 'What our customers say',
  faq: 'Frequently asked questions',
};
