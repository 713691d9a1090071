import { BILLING_RULES } from '@store/contracts';
import { boolean, object, string, type InferType } from 'yup';
import type { BillingDetails } from '../../api/types';
import { phoneNumberE164 } from './phoneNumbers';
import { COUNTRIES, DEFAULT_COUNTRY, DEFAULT_PHONE_KEY, PHONE_KEYS, vatNumberOffered } from './countries';

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

const { email, firstName, lastName, address, city, zipCode, company } = BILLING_RULES;

/**
 * What an invoice prints may not hold control characters or text-direction marks (the server's
 * PrintableText, whose pattern the contract publishes): said before the buyer pays, as the server would.
 */
const printable = (rule: { pattern: string }, label: string) =>
  [
    new RegExp(rule.pattern),
    `${label} must not contain control characters (tabs, line breaks) or text-direction marks`,
  ] as const;
/**
 * A VAT number's shape, once written as the server keeps it (normaliseVatNumber): a two-letter country prefix
 * and 2 to 13 letters and digits. Only a first check: the server checks each country's format, and the
 * number itself where a validation service is configured.
 */
const VAT_NUMBER = /^[A-Z]{2}[A-Z0-9]{2,13}$/;
export const INVALID_VAT_NUMBER =
  'Please enter a VAT number starting with its country code, e.g. FR40303265045';

/** A VAT number without the spaces, dots and hyphens it is often written with, in capitals. */
export const normaliseVatNumber = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

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
    .max(firstName.maxLength, `First name must be at most ${firstName.maxLength} characters`)
    .matches(...printable(firstName, 'First name')),
  lastName: string()
    .trim()
    .required('Last name is required')
    .min(lastName.minLength, `Last name must be at least ${lastName.minLength} characters`)
    .max(lastName.maxLength, `Last name must be at most ${lastName.maxLength} characters`)
    .matches(...printable(lastName, 'Last name')),
  address: string()
    .trim()
    .required('Street address is required')
    .min(address.minLength, 'Please enter a complete address')
    .max(address.maxLength, `Street address must be at most ${address.maxLength} characters`)
    .matches(...printable(address, 'Street address')),
  city: string()
    .trim()
    .required('City is required')
    .min(city.minLength, `City must be at least ${city.minLength} characters`)
    .max(city.maxLength, `City must be at most ${city.maxLength} characters`)
    .matches(...printable(city, 'City')),
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
  // Valid in its country's numbering plan, as the server checks it; an unknown phone code is that field's
  // error alone.
  phone: string()
    .trim()
    .required('Phone number is required')
    .test('phone-number', 'Please enter a valid phone number', (value, { parent }) => {
      const { phoneCountryCode, country } = parent as { phoneCountryCode?: string; country?: string };
      if (!value) return true;
      if (!value.startsWith('+') && !(PHONE_KEYS as readonly string[]).includes(phoneCountryCode ?? ''))
        return true;
      return phoneNumberE164(value, phoneCountryCode ?? '', country ?? '') !== null;
    }),
  // A business buyer (#20 §4): off by default, so the spec's form is unchanged until it is ticked.
  business: boolean().required(),
  company: string()
    .trim()
    .default('')
    .when('business', {
      is: true,
      then: (name) =>
        name
          .required('Company name is required')
          .min(company.minLength, `Company name must be at least ${company.minLength} characters`)
          .max(company.maxLength, `Company name must be at most ${company.maxLength} characters`)
          .matches(...printable(company, 'Company name')),
    }),
  vatNumber: string()
    .trim()
    .default('')
    .when(['business', 'country'], ([business, country], vatNumber) =>
      business && vatNumberOffered(String(country))
        ? vatNumber.test(
            'vat-number',
            INVALID_VAT_NUMBER,
            (value) => !value || VAT_NUMBER.test(normaliseVatNumber(value)),
          )
        : vatNumber,
    ),
});

/** What the form holds: text in every field (a choice too until the form is checked), and the business box. */
export type Billing = Record<Exclude<keyof InferType<typeof billingSchema>, 'business'>, string> & {
  business: boolean;
};

/**
 * Checked form values as the API takes them (its country codes and phone keys are the contract's): the
 * company name and VAT number only when the business box is ticked and they are given, the VAT number only
 * for a billing address in the EU or the UK (the form offers it nowhere else).
 */
export function billingDetails(values: Billing): BillingDetails {
  const { business, company, vatNumber, ...details } = billingSchema.cast(values);
  const vat = business && vatNumberOffered(details.country) ? normaliseVatNumber(vatNumber) : '';
  return {
    ...details,
    ...(business && company ? { company } : {}),
    ...(vat ? { vatNumber: vat } : {}),
  };
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
  business: false,
  company: '',
  vatNumber: '',
};
