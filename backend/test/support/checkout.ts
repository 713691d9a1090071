import type { TestApp } from './test-app.js';

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
  phone: '98765 43210',
};

export const STANDARD = 'office-2024-standard';
export const HOME_BUSINESS = 'office-2024-home-business';
export const PRO_PLUS = 'office-2024-professional-plus';

export interface Intent {
  orderId: string;
  clientSecret: string;
  provider: 'stripe' | 'demo';
  publishableKey?: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/** A client address of its own for each simulated shopper (the app must trust its loopback proxy: TRUST_PROXY=loopback). */
export const shopperAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** POST /api/create-payment-intent with a valid body, overridable, from a shopper address of its own. */
export function createIntent(
  t: TestApp,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const req = t.http().post('/api/create-payment-intent').set('x-forwarded-for', shopperAddress());
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send({ cartItems: [{ id: STANDARD, quantity: 1 }], billing: BILLING, ...body });
}

/** A checkout paid with the demo provider; answers the intent. */
export async function buyWithDemo(
  t: TestApp,
  cartItems = [{ id: STANDARD, quantity: 1 }],
  email = BILLING.email,
) {
  const intent = (await createIntent(t, { cartItems, billing: { ...BILLING, email } }).expect(201))
    .body as Intent;
  await t
    .http()
    .post('/api/payments/demo/confirm')
    .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
    .expect(200);
  return intent;
}
