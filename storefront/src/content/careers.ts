import type { Card, PageMetaContent } from './types';

export const careersPage: PageMetaContent = {
  title: 'Careers',
  description:
    'Join the team that delivers genuine Office licences. Six open positions in sales, customer success, support and marketing.',
  intro:
    'We help people and businesses get genuine Office software at a fair price, and we back every sale with real support. Come and build that with us.',
};

export interface Department {
  name: string;
  openings: number;
  description: string;
}

export const departments: Department[] = [
  {
    name: 'Sales',
    openings: 2,
    description: 'Helps businesses choose the right Office editions and volumes.',
  },
  {
    name: 'Customer Success',
    openings: 1,
    description: 'Looks after business customers from the first order onwards.',
  },
  { name: 'Support', openings: 1, description: 'Answers every customer question within 24 hours.' },
  { name: 'Marketing', openings: 2, description: 'Tells shoppers clearly and honestly what we sell.' },
];

export interface JobPosting {
  title: string;
  department: Department['name'];
  location: string;
  type: 'Full-time' | 'Contract';
  experience: string;
  description: string;
  requirements: string[];
  benefits: string[];
}

export const jobPostings: JobPosting[] = [
  {
    title: 'Senior Software Sales Specialist',
    department: 'Sales',
    location: 'Anderson, SC (hybrid)',
    type: 'Full-time',
    experience: '5+ years',
    description:
      'Own relationships with small and mid-sized business customers buying Office licences in volume, from first call to repeat orders.',
    requirements: [
      'Five or more years of B2B software sales',
      'Good knowledge of Microsoft Office editions and licensing',
      'A record of meeting sales targets honestly',
      'Clear written and spoken English',
    ],
    benefits: ['Base salary plus commission', 'Health, dental and vision cover', 'Hybrid working'],
  },
  {
    title: 'Customer Success Manager',
    department: 'Customer Success',
    location: 'Remote (US)',
    type: 'Full-time',
    experience: '3+ years',
    description:
      'Be the named contact for our business customers: onboarding, renewals of larger orders, and making sure every licence is put to use.',
    requirements: [
      'Three or more years in customer success or account management',
      'Comfortable explaining software licensing to non-specialists',
      'Organised, with experience of a CRM',
    ],
    benefits: ['Fully remote', 'Health, dental and vision cover', 'Annual learning budget'],
  },
  {
    title: 'Technical Support Specialist',
    department: 'Support',
    location: 'Anderson, SC',
    type: 'Full-time',
    experience: '2+ years',
    description:
      'Help customers install and activate Office on Windows and Mac by e-mail and phone, and resolve delivery questions.',
    requirements: [
      'Two or more years in technical support',
      'Hands-on knowledge of Windows 10/11 and macOS',
      'Patience and clear, friendly writing',
      'Available for some Saturday shifts (10AM-4PM EST)',
    ],
    benefits: ['Paid training', 'Health, dental and vision cover', 'Shift allowance for Saturdays'],
  },
  {
    title: 'Digital Marketing Specialist',
    department: 'Marketing',
    location: 'Remote (US)',
    type: 'Full-time',
    experience: '3+ years',
    description:
      'Plan and run our search, e-mail and social campaigns, and measure what works without overstating what we sell.',
    requirements: [
      'Three or more years in digital marketing for e-commerce',
      'Experience with search advertising and e-mail campaigns',
      'Comfortable with analytics and reporting',
    ],
    benefits: ['Fully remote', 'Health, dental and vision cover', 'Annual learning budget'],
  },
  {
    title: 'Business Development Representative',
    department: 'Sales',
    location: 'Anderson, SC (hybrid)',
    type: 'Full-time',
    experience: '1+ years',
    description:
      'Find and qualify businesses that need Office licences and hand them to our senior sales team.',
    requirements: [
      'One or more years in sales or business development',
      'Confident on the phone and in writing',
      'Eager to learn software licensing',
    ],
    benefits: [
      'Base salary plus commission',
      'Health, dental and vision cover',
      'A clear path to senior sales',
    ],
  },
  {
    title: 'Product Content Writer',
    department: 'Marketing',
    location: 'Remote',
    type: 'Contract',
    experience: '2+ years',
    description:
      'Write clear product pages, installation guides and help articles about Office 2024 for Windows and Mac users.',
    requirements: [
      'Two or more years writing product or technical content',
      'A portfolio of published work',
      'Working knowledge of Word, Excel and PowerPoint',
    ],
    benefits: ['Flexible hours', 'Fully remote', 'Paid per project with a monthly retainer'],
  },
];

export const values: Card[] = [
  { title: 'Honesty', text: 'We say what we sell, what it costs and how long it takes, and we stand by it.' },
  { title: 'Customers first', text: 'Every message is answered within 24 hours by a person who can help.' },
  { title: 'Ownership', text: 'We fix problems end to end instead of passing them along.' },
  { title: 'Keep learning', text: 'Software and licensing change; we make time to keep up.' },
];

export const benefits: Card[] = [
  { title: 'Health cover', text: 'Health, dental and vision insurance for full-time staff.' },
  { title: 'Flexible work', text: 'Remote and hybrid roles, with flexible hours where the role allows.' },
  { title: 'Paid time off', text: 'Generous paid leave plus public holidays.' },
  { title: 'Learning budget', text: 'An annual budget for courses, books and certifications.' },
  { title: 'Retirement plan', text: '401(k) with an employer match for full-time staff.' },
  { title: 'Office software', text: 'Genuine Office licences for you and your family.' },
];

export const applicationSteps: Card[] = [
  {
    title: 'Apply Online',
    text: 'Choose Apply Now on a position and send us a short message about yourself.',
  },
  { title: 'Phone Screening', text: 'A 20-minute call with our HR team about the role and your experience.' },
  { title: 'Technical Interview', text: 'A practical conversation with the team you would join.' },
  { title: 'Final Interview', text: 'Meet the department lead, ask your own questions, and get our answer.' },
];

/** The Apply Now address of a posting: the contact form with the title prefilled. */
export function applyHref(title: string): string {
  return `/contact?role=${encodeURIComponent(title)}`;
}

/** The calls to action: to the open positions and to the contact form. */
export const careersActions = {
  positions: 'View Open Positions',
  hr: 'Contact HR Team',
};

/** Section headings and table captions of the page. */
export const careersSections = {
  stats: 'Who we are',
  departments: 'Departments',
  positions: 'Open Positions',
  values: 'Our values',
  benefits: 'Benefits',
  process: 'Application process',
};

/** Labels of a department card. */
export const departmentLabels = {
  openings: (count: number) => `${count} open ${count === 1 ? 'position' : 'positions'}`,
};

/** Labels of a job card. */
export const jobLabels = {
  department: 'Department',
  location: 'Location',
  type: 'Type',
  experience: 'Experience',
  requirements: 'Requirements',
  benefits: 'Benefits',
  apply: 'Apply Now',
  /** The accessible name of a card's Apply Now link. */
  applyFor: (title: string) => `Apply Now: ${title}`,
};

/**
 * The page's figures: only what this page itself shows (#34). The spec's team size, customer count,
 * countries and growth rate have no source the store can name, so they are not claimed.
 */
export const careerStats: { value: string; label: string }[] = [
  { value: String(jobPostings.length), label: 'Open positions' },
  { value: String(departments.length), label: 'Teams hiring' },
];
