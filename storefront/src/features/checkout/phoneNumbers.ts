import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * What a phone number may be written with, as the server takes it (backend/src/common/phone-numbers.ts):
 * digits and the spaces, parentheses, hyphens, dots and slashes between them, after an optional `+`.
 */
const PHONE_TEXT = /^\+?[0-9 ()./-]{4,30}$/;

/** libphonenumber's region for one of the store's country codes (the store says UAE for AE). */
const regionOf = (country: string) => (country === 'UAE' ? 'AE' : country) as CountryCode;
const countryCallingCodeOf = (region: string) =>
  isSupportedCountry(region) ? getCountryCallingCode(region) : undefined;

/**
 * A phone number in E.164 when it is valid in its country's numbering plan, else null; the server's rule.
 * With a leading `+` the number carries its own country code; otherwise it is a national number of the
 * phone code chosen beside it, read as the billing country's when that country has this code.
 */
export function phoneNumberE164(phone: string, phoneKey: string, billingCountry: string): string | null {
  const text = phone.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const callingCode = /^\+[0-9]{1,3}$/.test(phoneKey) ? phoneKey.slice(1) : undefined;
  if (!text.startsWith('+') && !callingCode) return null;
  const region = regionOf(billingCountry);
  const number = parsePhoneNumberFromString(text, {
    defaultCallingCode: callingCode,
    ...(callingCode && countryCallingCodeOf(region) === callingCode ? { defaultCountry: region } : {}),
  });
  return number?.isValid() ? number.number : null;
}
