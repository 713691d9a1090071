import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'Refund Policy',
  description: 'Our 30-day money-back guarantee and how to request a refund.',
  intro: 'Every purchase is covered by a 30-day money-back guarantee.',
  sections: [
    {
      heading: 'Eligibility',
      body: 'Request a refund within 30 days of purchase if your key does not work or was not delivered within 24 hours.',
    },
    {
      heading: 'Timeline',
      body: 'Request on day 1, review in 1-3 days, decision in 3-5 days, processing in 5-7 days. Card refunds take 5-7 business days.',
    },
  ],
  links: [
    { label: 'Start Refund Request', to: '/contact?topic=refund' },
    { label: 'Compatibility', to: '/compatibility' },
  ],
};

/** `/refund-policy`: short for now; the full page is the next issue. */
export function RefundPolicyPage() {
  return <InfoPageView content={content} />;
}
