import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Enterprise Support',
  description: 'Third-party Microsoft support for enterprises: save 30-50% with 24/7/365 expert help.',
  intro:
    'Replace your enterprise support contract with 24/7/365 expert help, unlimited escalations and 30-50% lower cost.',
  sections: [
    { heading: 'How it works', body: 'Meet your team, a seamless transition, and go live in days.' },
    { heading: 'Why switch', body: 'Experienced engineers, one point of contact, and no per-incident fees.' },
  ],
  links: [{ label: 'Schedule a Call', to: '/contact' }],
};

/** `/enterprise-support`: short for now; the full page is the next issue. */
export function EnterpriseSupportPage() {
  return <InfoPageView content={content} />;
}
