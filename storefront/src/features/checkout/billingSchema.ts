import { object, string, type InferType } from 'yup';
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

/** The billing form's rules and messages (spec §5); the server checks the same ones again. */
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
    .max(254, INVALID_EMAIL),
  firstName: string()
    .trim()
    .required('First name is required')
    .min(2, 'First name must be at least 2 characters')
    .max(100, 'First name must be at most 100 characters'),
  lastName: string()
    .trim()
    .required('Last name is required')
    .min(2, 'Last name must be at least 2 characters')
    .max(100, 'Last name must be at most 100 characters'),
  address: string()
    .trim()
    .required('Street address is required')
    .min(5, 'Please enter a complete address')
    .max(300, 'Street address must be at most 300 characters'),
  city: string()
    .trim()
    .required('City is required')
    .min(2, 'City must be at least 2 characters')
    .max(100, 'City must be at most 100 characters'),
  country: string()
    .required('Country is required')
    .oneOf(
      COUNTRIES.map((c) => c.code),
      'Country is required',
    ),
  zipCode: string()
    .trim()
    .required('Postal code is required')
    .matches(/^[A-Za-z0-9 -]{3,10}$/, 'Please enter a valid postal code'),
  phoneCountryCode: string()
    .required('Please select country code')
    .oneOf(PHONE_KEYS, 'Please select country code'),
  phone: string()
    .trim()
    .required('Phone number is required')
    .matches(/^[0-9 ()-]{10,20}$/, 'Please enter a valid phone number'),
});

export type Billing = InferType<typeof billingSchema>;

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
