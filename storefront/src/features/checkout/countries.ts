import {
  BILLING_RULES,
  CONSENT_REQUIRED_COUNTRIES,
  COUNTRIES as SERVER_COUNTRIES,
  PHONE_KEYS as SERVER_PHONE_KEYS,
  type CountryCode,
  type PhoneKey,
} from '@store/contracts';

/**
 * The countries the store sells to (spec §3) with their phone prefixes, as the server lists and accepts them
 * (the API contract). No flags: a flag emoji shows as empty boxes where no emoji font is installed, and
 * an option that starts with one cannot be chosen by typing the country's name.
 */
export interface Country {
  code: CountryCode;
  name: string;
  phoneKey: PhoneKey;
  tooltip: string;
}

export const COUNTRIES: Country[] = SERVER_COUNTRIES.map(({ code, name, phoneKey }) => ({
  code,
  name,
  phoneKey,
  tooltip: `${name} (${phoneKey})`,
}));

export const PHONE_KEYS: readonly PhoneKey[] = SERVER_PHONE_KEYS;

/** Whether a buyer billed in `country` (the EU's and the UK's) must give both statements before paying. */
export const consentRequired = (country: string): boolean =>
  (CONSENT_REQUIRED_COUNTRIES as readonly string[]).includes(country);

/** Whether a business billed in `country` may give a VAT number: the server takes one for the EU and the UK only. */
export const vatNumberOffered = (country: string): boolean =>
  (BILLING_RULES.vatNumber['x-countries'] as readonly string[]).includes(country);

export const DEFAULT_COUNTRY: CountryCode = 'IN';
export const DEFAULT_PHONE_KEY: PhoneKey = '+91';
