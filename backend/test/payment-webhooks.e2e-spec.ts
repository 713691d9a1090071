import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { PaymentEvent } from '../src/payments/entities/payment-event.entity.js';
import { createIntent, PRO_PLUS, type Intent } from './support/checkout.js';
import { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

describe(`Payment webhooks through the provider registry on ${DRIVER}`, () => {
  let t: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await StripeStandIn.start();
    t = await startTestApp({ ...stripe.env(), TRUST_PROXY: 'loopback' });
    await t.app
      .get(RestockService)
      .importKeys(
        Array.from({ length: 5 }, () => ({ productId: PRO_PLUS, licenseKey: generateLicenseKey() })),
      );
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const order = (id: string) => t.db.getRepository(Order).findOneByOrFail({ id });
  const post = (event: { payload: string; signature: string }, path = '/api/payments/webhook') =>
    t
      .http()
      .post(path)
      .set('content-type', 'application/json')
      .set('stripe-signature', event.signature)
      .send(event.payload);

  async function paidOrder() {
    const intent = (await createIntent(t, { cartItems: [{ id: PRO_PLUS, quantity: 1 }] }).expect(201))
      .body as Intent;
    const { providerPaymentId } = await order(intent.orderId);
    await post(stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!))).expect(200);
    return { orderId: intent.orderId, paymentIntentId: providerPaymentId! };
  }

  it('records disputes and fraud reviews once against their order, and changes nothing yet (#19)', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const before = await order(orderId);
    const events = [
      stripe.event('charge.dispute.created', stripe.dispute(paymentIntentId)),
      stripe.event('review.opened', stripe.review(paymentIntentId, true)),
      stripe.event('review.closed', stripe.review(paymentIntentId, false)),
    ];
    for (const event of events) {
      await post(event).expect(200);
      await post(event).expect(200);
    }
    const recorded = await t.db
      .getRepository(PaymentEvent)
      .findBy(events.map((event) => ({ providerEventId: event.id })));
    expect(recorded.map((e) => [e.type, e.provider, e.orderId]).sort()).toEqual([
      ['charge.dispute.created', 'stripe', orderId],
      ['review.closed', 'stripe', orderId],
      ['review.opened', 'stripe', orderId],
    ]);
    expect(await order(orderId)).toEqual(before);
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId });
    expect(keys.map((k) => k.status)).toEqual(['active']);
  });

  it('records a partial refund against its order without acting on it', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const { totalCents } = await order(orderId);
    const event = stripe.event('charge.refunded', {
      ...stripe.charge(paymentIntentId),
      amount_refunded: totalCents - 1,
      refunded: false,
    });
    await post(event).expect(200);
    expect(
      await t.db.getRepository(PaymentEvent).findOneByOrFail({ providerEventId: event.id }),
    ).toMatchObject({ type: 'charge.refunded', orderId });
    expect((await order(orderId)).paymentStatus).toBe('completed');
  });

  it("takes a provider's webhooks at /api/payments/webhook/:provider too, checked the same way", async () => {
    const intent = (await createIntent(t).expect(201)).body as Intent;
    const { providerPaymentId } = await order(intent.orderId);
    const forged = stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!), {
      secret: 'whsec_forged',
    });
    const res = await post(forged, '/api/payments/webhook/stripe').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Invalid Stripe signature', error: 'Bad Request' });
    const event = stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!));
    await post(event, '/api/payments/webhook/stripe').expect(200);
    await post(event).expect(200);
    expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'completed', status: 'fulfilled' });
    expect(await t.db.getRepository(PaymentEvent).countBy({ providerEventId: event.id })).toBe(1);

    // Providers not configured here (the demo provider is off when Stripe takes the payments) or unknown.
    for (const provider of ['demo', 'paypal'])
      await post(event, `/api/payments/webhook/${provider}`).expect(404);
  });
});
