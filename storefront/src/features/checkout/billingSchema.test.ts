import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { billingSchema, emptyBilling, type Billing } from './billingSchema';

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
};

function errorsOf(values: Partial<Billing>): Record<string, string> {
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
