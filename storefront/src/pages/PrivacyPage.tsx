import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Privacy Policy',
  description: 'How we collect, use and protect your personal data when you buy from us.',
  intro:
    'We collect only what we need to deliver your licences and support you, and we never sell your data.',
  sections: [
    {
      heading: 'Data we collect',
      body: 'Your name, e-mail address, billing address and phone number, and the details of your orders. Card details go directly to our payment provider and never reach our servers.',
    },
    {
      heading: 'Your rights',
      body: 'You may ask to see, correct or delete your data; we answer within 30 days.',
    },
    { heading: 'Cookies', body: 'Essential cookies only for the checkout; no marketing cookies.' },
  ],
  links: [
    { label: 'Privacy request', to: '/contact?topic=privacy' },
    { label: 'Terms & Conditions', to: '/terms' },
  ],
};

/** `/privacy`: short for now; the full page is the next issue. */
export function PrivacyPage() {
  return <InfoPageView content={content} />;
}
