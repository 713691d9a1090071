import { LicenseKey } from '../../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey } from '../../src/license-keys/license-key-cipher.js';
import { RestockService } from '../../src/fulfilment/restock.service.js';
import { Order } from '../../src/orders/entities/order.entity.js';
import { createIntent, PRO_PLUS, type Intent } from './checkout.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A test app taking payments through Stripe; `close()` also stops the stand-in. */
export interface StripeTestApp extends TestApp {
  stripe: StripeStandIn;
}

/**
 * A test app taking payments through the Stripe SDK against a local stand-in API (shoppers' addresses
 * trusted from loopback), with `keys` Professional Plus keys in stock; `env`: more settings.
 */
export async function startStripeTestApp(
  keys: number,
  env: Record<string, string> = {},
): Promise<StripeTestApp> {
  const stripe = await StripeStandIn.start();
  const t = await startTestApp({ ...stripe.env(), TRUST_PROXY: 'loopback', ...env });
  await t.app
    .get(RestockService)
    .importKeys(
      Array.from({ length: keys }, () => ({ productId: PRO_PLUS, licenseKey: generateLicenseKey() })),
    );
  return {
    ...t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** An order as the database holds it now. */
export const orderOf = (t: TestApp, id: string) => t.db.getRepository(Order).findOneByOrFail({ id });

/** How many licence keys an order holds now (any status). */
export const keysOf = (t: TestApp, orderId: string) => t.db.getRepository(LicenseKey).countBy({ orderId });

/** POSTs a webhook event (its raw payload, with its Stripe-Signature header when it has one). */
export function postWebhook(
  t: TestApp,
  event: { payload: string; signature?: string },
  path = '/api/payments/webhook',
) {
  const req = t.http().post(path).set('content-type', 'application/json');
  if (event.signature) req.set('stripe-signature', event.signature);
  return req.send(event.payload);
}

/** A checkout (`body` as for createIntent) and the id of the PaymentIntent Stripe made for it. */
export async function stripeCheckout(t: TestApp, body: Record<string, unknown> = {}) {
  const intent = (await createIntent(t, body).expect(201)).body as Intent;
  const { providerPaymentId } = await orderOf(t, intent.orderId);
  return { intent, paymentIntentId: providerPaymentId! };
}
