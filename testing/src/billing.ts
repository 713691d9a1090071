// What a valid checkout sends: the catalogue's product ids and a billing address that passes every rule
// of the checkout form. Used by the API suites, the resilience specs and the checkout benchmark.

export const STANDARD = 'office-2024-standard';
export const HOME_BUSINESS = 'office-2024-home-business';
export const PRO_PLUS = 'office-2024-professional-plus';

/** Billing details that pass every rule of the spec's form. */
export const BILLING = {
  email: 'Jane.Doe@Example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  address: '12 Market Street',
  city: 'Pune',
  country: 'IN',
  zipCode: '411001',
  phoneCountryCode: '+91',
  // International (a leading +), so it stays valid when a test bills another country with its phone code;
  // stored as +919876543210. The previous release's checkout took digits only (previous-release.ts).
  phone: '+91 98765 43210',
};

/** What POST /api/create-payment-intent answers. */
export interface Intent {
  orderId: string;
  clientSecret: string;
  provider: 'stripe' | 'demo';
  publishableKey?: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * A client address of its own for each simulated shopper, sent as X-Forwarded-For (the server must
 * trust its loopback proxy: TRUST_PROXY=loopback), so that per-client rate limits see many clients.
 */
export const shopperAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
