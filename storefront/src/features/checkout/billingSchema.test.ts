import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  billingDetails,
  billingSchema,
  emptyBilling,
  INVALID_VAT_NUMBER,
  type Billing,
} from './billingSchema';

const valid: Billing = {
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  address: '12 Market Street',
  city: 'Pune',
  country: 'IN',
  zipCode: '411001',
  phoneCountryCode: '+91',
  phone: '98765 43210',
  business: false,
  company: '',
  vatNumber: '',
};

/** A business billed in France. */
const french: Partial<Billing> = {
  country: 'FR',
  zipCode: '75008',
  phoneCountryCode: '+33',
  phone: '01 23 45 67 89',
  business: true,
  company: 'Atelier Dupont SARL',
};

function errorsOf(values: Partial<Billing> | Record<string, unknown>): Record<string, string> {
  try {
    billingSchema.validateSync({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) errors[inner.path!] ??= inner.message;
    return errors;
  }
}

describe('billing schema', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
    expect(
      errorsOf({ zipCode: 'SW1A 1AA', country: 'GB', phoneCountryCode: '+44', phone: '(020) 7946-0958' }),
    ).toEqual({});
  });

  it('accepts an internationalised domain, which the server stores in its ASCII form', () => {
    expect(errorsOf({ email: 'Jane@Bücher.example' })).toEqual({});
    expect(errorsOf({ email: 'jane@xn--bcher-kva.example' })).toEqual({});
  });

  it('defaults to India and +91', () => {
    expect(emptyBilling.country).toBe('IN');
    expect(emptyBilling.phoneCountryCode).toBe('+91');
  });

  it('reports every required field with the spec message', () => {
    expect(
      errorsOf({
        email: '',
        firstName: '',
        lastName: ' ',
        address: '',
        city: '',
        country: '',
        zipCode: '',
        phoneCountryCode: '',
        phone: '',
      }),
    ).toEqual({
      email: 'Email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      address: 'Street address is required',
      city: 'City is required',
      country: 'Country is required',
      zipCode: 'Postal code is required',
      phoneCountryCode: 'Please select country code',
      phone: 'Phone number is required',
    });
  });

  it.each<[keyof Billing, string, string]>([
    ['email', 'jane@', 'Please enter a valid email address'],
    // What the server refuses: no dot in the domain, anything before the @ that is not ASCII.
    ['email', 'jane@example', 'Please enter a valid email address'],
    ['email', 'jane@example.com/x', 'Please enter a valid email address'],
    [
      'email',
      'jöe@example.com',
      'Please enter an email address without accents or non-Latin letters before the @',
    ],
    ['firstName', 'J', 'First name must be at least 2 characters'],
    ['lastName', 'D', 'Last name must be at least 2 characters'],
    ['address', '12 M', 'Please enter a complete address'],
    ['city', 'P', 'City must be at least 2 characters'],
    ['zipCode', '12', 'Please enter a valid postal code'],
    ['zipCode', '12345678901', 'Please enter a valid postal code'],
    ['zipCode', '4110#1', 'Please enter a valid postal code'],
    ['phone', '98765', 'Please enter a valid phone number'],
    ['phone', '98765-4321x', 'Please enter a valid phone number'],
    ['phoneCountryCode', '+999', 'Please select country code'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf({ [field]: value })[field]).toBe(message);
  });
});

describe('what the invoice prints', () => {
  const refused = (label: string) =>
    `${label} must not contain control characters (tabs, line breaks) or text-direction marks`;

  it.each<[keyof Billing, string, string]>([
    ['firstName', 'Ja\tne', 'First name'],
    ['lastName', 'Do\u0000e', 'Last name'],
    ['address', '12 Market Street\nPaid in full', 'Street address'],
    ['city', 'Pu\fne', 'City'],
    ['city', 'Pune\u0085x', 'City'],
    ['firstName', 'Jane\u200f', 'First name'],
    ['lastName', 'Doe \u202eLtd', 'Last name'],
    ['address', '12 \u2066Market\u2069 Street', 'Street address'],
  ])(
    'refuses a control character or a text-direction mark in %s, as the server does',
    (field, value, label) => {
      expect(errorsOf({ [field]: value })).toEqual({ [field]: refused(label) });
    },
  );

  it("refuses them in a business buyer's company name", () => {
    expect(errorsOf({ ...french, company: 'Atelier\tDupont' })).toEqual({ company: refused('Company name') });
  });

  it('accepts names in any script, with the joiners some are spelled with', () => {
    expect(errorsOf({ firstName: 'می\u200cخواهم', lastName: 'Müller-Łukasz', city: 'München' })).toEqual({});
  });
});

describe('a business buyer', () => {
  it('is not one by default: the spec’s form, and the spec’s request', () => {
    expect(emptyBilling).toMatchObject({ business: false, company: '', vatNumber: '' });
    // What was typed before the box was unticked is not checked, nor sent.
    const unticked = { ...valid, company: 'X', vatNumber: 'nonsense' };
    expect(errorsOf(unticked)).toEqual({});
    expect(billingDetails(unticked)).toEqual({
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      address: '12 Market Street',
      city: 'Pune',
      country: 'IN',
      zipCode: '411001',
      phoneCountryCode: '+91',
      phone: '98765 43210',
    });
  });

  it('needs a company name of 2 to 200 characters once the box is ticked', () => {
    expect(errorsOf({ business: true })).toEqual({ company: 'Company name is required' });
    expect(errorsOf({ business: true, company: '  ' })).toEqual({ company: 'Company name is required' });
    expect(errorsOf({ business: true, company: 'A' })).toEqual({
      company: 'Company name must be at least 2 characters',
    });
    expect(errorsOf({ business: true, company: 'A'.repeat(201) })).toEqual({
      company: 'Company name must be at most 200 characters',
    });
    expect(errorsOf({ business: true, company: 'A'.repeat(200) })).toEqual({});
  });

  it('may give a VAT number: a country prefix and 2 to 13 letters or digits, however it is spaced', () => {
    for (const vatNumber of ['', 'FR40303265045', 'fr 40 303 265 045', 'FR-40.303.265.045', 'IE6388047V'])
      expect(errorsOf({ ...french, vatNumber }), vatNumber).toEqual({});
    for (const vatNumber of ['40303265045', 'F40303265045', 'DE1', 'FR12345678901234', 'FR40303265045!'])
      expect(errorsOf({ ...french, vatNumber }), vatNumber).toEqual({ vatNumber: INVALID_VAT_NUMBER });
  });

  it('sends the company trimmed and the VAT number as the server keeps it, only when given', () => {
    expect(
      billingDetails({
        ...valid,
        ...french,
        company: ' Atelier Dupont SARL ',
        vatNumber: 'fr 40-303.265 045',
      } as Billing),
    ).toMatchObject({
      country: 'FR',
      company: 'Atelier Dupont SARL',
      vatNumber: 'FR40303265045',
    });
    expect(billingDetails({ ...valid, ...french } as Billing)).not.toHaveProperty('vatNumber');
    expect(billingDetails({ ...valid, ...french, company: '' } as Billing)).not.toHaveProperty('company');
  });

  it('gives a VAT number only for a billing address in the EU or the UK', () => {
    const american = { ...valid, business: true, company: 'Acme Inc.', vatNumber: 'not a number' };
    expect(errorsOf(american)).toEqual({});
    expect(billingDetails(american)).toMatchObject({ company: 'Acme Inc.' });
    expect(billingDetails(american)).not.toHaveProperty('vatNumber');
    const british = {
      ...american,
      country: 'GB',
      zipCode: 'SW1A 1AA',
      phoneCountryCode: '+44',
      vatNumber: 'GB 123 4567 89',
    };
    expect(billingDetails(british)).toMatchObject({ vatNumber: 'GB123456789' });
  });
});
