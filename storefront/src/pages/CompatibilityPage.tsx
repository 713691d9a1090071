import { InfoPageView, type InfoPageContent } from '../components/InfoPageView';

const content: InfoPageContent = {
  title: 'System Requirements',
  description: 'Check that Office 2024 runs on your Windows PC or Mac before you buy.',
  intro:
    'Office 2024 runs on Windows PCs and Macs. Phones, tablets and Chromebooks need a separate Microsoft 365 subscription.',
  sections: [
    {
      heading: 'Windows',
      body: 'Windows 10 version 1903 or later, or Windows 11; at least 4 GB RAM (8 GB recommended) and 4 GB free disk space.',
    },
    {
      heading: 'macOS',
      body: 'macOS Ventura (13.0) or later; at least 4 GB RAM (8 GB recommended) and 10 GB free disk space.',
    },
    {
      heading: 'Applications',
      body: 'Word, Excel, PowerPoint, Outlook and OneNote run on both Windows and Mac; Access and Publisher on Windows only.',
    },
    {
      heading: 'Not supported',
      body: 'Windows 7, 8 and 8.1, macOS 12 or earlier, Windows RT, iOS, Android, Chrome OS and Linux.',
    },
  ],
  links: [{ label: 'Contact Us', to: '/contact' }],
};

/** `/compatibility`: short for now; the full page is the next issue. */
export function CompatibilityPage() {
  return <InfoPageView content={content} />;
}
