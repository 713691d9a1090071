import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Contact Us',
  description:
    'Questions about an order, a licence key or installation? Our support team answers within 24 hours.',
  intro:
    'E-mail us at any time, call us Monday to Friday 9AM-6PM EST, or chat with us Monday to Friday 9AM-8PM EST. We answer every message within 24 hours.',
  sections: [
    {
      heading: 'E-mail',
      body: 'Write to our support address (shown in the footer) at any time; we reply within 24 hours.',
    },
    { heading: 'Phone', body: 'Call us Monday to Friday, 9AM-6PM EST.' },
    { heading: 'Our office', body: 'Anderson, SC, United States.' },
  ],
  links: [
    { label: 'Refund Policy', to: '/refund-policy' },
    { label: 'Delivery Policy', to: '/delivery-policy' },
  ],
};

/** `/contact`: short for now; the full page is the next issue. */
export function ContactPage() {
  return <InfoPageView content={content} />;
}
