import { BILLING, HOME_BUSINESS, STANDARD, shopperAddress, type Intent } from '@store/testing';
import type { TestApp } from './test-app.js';

export { BILLING, HOME_BUSINESS, PRO_PLUS, STANDARD, shopperAddress, type Intent } from '@store/testing';

/** Both statements a buyer billed in the EU or the UK gives at checkout (orders/consents.ts). */
export const CONSENTS = { immediateDelivery: true, withdrawalRightLoss: true };
/** A consumer billed in Germany (VAT 19 %). */
export const GERMANY = {
  ...BILLING,
  country: 'DE',
  city: 'Berlin',
  zipCode: '10115',
  phoneCountryCode: '+49',
};
/** Two Standard ($40.49) and one Home & Business ($242.99): $323.97, $32.40 off with SAVE10. */
export const TAX_CART = [
  { id: STANDARD, quantity: 2 },
  { id: HOME_BUSINESS, quantity: 1 },
];

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
