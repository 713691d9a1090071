import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Careers',
  description: 'Join the team that delivers genuine Office licences to customers in more than 15 countries.',
  intro: 'We are a small, fast-growing team of 50+ people serving more than 10,000 customers.',
  sections: [
    {
      heading: 'Open positions',
      body: 'Senior Software Sales Specialist, Customer Success Manager, Technical Support Specialist, Digital Marketing Specialist, Business Development Representative and Product Content Writer.',
    },
    {
      heading: 'How to apply',
      body: 'Apply online, then a phone screening, a technical interview and a final interview.',
    },
  ],
  links: [{ label: 'Contact HR Team', to: '/contact' }],
};

/** `/careers`: short for now; the full page is the next issue. */
export function CareersPage() {
  return <InfoPageView content={content} />;
}
