import { DELIVERY } from './business';
export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqCategory {
  title: string;
  entries: FaqEntry[];
}

/** The home page FAQ: two categories of five questions, written from the store's facts. */
export const faqCategories: FaqCategory[] = [
  {
    title: 'Product, Purchase & Delivery',
    entries: [
      {
        question: 'Is this a subscription?',
        answer:
          'No. Office 2024 is a perpetual licence: you pay once and can use it for as long as you like, with no renewal fees.',
      },
      {
        question: 'How do I receive my licence key?',
        answer: `By e-mail. Your 25-character key (5 groups of 5) and download instructions are sent automatically once your payment is confirmed, ${DELIVERY.typical}. Please check your spam folder if you do not see it.`,
      },
      {
        question: 'What if my key does not arrive?',
        answer:
          'Contact our support team and we will resend it. If your key is not delivered within 24 hours you qualify for a full refund.',
      },
      {
        question: 'Are the licences genuine?',
        answer:
          'Yes. Every key is a genuine Office 2024 licence that activates with Microsoft. We are an independent reseller, not affiliated with Microsoft.',
      },
      {
        question: 'How many devices can I use one licence on?',
        answer:
          'One licence activates Office on one device. Buy one licence per PC or Mac; orders of 10 or more may need manual processing.',
      },
    ],
  },
  {
    title: 'Installation, Support & Refunds',
    entries: [
      {
        question: 'Which systems are supported?',
        answer:
          'Windows 10 (version 1903 or later) or Windows 11, and macOS Ventura (13) or later. Professional Plus LTSC is Windows only. Phones, tablets, Chrome OS and Linux are not supported.',
      },
      {
        question: 'How do I install Office?',
        answer:
          "Follow the download instructions in your e-mail: download Office from Microsoft's servers, install it, then enter your key when asked to activate.",
      },
      {
        question: 'How long do the download links last?',
        answer: 'Download links in your delivery e-mail stay valid for 30 days after delivery.',
      },
      {
        question: 'What is your refund policy?',
        answer:
          'Every order has a 30-day money-back guarantee. If your key does not work and our support team cannot fix it, we refund you; card refunds take 5-7 business days.',
      },
      {
        question: 'How do I contact support?',
        answer:
          'E-mail us at any time or call Monday to Friday, 9AM-6PM EST. We answer every message within 24 hours.',
      },
    ],
  },
];
