import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Terms and Conditions',
  description: 'The terms that apply when you buy software licences from our store.',
  intro:
    'By purchasing from our store you agree to these terms. They are governed by the laws of the State of Delaware.',
  sections: [
    {
      heading: 'Purchases',
      body: 'Prices are in US dollars. A licence is perpetual, for one device, and non-transferable.',
    },
    {
      heading: 'Liability',
      body: 'Our liability is limited to the amount you paid for the order concerned.',
    },
  ],
  links: [
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'EULA', to: '/eula' },
  ],
};

/** `/terms`: short for now; the full page is the next issue. */
export function TermsPage() {
  return <InfoPageView content={content} />;
}
