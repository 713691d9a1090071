/** The countries the store sells to (the spec's list), with their phone prefixes. */
export const COUNTRIES = [
  { code: 'US', name: 'United States', phoneKey: '+1' },
  { code: 'IN', name: 'India', phoneKey: '+91' },
  { code: 'GB', name: 'United Kingdom', phoneKey: '+44' },
  { code: 'CA', name: 'Canada', phoneKey: '+1' },
  { code: 'AU', name: 'Australia', phoneKey: '+61' },
  { code: 'DE', name: 'Germany', phoneKey: '+49' },
  { code: 'FR', name: 'France', phoneKey: '+33' },
  { code: 'JP', name: 'Japan', phoneKey: '+81' },
  { code: 'SG', name: 'Singapore', phoneKey: '+65' },
  { code: 'UAE', name: 'United Arab Emirates', phoneKey: '+971' },
] as const;

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code);
export const PHONE_KEYS = [...new Set(COUNTRIES.map((c) => c.phoneKey))];
