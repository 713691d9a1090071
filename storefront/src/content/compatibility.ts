import { SYSTEM_REQUIREMENTS } from './business';
import type { PageMetaContent } from './types';

export const compatibilityPage: PageMetaContent = {
  title: 'System Requirements & Compatibility',
  description:
    'Check that Office 2024 runs on your computer: Windows 10 (1903+) or 11, macOS Ventura 13+, RAM and disk space, which apps work on Windows and Mac, and which systems are not supported.',
  intro:
    'Before you buy, check that your computer can run Office 2024. It installs on Windows PCs and Macs; phones, tablets and Chromebooks are not supported.',
};

export interface QuickCheck {
  platform: string;
  compatible: boolean;
  verdict: string;
  text: string;
}

export const quickChecks: QuickCheck[] = [
  {
    platform: 'Windows PC',
    compatible: true,
    verdict: 'Fully compatible',
    text: 'Windows 10 (version 1903 or later) or Windows 11. Every edition we sell runs on Windows.',
  },
  {
    platform: 'Mac',
    compatible: true,
    verdict: 'Fully compatible',
    text: 'macOS Ventura 13.0 or later. Standard and Home & Business run on Mac; Professional Plus LTSC is Windows only.',
  },
  {
    platform: 'Mobile & tablet',
    compatible: false,
    verdict: 'Not compatible',
    text: 'Office 2024 licences do not cover iOS or Android. Office on a phone or tablet needs a separate Microsoft 365 subscription.',
  },
];

export interface RequirementRow {
  requirement: string;
  minimum: string;
  recommended: string;
}

export interface PlatformRequirements {
  platform: 'Windows' | 'macOS';
  rows: RequirementRow[];
}

const { windows, mac } = SYSTEM_REQUIREMENTS;

export const platformRequirements: PlatformRequirements[] = [
  {
    platform: 'Windows',
    rows: [
      { requirement: 'Operating system', minimum: windows.os, recommended: 'Windows 11, fully updated' },
      { requirement: 'Memory (RAM)', minimum: windows.ramMinimum, recommended: windows.ramRecommended },
      {
        requirement: 'Free disk space',
        minimum: windows.diskMinimum,
        recommended: `${windows.diskMinimum} or more`,
      },
      {
        requirement: 'Internet',
        minimum: 'Needed to download, install and activate',
        recommended: 'A broadband connection',
      },
    ],
  },
  {
    platform: 'macOS',
    rows: [
      { requirement: 'Operating system', minimum: mac.os, recommended: 'The latest macOS, fully updated' },
      { requirement: 'Memory (RAM)', minimum: mac.ramMinimum, recommended: mac.ramRecommended },
      { requirement: 'Free disk space', minimum: mac.diskMinimum, recommended: `${mac.diskMinimum} or more` },
      {
        requirement: 'Internet',
        minimum: 'Needed to download, install and activate',
        recommended: 'A broadband connection',
      },
    ],
  },
];

export interface ApplicationCompatibility {
  name: string;
  windows: boolean;
  mac: boolean;
  description: string;
}

/** Spec §3: seven applications; Access and Publisher are Windows only. */
export const applications: ApplicationCompatibility[] = [
  { name: 'Word', windows: true, mac: true, description: 'Documents, letters and reports' },
  { name: 'Excel', windows: true, mac: true, description: 'Spreadsheets, charts and data analysis' },
  { name: 'PowerPoint', windows: true, mac: true, description: 'Presentations and slide shows' },
  {
    name: 'Outlook',
    windows: true,
    mac: true,
    description: 'E-mail and calendar (Home & Business and Professional Plus)',
  },
  { name: 'OneNote', windows: true, mac: true, description: 'Digital notebooks' },
  { name: 'Access', windows: true, mac: false, description: 'Databases (Professional Plus LTSC)' },
  {
    name: 'Publisher',
    windows: true,
    mac: false,
    description: 'Desktop publishing; not part of the Office 2024 editions we sell',
  },
];

export const unsupportedSystems: readonly string[] = SYSTEM_REQUIREMENTS.unsupported;

export const importantNotes: string[] = [
  'One licence activates Office on one device. Buy one licence per computer.',
  'Professional Plus LTSC (with Access) runs on Windows only. On a Mac, choose Standard or Home & Business.',
  'Using Office on a phone or tablet needs a separate Microsoft 365 subscription; it is not included in these licences.',
  'Office 2024 does not install on the unsupported systems above, including through compatibility modes.',
  'Not sure your computer qualifies? Contact us before you buy and we will check with you.',
];

export const compatibilityActions = [
  { label: 'Ask us before you buy', to: '/contact' },
  { label: 'Refund Policy', to: '/refund-policy' },
];

/** Section headings and table captions of the page. */
export const compatibilitySections = {
  quickCheck: 'Quick compatibility check',
  requirements: 'System requirements',
  applications: 'Application compatibility',
  unsupported: 'Unsupported systems',
  notes: 'Important notes',
  unsupportedIntro: 'Office 2024 cannot be installed on:',
  applicationsCaption: 'Office applications on Windows and Mac',
};

/** The page's interface labels: table captions, columns and cell values. */
export const compatibilityLabels = {
  requirementsCaption: (platform: PlatformRequirements['platform']) =>
    `${platform} requirements: minimum and recommended`,
  requirementsColumns: { requirement: 'Requirement', minimum: 'Minimum', recommended: 'Recommended' },
  applicationsColumns: { name: 'Application', windows: 'Windows', mac: 'Mac', description: 'Description' },
  supported: 'Supported',
  notSupported: 'Not supported',
};
