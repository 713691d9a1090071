import {
  COUNTRIES as SERVER_COUNTRIES,
  PHONE_KEYS as SERVER_PHONE_KEYS,
  type CountryCode,
  type PhoneKey,
} from '@store/contracts';

/**
 * The countries the store sells to (spec §3) with their phone prefixes, as the server lists and accepts them
 * (the API contract), and the flag the checkout shows for each.
 */
export interface Country {
  code: CountryCode;
  name: string;
  flag: string;
  phoneKey: PhoneKey;
  tooltip: string;
}

/** Every country's flag: a country the server adds without one here fails to compile. */
const FLAGS: Record<CountryCode, string> = {
  US: '🇺🇸',
  IN: '🇮🇳',
  GB: '🇬🇧',
  CA: '🇨🇦',
  AU: '🇦🇺',
  DE: '🇩🇪',
  FR: '🇫🇷',
  JP: '🇯🇵',
  SG: '🇸🇬',
  UAE: '🇦🇪',
};

export const COUNTRIES: Country[] = SERVER_COUNTRIES.map(({ code, name, phoneKey }) => ({
  code,
  name,
  flag: FLAGS[code],
  phoneKey,
  tooltip: `${name} (${phoneKey})`,
}));

export const PHONE_KEYS: readonly PhoneKey[] = SERVER_PHONE_KEYS;

export const DEFAULT_COUNTRY: CountryCode = 'IN';
export const DEFAULT_PHONE_KEY: PhoneKey = '+91';
