import { BILLING_RULES } from '@store/contracts';
import { object, string, type InferType } from 'yup';
import type { BillingDetails } from '../../api/types';
import { COUNTRIES, DEFAULT_COUNTRY, DEFAULT_PHONE_KEY, PHONE_KEYS } from './countries';

const INVALID_EMAIL = 'Please enter a valid email address';
/** The server refuses these too: most mail systems cannot deliver to them. */
const NON_ASCII_LOCAL_PART =
  'Please enter an email address without accents or non-Latin letters before the @';
/** The HTML form's rule for an address (as yup's `email()`), the part before the @ only. */
const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * As the server decides (class-validator's isEmail on the address with its domain in ASCII): an
 * internationalised domain is accepted (the server stores its punycode form), a domain needs a dot.
 */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  const domainPart = value.slice(at + 1);
  if (at < 1 || !LOCAL_PART.test(value.slice(0, at)) || /[/?#:\\\s[\]%]/.test(domainPart)) return false;
  let domain: string;
  try {
    domain = new URL(`http://${domainPart}`).hostname;
  } catch {
    return false;
  }
  const labels = domain.split('.');
  return (
    labels.length > 1 && labels.every((label) => DOMAIN_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!)
  );
}

const { email, firstName, lastName, address, city, zipCode, phone } = BILLING_RULES;

/**
 * The billing form's rules and messages (spec §5); the server checks the same ones again, and its limits and
 * patterns are the contract's (BillingDto).
 */
export const billingSchema = object({
  email: string()
    .trim()
    .required('Email is required')
    .test(
      'ascii-local-part',
      NON_ASCII_LOCAL_PART,
      (value) => !value || !/^[^@]*\P{ASCII}[^@]*@/u.test(value),
    )
    .test('email', INVALID_EMAIL, (value) => !value || isEmailAddress(value))
    .max(email.maxLength, INVALID_EMAIL),
  firstName: string()
    .trim()
    .required('First name is required')
    .min(firstName.minLength, `First name must be at least ${firstName.minLength} characters`)
    .max(firstName.maxLength, `First name must be at most ${firstName.maxLength} characters`),
  lastName: string()
    .trim()
    .required('Last name is required')
    .min(lastName.minLength, `Last name must be at least ${lastName.minLength} characters`)
    .max(lastName.maxLength, `Last name must be at most ${lastName.maxLength} characters`),
  address: string()
    .trim()
    .required('Street address is required')
    .min(address.minLength, 'Please enter a complete address')
    .max(address.maxLength, `Street address must be at most ${address.maxLength} characters`),
  city: string()
    .trim()
    .required('City is required')
    .min(city.minLength, `City must be at least ${city.minLength} characters`)
    .max(city.maxLength, `City must be at most ${city.maxLength} characters`),
  country: string()
    .required('Country is required')
    .oneOf(
      COUNTRIES.map((c) => c.code),
      'Country is required',
    ),
  zipCode: string()
    .trim()
    .required('Postal code is required')
    .matches(new RegExp(zipCode.pattern), 'Please enter a valid postal code'),
  phoneCountryCode: string()
    .required('Please select country code')
    .oneOf(PHONE_KEYS, 'Please select country code'),
  phone: string()
    .trim()
    .required('Phone number is required')
    .matches(new RegExp(phone.pattern), 'Please enter a valid phone number'),
});

/** What the form holds: text in every field, a choice too until the form is checked. */
export type Billing = Record<keyof InferType<typeof billingSchema>, string>;

/** Checked form values as the API takes them (its country codes and phone keys are the contract's). */
export function billingDetails(values: Billing): BillingDetails {
  return billingSchema.cast(values);
}

export const emptyBilling: Billing = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  country: DEFAULT_COUNTRY,
  zipCode: '',
  phoneCountryCode: DEFAULT_PHONE_KEY,
  phone: '',
};
