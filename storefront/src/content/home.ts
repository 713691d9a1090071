import { DELIVERY } from './business';

/** Copy of the home page (hero, how it works); the FAQ lives in faq.ts. */
export const hero = {
  badge: 'Genuine Microsoft Office 2024 · Lifetime licences',
  headline: 'Office 2024 for life. Pay once, no subscription.',
  benefits: [
    'Lifetime licence: a one-time purchase, no subscription',
    `Keys e-mailed automatically once payment is confirmed, ${DELIVERY.typical}`,
    'Windows and Mac, backed by a 30-day money-back guarantee',
  ],
  trustTiles: [
    { title: 'Fast Delivery', text: `Your key by e-mail, ${DELIVERY.typical}` },
    { title: '100% Genuine', text: 'Authentic licences that activate with Microsoft' },
    { title: 'Multi-Platform', text: 'Windows 10/11 and macOS Ventura (13)+' },
    { title: 'Lifetime License', text: 'Pay once, use it for as long as you like' },
  ],
};

export const requirementsNote =
  'All versions need Windows 10/11 or macOS Ventura (13) or later. Using Office on a phone or tablet needs a separate Microsoft 365 subscription.';

export const howItWorks = {
  steps: [
    {
      title: 'Purchase License',
      text: 'Choose your edition and pay securely by card, Apple Pay, Google Pay or PayPal.',
    },
    {
      title: 'Receive Key',
      text: `Your licence key and download links arrive by e-mail, ${DELIVERY.typical}.`,
    },
    { title: 'Download & Install', text: "Download Office from Microsoft's own servers and install it." },
    { title: 'Activate & Enjoy', text: 'Enter your key to activate. It is yours for life.' },
  ],
  benefits: [
    { title: 'Secure & Authentic', text: 'Genuine licences and 256-bit SSL encrypted checkout.' },
    { title: 'Fast Delivery', text: 'Automatic e-mail delivery as soon as your payment is confirmed.' },
    { title: 'Quality Guarantee', text: "30-day money-back guarantee if your key doesn't work." },
  ],
  stats: [
    // DESIGN.md: one delivery claim everywhere (the spec's "30 Min average" would contradict it).
    { value: 'Minutes', label: 'typical delivery after payment' },
    { value: '100%', label: 'genuine licences' },
  ],
};
