import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Delivery Policy',
  description: 'How and when your Office licence keys are delivered.',
  intro: 'Keys are e-mailed automatically once payment is confirmed, typically within minutes.',
  sections: [
    {
      heading: 'What you receive',
      body: 'A 25-character licence key per licence, download instructions and download links valid for 30 days.',
    },
    {
      heading: 'Slower cases',
      body: 'Rarely, a payment review or keys on back-order can delay delivery; we keep you informed by e-mail. If your keys do not arrive within 24 hours you qualify for a full refund.',
    },
  ],
  links: [
    { label: 'Contact Us', to: '/contact' },
    { label: 'Refund Policy', to: '/refund-policy' },
  ],
};

/** `/delivery-policy`: short for now; the full page is the next issue. */
export function DeliveryPolicyPage() {
  return <InfoPageView content={content} />;
}
