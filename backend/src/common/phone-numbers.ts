import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * What a phone number may be written with: digits and the spaces, parentheses, hyphens, dots and slashes
 * people put between them, after an optional leading `+`. No letters: libphonenumber would read a number out
 * of "call 030 123456" or drop an "ext. 12", and the stored number would not be what the buyer typed.
 */
const PHONE_TEXT = /^\+?[0-9 ()./-]{4,30}$/;

/** libphonenumber's region for one of the store's country codes (the store says UAE for AE). */
const regionOf = (country: string) => (country === 'UAE' ? 'AE' : country) as CountryCode;
const countryCallingCodeOf = (region: string) =>
  isSupportedCountry(region) ? getCountryCallingCode(region) : undefined;

export interface PhoneNumber {
  /** The number in E.164, as stored: `+34612345678`. */
  e164: string;
  /** Its country calling code with its `+`: `+34`. */
  callingCode: string;
}

/**
 * A valid phone number in E.164, else null. With a leading `+` (or an international `00` prefix) the number
 * carries its own country code; otherwise it is a national number of the country of `phoneKey` (the phone
 * code chosen beside it, which the checkout preselects with the billing country): numbered as the billing
 * country when that country has this code (the US and Canada share +1), else as the code's own countries.
 * Checked with libphonenumber's `min` metadata: each country's number lengths and leading digits.
 */
export function parsePhoneNumber(
  phone: string,
  phoneKey: string,
  billingCountry: string,
): PhoneNumber | null {
  const text = phone.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const callingCode = /^\+[0-9]{1,3}$/.test(phoneKey) ? phoneKey.slice(1) : undefined;
  if (!text.startsWith('+') && !callingCode) return null;
  const region = regionOf(billingCountry);
  const number = parsePhoneNumberFromString(text, {
    defaultCallingCode: callingCode,
    ...(callingCode && countryCallingCodeOf(region) === callingCode ? { defaultCountry: region } : {}),
  });
  return number?.isValid() ? { e164: number.number, callingCode: `+${number.countryCallingCode}` } : null;
}
