import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { billingSchema, emptyBilling } from './billingSchema';
import { phoneNumberE164 } from './phoneNumbers';
import { INVALID_PHONE_NUMBERS, PHONE_NUMBERS } from '@store/testing/phone-numbers';

// The API suites' table of real-looking numbers of every country the checkout offers (a mobile and a landline
// each, as a buyer billed there types them, and their E.164 form), and numbers no country's plan has.

/** The form's message for the phone field of a buyer billed in `country`, or undefined. */
function phoneError(country: string, phoneCountryCode: string, phone: string): string | undefined {
  try {
    billingSchema.validateSyncAt('phone', { ...emptyBilling, country, phoneCountryCode, phone });
    return undefined;
  } catch (error) {
    return (error as ValidationError).message;
  }
}

describe('phone numbers, per country (#34)', () => {
  it.each(
    PHONE_NUMBERS.flatMap(({ country, phoneKey, numbers }) =>
      numbers.map(([n, e164]) => [country, phoneKey, n, e164]),
    ),
  )('%s %s %s is %s', (country, phoneKey, national, e164) => {
    expect(phoneNumberE164(national, phoneKey, country)).toBe(e164);
    expect(phoneNumberE164(e164, phoneKey, country)).toBe(e164);
    expect(phoneNumberE164(`${phoneKey} ${e164.slice(phoneKey.length)}`, phoneKey, country)).toBe(e164);
    expect(phoneError(country, phoneKey, national)).toBeUndefined();
  });

  it('takes the Spanish, Danish and German numbers the one pattern refused, and +34', () => {
    expect(phoneError('ES', '+34', '612345678')).toBeUndefined();
    expect(phoneError('ES', '+34', '+34 612 345 678')).toBeUndefined();
    expect(phoneError('DK', '+45', '32123456')).toBeUndefined();
    expect(phoneError('DE', '+49', '030 123456')).toBeUndefined();
  });

  it('reads a + number in its own country, whichever code is chosen beside it', () => {
    expect(phoneNumberE164('+33 6 12 34 56 78', '+49', 'DE')).toBe('+33612345678');
    expect(phoneError('DE', '+49', '+41 44 668 18 00')).toBeUndefined();
  });

  it.each(INVALID_PHONE_NUMBERS)("refuses %s %s %s with the spec's message", (country, phoneKey, phone) => {
    expect(phoneNumberE164(phone, phoneKey, country)).toBeNull();
    expect(phoneError(country, phoneKey, phone)).toBe('Please enter a valid phone number');
  });

  it("refuses another country's number read in the chosen country", () => {
    expect(phoneError('DK', '+45', '612 345 678')).toBe('Please enter a valid phone number');
  });

  it('leaves an unknown phone code to its own field', () => {
    expect(phoneError('IN', '+999', '98765 43210')).toBeUndefined();
    expect(phoneError('IN', '+91', '')).toBe('Phone number is required');
  });
});
