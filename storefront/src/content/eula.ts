import { DELIVERY, SUPPORT, TERMS, VENDOR_LICENSE_TERMS_URL } from './business';
import { HOURS } from './storeContacts';
import type { PageMetaContent, TextSection } from './types';

export const eulaPage: PageMetaContent = {
  title: 'End-User Licence Agreement',
  description:
    'What you may and may not do with an Office 2024 licence bought from us: one device, perpetual, non-transferable; support, warranties, termination and governing law.',
  intro:
    'This agreement covers the licence keys we sell. The Office software itself is licensed to you by Microsoft under its own licence terms, which also apply.',
};

export const eulaSections: TextSection[] = [
  {
    heading: 'Overview',
    paragraphs: [
      'When you buy a licence key from us, you receive the right to activate and use one copy of the Office 2024 edition you bought, on the terms below.',
      `This agreement takes effect when you activate the key and is dated ${TERMS.effectiveDate}.`,
    ],
  },
  {
    heading: 'Licence Rights',
    paragraphs: ['You may:'],
    bullets: [
      `Install and activate the software on ${DELIVERY.devicesPerLicence} device per licence`,
      'Use it for as long as you like: the licence is perpetual, with no subscription',
      'Use it for personal or business work, as the edition allows',
      'Reinstall it on the same device',
    ],
  },
  {
    heading: 'Restrictions',
    paragraphs: ['You may not:'],
    bullets: [
      'Use one key on more than one device at a time',
      'Transfer, resell, rent or share the licence: it is non-transferable',
      'Use the licence outside the region it was issued for: it is region-specific',
      'Reverse-engineer, modify or work around the activation of the software',
    ],
  },
  {
    heading: 'Support Terms',
    paragraphs: [
      `We help with delivery, installation and activation for ${SUPPORT.sellerSupportPeriod}. E-mail support is open ${HOURS.email}; phone support ${HOURS.phone}.`,
      'Questions about how to use the applications themselves are covered by Microsoft’s own help resources.',
    ],
  },
  {
    heading: 'Warranties',
    paragraphs: [
      `We guarantee that every key is genuine and activates. If it does not and we cannot fix it, our 30-day money-back guarantee applies. The software carries a warranty of ${SUPPORT.softwareWarranty}, under Microsoft’s terms.`,
      'Apart from these, the software is provided as it is, to the extent the law allows.',
    ],
  },
  {
    heading: 'Data Handling',
    paragraphs: [
      'Activation sends your key and basic device information to Microsoft, which handles it under its own privacy statement. We keep your order and key records as described in our Privacy Policy.',
    ],
  },
  {
    heading: 'Termination',
    paragraphs: [
      'This licence ends if you break its terms, or if your purchase is refunded or charged back: the key and its download links are then deactivated.',
      'When it ends, you must stop using the software and uninstall it.',
    ],
  },
  {
    heading: 'Governing Law',
    paragraphs: [
      `This agreement is governed by the laws of ${TERMS.governingLaw}, and written in ${TERMS.language}.`,
    ],
  },
];

export const vendorTerms = {
  text: "Microsoft's licence terms for Office 2024 also apply to your use of the software.",
  label: "Read Microsoft's software licence terms",
  href: VENDOR_LICENSE_TERMS_URL,
};

/** Section headings and table captions of the page. */
export const eulaSectionTitles = {
  vendorTerms: "Microsoft's licence terms",
};
