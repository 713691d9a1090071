/** The countries the store sells to (spec §3), with their phone prefixes; the server accepts the same list. */
export interface Country {
  code: string;
  name: string;
  flag: string;
  phoneKey: string;
  tooltip: string;
}

const country = (code: string, name: string, flag: string, phoneKey: string): Country => ({
  code,
  name,
  flag,
  phoneKey,
  tooltip: `${name} (${phoneKey})`,
});

export const COUNTRIES: Country[] = [
  country('US', 'United States', '🇺🇸', '+1'),
  country('IN', 'India', '🇮🇳', '+91'),
  country('GB', 'United Kingdom', '🇬🇧', '+44'),
  country('CA', 'Canada', '🇨🇦', '+1'),
  country('AU', 'Australia', '🇦🇺', '+61'),
  country('DE', 'Germany', '🇩🇪', '+49'),
  country('FR', 'France', '🇫🇷', '+33'),
  country('JP', 'Japan', '🇯🇵', '+81'),
  country('SG', 'Singapore', '🇸🇬', '+65'),
  country('UAE', 'United Arab Emirates', '🇦🇪', '+971'),
];

export const PHONE_KEYS = [...new Set(COUNTRIES.map((c) => c.phoneKey))];

export const DEFAULT_COUNTRY = 'IN';
export const DEFAULT_PHONE_KEY = '+91';
