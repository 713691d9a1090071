import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'End-User Licence Agreement',
  description: 'The licence terms for the Office software you buy from us.',
  intro: "Your use of the software is governed by this agreement and by the software maker's licence terms.",
  sections: [
    {
      heading: 'Licence rights',
      body: 'Install and activate the software on one device for your own use, for as long as you like.',
    },
    {
      heading: 'Restrictions',
      body: 'The licence is region-specific and may not be resold, rented or transferred.',
    },
  ],
  links: [{ label: 'Terms & Conditions', to: '/terms' }],
};

/** `/eula`: short for now; the full page is the next issue. */
export function EulaPage() {
  return <InfoPageView content={content} />;
}
