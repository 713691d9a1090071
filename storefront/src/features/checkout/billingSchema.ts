import { object, string, type InferType } from 'yup';
import { COUNTRIES, DEFAULT_COUNTRY, DEFAULT_PHONE_KEY, PHONE_KEYS } from './countries';

/** The billing form's rules and messages (spec §5); the server checks the same ones again. */
export const billingSchema = object({
  email: string()
    .trim()
    .required('Email is required')
    .email('Please enter a valid email address')
    .max(254, 'Please enter a valid email address'),
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
