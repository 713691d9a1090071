import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { PaymentEvent } from '../src/payments/entities/payment-event.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { createIntent, PRO_PLUS, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import type { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER } from './support/test-app.js';

describe(`Stripe payments against a local stand-in API on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    t = await startStripeTestApp(10);
    stripe = t.stripe;
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (id: string) => orderOf(t, id);
  const deliveries = (orderId: string) =>
    t.db.getRepository(OutboxEmail).countBy({ orderId, kind: 'order-delivery' });
  const post = (event: { payload: string; signature?: string }) => postWebhook(t, event);
  const checkout = (items = [{ id: PRO_PLUS, quantity: 1 }]) =>
    stripeCheckout(t, { cartItems: items, couponCode: 'SAVE10' });

  it("creates a PaymentIntent for the server's total, in USD, tied to the order", async () => {
    const { intent, paymentIntentId } = await checkout([{ id: PRO_PLUS, quantity: 2 }]);
    expect(intent).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_stand_in',
      subtotalCents: 2 * 5399,
      discountCents: Math.round(2 * 5399 * 0.1),
      totalCents: 2 * 5399 - Math.round(2 * 5399 * 0.1),
    });
    const created = stripe.intents.get(paymentIntentId)!;
    expect(created).toMatchObject({
      amount: intent.totalCents,
      currency: 'usd',
      metadata: { orderId: intent.orderId },
    });
    expect(intent.clientSecret).toBe(created.client_secret);
    const request = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(request?.idempotencyKey).toBe(`order-${intent.orderId}-payment-intent`);
  });

  it('has no demo confirmation in Stripe mode', async () => {
    const { intent } = await checkout();
    await t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
      .expect(404);
  });

  it('answers 502 and keeps nothing half-done when Stripe is unreachable', async () => {
    stripe.failing = true;
    try {
      const res = await createIntent(t, { couponCode: 'OFFICE20' }).expect(502);
      expect(res.body.message).toBe('Unable to initialize payment. Please try again.');
    } finally {
      stripe.failing = false;
    }
    const failed = await t.db.getRepository(Order).findOneByOrFail({ couponCode: 'OFFICE20' });
    expect(failed).toMatchObject({
      paymentStatus: 'failed',
      couponState: 'released',
      providerPaymentId: null,
    });
  });

  it('answers requests repeated while the payment is being set up with the same order', async () => {
    stripe.delayMs = 400;
    try {
      const key = { 'Idempotency-Key': 'double-click-1' };
      const before = stripe.requests.length;
      const answers = await Promise.all(Array.from({ length: 5 }, () => createIntent(t, {}, key)));
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((res) => res.body.orderId)).size).toBe(1);
      expect(new Set(answers.map((res) => res.body.clientSecret)).size).toBe(1);
      const created = stripe.requests.slice(before).filter((r) => r.method === 'POST');
      expect(created).toHaveLength(1);
      expect(await t.db.getRepository(Order).countBy({ idempotencyKey: 'double-click-1' })).toBe(1);

      // A setup that failed answers the same failure, at once, to a repeat.
      stripe.failing = true;
      const failedKey = { 'Idempotency-Key': 'double-click-2' };
      const first = await createIntent(t, {}, failedKey).expect(502);
      const again = await createIntent(t, {}, failedKey).expect(502);
      // The same answer; its requestId names the request it answers (the header's), so it differs.
      const { requestId: firstId, ...firstAnswer } = first.body;
      const { requestId: againId, ...againAnswer } = again.body;
      expect(againAnswer).toEqual(firstAnswer);
      expect(againId).toBe(again.headers['x-request-id']);
      expect(againId).not.toBe(firstId);
    } finally {
      stripe.delayMs = 0;
      stripe.failing = false;
    }
  });

  it('cancels the PaymentIntent of an unpaid order cancelled by staff; a payment that went through first wins', async () => {
    const admin = await signIn(t, 'admin');
    const cancel = (orderId: string) =>
      t.http().put(`/api/admin/orders/${orderId}`).set('authorization', admin).send({ status: 'cancelled' });

    const unpaid = await checkout();
    await cancel(unpaid.intent.orderId).expect(200);
    expect(stripe.intents.get(unpaid.paymentIntentId)!.status).toBe('canceled');
    expect(await order(unpaid.intent.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });

    const raced = await checkout();
    stripe.succeeded(raced.paymentIntentId); // paid at Stripe, its webhook not yet here
    const refused = await cancel(raced.intent.orderId).expect(409);
    expect(refused.body.message).toBe(
      'The payment for this order has just gone through: refund it instead of cancelling',
    );
    expect(await order(raced.intent.orderId)).toMatchObject({ status: 'processing' });

    const pending = await checkout();
    stripe.failing = true;
    try {
      const down = await cancel(pending.intent.orderId).expect(502);
      expect(down.body.message).toBe(
        'The payment provider could not be reached; the order was not cancelled',
      );
      expect(await order(pending.intent.orderId)).toMatchObject({ status: 'processing' });
    } finally {
      stripe.failing = false;
    }
  });

  it('cancels the PaymentIntent of an order whose card was declined when staff cancel it', async () => {
    const admin = await signIn(t, 'admin');
    const { intent, paymentIntentId } = await checkout();
    await post(
      stripe.event('payment_intent.payment_failed', {
        ...stripe.intents.get(paymentIntentId),
        status: 'requires_payment_method',
      }),
    ).expect(200);
    expect((await order(intent.orderId)).paymentStatus).toBe('failed');
    await t
      .http()
      .put(`/api/admin/orders/${intent.orderId}`)
      .set('authorization', admin)
      .send({ status: 'cancelled' })
      .expect(200);
    // The shopper can no longer try another card for it.
    expect(stripe.intents.get(paymentIntentId)!.status).toBe('canceled');
    expect(await order(intent.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('records a payment that succeeds for a cancelled order, delivers nothing, and owes the refund', async () => {
    const admin = await signIn(t, 'admin');
    const { intent, paymentIntentId } = await checkout();
    await t
      .http()
      .put(`/api/admin/orders/${intent.orderId}`)
      .set('authorization', admin)
      .send({ status: 'cancelled' })
      .expect(200);
    // Stripe reports the payment as succeeded all the same (the cancellation lost the race there).
    await post(stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId))).expect(200);
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(0);
    expect(await deliveries(intent.orderId)).toBe(0);
    expect(await order(intent.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'completed',
      paymentMethod: 'card',
      refundDue: 'order-cancelled',
    });
    const told = await t.db.getRepository(OutboxEmail).findBy({ orderId: intent.orderId });
    expect(told.map((m) => m.kind).sort()).toEqual(['order-refund-due', 'refund-due']);

    // The refund at Stripe clears the mark; the order stays cancelled and undelivered.
    await post(
      stripe.event('charge.refunded', {
        id: 'ch_cancelled',
        object: 'charge',
        payment_intent: paymentIntentId,
        amount: intent.totalCents,
        amount_refunded: intent.totalCents,
        refunded: true,
      }),
    ).expect(200);
    expect(await order(intent.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundDue: null,
    });
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(0);
  });

  it('never takes a capped coupon past its cap when failed payments are followed by successful ones', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'STRIPE-ONCE', percentOff: 50, maxRedemptions: 1 });
    const orders: { intent: Intent; paymentIntentId: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const intent = (await createIntent(t, { couponCode: 'stripe-once' }).expect(201)).body as Intent;
      const { providerPaymentId } = await order(intent.orderId);
      await post(
        stripe.event('payment_intent.payment_failed', {
          ...stripe.intents.get(providerPaymentId!),
          status: 'requires_payment_method',
        }),
      ).expect(200);
      expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'failed', couponState: 'released' });
      orders.push({ intent, paymentIntentId: providerPaymentId! });
    }
    for (const { paymentIntentId } of orders) {
      await post(stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId))).expect(200);
    }
    const coupon = await t.db.getRepository(Coupon).findOneByOrFail({ code: 'STRIPE-ONCE' });
    expect(coupon.redemptionCount).toBe(1);
    const keys = await Promise.all(
      orders.map(({ intent }) => t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })),
    );
    expect(keys).toEqual([1, 0, 0, 0]);
    for (const { intent } of orders.slice(1)) {
      expect(await order(intent.orderId)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'completed',
        refundDue: 'coupon-used-up',
      });
    }
  });

  it('refuses forged, stale and unsigned webhooks and changes nothing', async () => {
    const { intent, paymentIntentId } = await checkout();
    const object = stripe.succeeded(paymentIntentId);
    const forged = stripe.event('payment_intent.succeeded', object, { secret: 'whsec_forged' });
    const stale = stripe.event('payment_intent.succeeded', object, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const unsigned = stripe.event('payment_intent.succeeded', object);
    for (const res of [await post(forged), await post(stale), await post({ payload: unsigned.payload })]) {
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
    const tampered = stripe.event('payment_intent.succeeded', object);
    await post({
      payload: tampered.payload.replace(`"amount":${object.amount}`, '"amount":1'),
      signature: tampered.signature,
    }).expect(400);
    expect((await order(intent.orderId)).paymentStatus).toBe('pending');
    const ids = [forged.id, stale.id, unsigned.id, tampered.id];
    expect(
      await t.db.getRepository(PaymentEvent).countBy(ids.map((providerEventId) => ({ providerEventId }))),
    ).toBe(0);
  });

  it('fulfils once for a webhook replayed 5 times in a row and 5 times at once', async () => {
    const { intent, paymentIntentId } = await checkout();
    const event = stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId));
    for (let i = 0; i < 5; i++) await post(event).expect(200);
    expect((await order(intent.orderId)).status).toBe('fulfilled');

    const second = await checkout();
    const concurrent = stripe.event('payment_intent.succeeded', stripe.succeeded(second.paymentIntentId));
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(concurrent)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    for (const id of [intent.orderId, second.intent.orderId]) {
      expect(await order(id)).toMatchObject({
        status: 'fulfilled',
        paymentStatus: 'completed',
        paymentMethod: 'card',
      });
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: id })).toBe(1);
      expect(await deliveries(id)).toBe(1);
    }
    expect(await t.db.getRepository(PaymentEvent).countBy({ providerEventId: event.id })).toBe(1);
  });

  it('fulfils once when separate events and a second delivery race', async () => {
    const { intent, paymentIntentId } = await checkout();
    const object = stripe.succeeded(paymentIntentId);
    const events = Array.from({ length: 10 }, () => stripe.event('payment_intent.succeeded', object));
    await Promise.all(events.map((e) => post(e).expect(200)));
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(1);
    expect(await deliveries(intent.orderId)).toBe(1);
  });

  it('does not fulfil when the amount or currency differs from the order', async () => {
    const { intent, paymentIntentId } = await checkout();
    const short = stripe.event(
      'payment_intent.succeeded',
      stripe.succeeded(paymentIntentId, { amount: 100, amount_received: 100 }),
    );
    await post(short).expect(200);
    const euros = stripe.event(
      'payment_intent.succeeded',
      stripe.succeeded(paymentIntentId, { currency: 'eur' }),
    );
    await post(euros).expect(200);
    expect((await order(intent.orderId)).paymentStatus).toBe('pending');
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(0);
  });

  it('marks a failed payment and gives the coupon back', async () => {
    const { intent, paymentIntentId } = await checkout();
    await post(
      stripe.event('payment_intent.payment_failed', {
        ...stripe.intents.get(paymentIntentId),
        status: 'requires_payment_method',
      }),
    ).expect(200);
    expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'failed', couponState: 'released' });
  });

  it('revokes keys and deactivates download links on a full refund, not on a partial one (no list of refunds)', async () => {
    const { intent, paymentIntentId } = await checkout();
    await post(stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId))).expect(200);
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paymentIntentId,
      amount: intent.totalCents,
    };
    await post(stripe.event('charge.refunded', { ...charge, amount_refunded: 100, refunded: false })).expect(
      200,
    );
    expect((await order(intent.orderId)).paymentStatus).toBe('partially_refunded');
    expect(
      (await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId })).map((k) => k.status),
    ).toEqual(['active']);
    await post(
      stripe.event('charge.refunded', { ...charge, amount_refunded: intent.totalCents, refunded: true }),
    ).expect(200);
    expect((await order(intent.orderId)).paymentStatus).toBe('refunded');
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId });
    expect(keys.map((k) => k.status)).toEqual(['revoked']);
    const links = await t.db.getRepository(DownloadLink).findBy({ orderId: intent.orderId });
    expect(links.map((l) => l.isActive)).toEqual([false]);
  });

  it('acknowledges events it does not handle, and records each once', async () => {
    const event = stripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    await post(event).expect(200);
    await post(event).expect(200);
    expect(await t.db.getRepository(PaymentEvent).findBy({ providerEventId: event.id })).toEqual([
      expect.objectContaining({ type: 'customer.created', orderId: null }),
    ]);
  });
});
