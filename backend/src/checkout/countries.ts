/**
 * The countries the store sells to, with their phone prefixes: the spec's ten in its order, then the rest of
 * the EU's member states by name. `withdrawalRight`: its consumers have the 14-day right of withdrawal (the
 * EU's Consumer Rights Directive, the UK's Consumer Contracts Regulations), so they must give the two
 * statements that waive it before keys are delivered (orders/consents.ts).
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States', phoneKey: '+1' },
  { code: 'IN', name: 'India', phoneKey: '+91' },
  { code: 'GB', name: 'United Kingdom', phoneKey: '+44', withdrawalRight: true },
  { code: 'CA', name: 'Canada', phoneKey: '+1' },
  { code: 'AU', name: 'Australia', phoneKey: '+61' },
  { code: 'DE', name: 'Germany', phoneKey: '+49', withdrawalRight: true },
  { code: 'FR', name: 'France', phoneKey: '+33', withdrawalRight: true },
  { code: 'JP', name: 'Japan', phoneKey: '+81' },
  { code: 'SG', name: 'Singapore', phoneKey: '+65' },
  { code: 'UAE', name: 'United Arab Emirates', phoneKey: '+971' },
  { code: 'AT', name: 'Austria', phoneKey: '+43', withdrawalRight: true },
  { code: 'BE', name: 'Belgium', phoneKey: '+32', withdrawalRight: true },
  { code: 'BG', name: 'Bulgaria', phoneKey: '+359', withdrawalRight: true },
  { code: 'HR', name: 'Croatia', phoneKey: '+385', withdrawalRight: true },
  { code: 'CY', name: 'Cyprus', phoneKey: '+357', withdrawalRight: true },
  { code: 'CZ', name: 'Czechia', phoneKey: '+420', withdrawalRight: true },
  { code: 'DK', name: 'Denmark', phoneKey: '+45', withdrawalRight: true },
  { code: 'EE', name: 'Estonia', phoneKey: '+372', withdrawalRight: true },
  { code: 'FI', name: 'Finland', phoneKey: '+358', withdrawalRight: true },
  { code: 'GR', name: 'Greece', phoneKey: '+30', withdrawalRight: true },
  { code: 'HU', name: 'Hungary', phoneKey: '+36', withdrawalRight: true },
  { code: 'IE', name: 'Ireland', phoneKey: '+353', withdrawalRight: true },
  { code: 'IT', name: 'Italy', phoneKey: '+39', withdrawalRight: true },
  { code: 'LV', name: 'Latvia', phoneKey: '+371', withdrawalRight: true },
  { code: 'LT', name: 'Lithuania', phoneKey: '+370', withdrawalRight: true },
  { code: 'LU', name: 'Luxembourg', phoneKey: '+352', withdrawalRight: true },
  { code: 'MT', name: 'Malta', phoneKey: '+356', withdrawalRight: true },
  { code: 'NL', name: 'Netherlands', phoneKey: '+31', withdrawalRight: true },
  { code: 'PL', name: 'Poland', phoneKey: '+48', withdrawalRight: true },
  { code: 'PT', name: 'Portugal', phoneKey: '+351', withdrawalRight: true },
  { code: 'RO', name: 'Romania', phoneKey: '+40', withdrawalRight: true },
  { code: 'SK', name: 'Slovakia', phoneKey: '+421', withdrawalRight: true },
  { code: 'SI', name: 'Slovenia', phoneKey: '+386', withdrawalRight: true },
  { code: 'ES', name: 'Spain', phoneKey: '+34', withdrawalRight: true },
  { code: 'SE', name: 'Sweden', phoneKey: '+46', withdrawalRight: true },
] as const;

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code);
export const PHONE_KEYS = [...new Set(COUNTRIES.map((c) => c.phoneKey))];

/** The countries whose buyers must consent before delivery: the EU's 27 member states and the UK. */
export const WITHDRAWAL_RIGHT_COUNTRIES: string[] = COUNTRIES.filter((c) => 'withdrawalRight' in c).map(
  (c) => c.code,
);
