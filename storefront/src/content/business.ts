/**
 * The store's business constants (spec §9), in one place for every content page. Contacts (e-mail, phone,
 * company name, office address) and support hours are server settings: see `lib/storeConfig.ts`, and
 * `HOURS` in `storeContacts.ts` to name the hours in copy.
 */

export const SUPPORT = {
  /** Every contact-form message and e-mail is answered within this time. */
  responseTime: '24 hours',
  /** Help with installation and activation from the seller. */
  sellerSupportPeriod: '30 days from purchase',
  /** The software maker's warranty on the software itself. */
  softwareWarranty: '90 days from activation',
} as const;

export const DELIVERY = {
  /** The one delivery claim of the store (DESIGN.md). */
  typical: 'typically within minutes',
  keyFormat: '25-character alphanumeric key (5 groups of 5, e.g. XXXXX-XXXXX-XXXXX-XXXXX-XXXXX)',
  devicesPerLicence: 1,
  downloadLinkDays: 30,
  downloadsPerLink: 5,
  bulkOrderThreshold: 10,
  refundIfNotDeliveredHours: 24,
  accessLinkMinutes: 30,
} as const;

export const REFUND = {
  windowDays: 30,
  fullPercent: 100,
  partialMaxPercent: 50,
  nonePercent: 0,
} as const;

export const PRIVACY = {
  rightsResponseDays: 30,
  minimumAge: 13,
  protectedAges: '13-16',
} as const;

export const TERMS = {
  effectiveDate: 'September 21, 2025',
  governingLaw: 'the State of Delaware, United States',
  governingLawShort: 'Delaware',
  language: 'English (US)',
  initialResponse: '24-48 hours',
  formalComplaintResponse: '5-7 business days',
  liabilityCap: 'the amount you paid for the product',
} as const;

export const SYSTEM_REQUIREMENTS = {
  windows: {
    os: 'Windows 10 version 1903 or later, or Windows 11',
    ramMinimum: '4 GB',
    diskMinimum: '4 GB',
    ramRecommended: '8 GB',
  },
  mac: {
    os: 'macOS Ventura 13.0 or later',
    ramMinimum: '4 GB',
    diskMinimum: '10 GB',
    ramRecommended: '8 GB',
  },
  unsupported: [
    'Windows 7',
    'Windows 8 and 8.1',
    'macOS 12 (Monterey) or earlier',
    'Windows RT',
    'iOS',
    'Android',
    'Chrome OS',
    'Linux',
  ],
} as const;

/** Microsoft's own licence terms for its software, linked from the EULA. */
export const VENDOR_LICENSE_TERMS_URL = 'https://www.microsoft.com/en-us/useterms';
