import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { PaymentEvent } from '../src/payments/entities/payment-event.entity.js';
import { PRO_PLUS } from './support/checkout.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import type { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER } from './support/test-app.js';

describe(`Payment webhooks through the provider registry on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    t = await startStripeTestApp(5);
    stripe = t.stripe;
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (id: string) => orderOf(t, id);
  const post = (event: { payload: string; signature: string }, path?: string) => postWebhook(t, event, path);

  async function paidOrder() {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
    });
    await post(stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId))).expect(200);
    return { orderId: intent.orderId, paymentIntentId };
  }

  // Disputes change orders now: test/disputes.e2e-spec.ts.
  it('records fraud reviews once against their order, and changes nothing yet (#19)', async () => {
    const { orderId, paymentIntentId } = await paidOrder();
    const before = await order(orderId);
    const events = [
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
      ['review.closed', 'stripe', orderId],
      ['review.opened', 'stripe', orderId],
    ]);
    expect(await order(orderId)).toEqual(before);
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId });
    expect(keys.map((k) => k.status)).toEqual(['active']);
  });

  it('records a partial refund against its order, and the payment is partially refunded', async () => {
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
    expect((await order(orderId)).paymentStatus).toBe('partially_refunded');
  });

  it("takes a provider's webhooks at /api/payments/webhook/:provider too, checked the same way", async () => {
    const { intent, paymentIntentId } = await stripeCheckout(t);
    const forged = stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId), {
      secret: 'whsec_forged',
    });
    const res = await post(forged, '/api/payments/webhook/stripe').expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Invalid Stripe signature',
      error: 'Bad Request',
      requestId: expect.any(String),
    });
    const event = stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId));
    await post(event, '/api/payments/webhook/stripe').expect(200);
    await post(event).expect(200);
    expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'completed', status: 'fulfilled' });
    expect(await t.db.getRepository(PaymentEvent).countBy({ providerEventId: event.id })).toBe(1);

    // Providers not configured here (the demo provider is off when Stripe takes the payments) or unknown.
    for (const provider of ['demo', 'paypal'])
      await post(event, `/api/payments/webhook/${provider}`).expect(404);
  });
});
