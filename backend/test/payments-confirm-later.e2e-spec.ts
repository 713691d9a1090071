import { SmtpSink } from '@store/testing';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, createIntent, PRO_PLUS, STANDARD, type Intent } from './support/checkout.js';
import {
  keysOf,
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { orderReference } from '../src/orders/order-reference.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const outboxCount = (t: TestApp, orderId: string, kind: string) =>
  t.db.getRepository(OutboxEmail).countBy({ orderId, kind });

/**
 * Payments that confirm later (#35 §2): the order waits with its payment `processing`, nothing delivered
 * and no key taken, the shopper e-mailed what happens next; it is delivered when the payment succeeds,
 * and cancelled with everything released when it fails or expires.
 */
describe(`payments that confirm later, demo provider, on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({ SEED_DEMO_KEYS: '0', SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' });
    await t.app
      .get(RestockService)
      .importKeys(
        Array.from({ length: 5 }, () => ({ productId: STANDARD, licenseKey: generateLicenseKey() })),
      );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const checkout = async (body: Record<string, unknown> = {}) =>
    (await createIntent(t, body).expect(201)).body as Intent;
  const confirm = (intent: Intent, more: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret, ...more });
  const settle = (intent: Intent, outcome: string, clientSecret = intent.clientSecret) =>
    t.http().post('/api/payments/demo/settle').send({ orderId: intent.orderId, clientSecret, outcome });
  const coupon = (code: string) => t.db.getRepository(Coupon).findOneByOrFail({ code });
  const order = (intent: Intent) => t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });

  it('keeps a delayed payment processing with nothing delivered, e-mails once, then delivers when it succeeds', async () => {
    const intent = await checkout();
    const delayed = await confirm(intent, { outcome: 'delay' }).expect(200);
    expect(delayed.body).toEqual({
      orderId: intent.orderId,
      status: 'processing',
      paymentStatus: 'processing',
    });
    // A second click changes nothing and sends nothing more.
    await confirm(intent, { outcome: 'delay' }).expect(200);
    expect(await order(intent)).toMatchObject({ paymentMethod: 'demo_delayed', paidAt: null });
    expect(await keysOf(t, intent.orderId)).toBe(0);
    expect(await t.db.getRepository(DownloadLink).countBy({ orderId: intent.orderId })).toBe(0);
    const processing = await smtp.arrived(
      `Your payment for order ${orderReference(intent.orderId)} is being processed`,
    );
    expect(processing.to).toEqual([BILLING.email.toLowerCase()]);
    expect(processing.text).toContain('You do not need to do anything');
    expect(processing.text).toContain('up to 5 business days');
    expect(await outboxCount(t, intent.orderId, 'payment-processing')).toBe(1);
    expect(await outboxCount(t, intent.orderId, 'order-delivery')).toBe(0);

    // The shopper cannot pay it a second time while the bank has it.
    const again = await confirm(intent).expect(409);
    expect(again.body.message).toContain('is being processed by the bank');

    const settled = await settle(intent, 'succeed').expect(200);
    expect(settled.body).toEqual({
      orderId: intent.orderId,
      status: 'fulfilled',
      paymentStatus: 'completed',
    });
    expect(await keysOf(t, intent.orderId)).toBe(1);
    const delivery = await smtp.arrived(
      `Your Office licence keys for order ${orderReference(intent.orderId)}`,
    );
    expect(delivery.to).toEqual([BILLING.email.toLowerCase()]);

    const twice = await settle(intent, 'succeed').expect(409);
    expect(twice.body.message).toBe(
      "Only a payment being processed can be settled: this order's payment is completed",
    );
  });

  it('cancels the order and releases its coupon reservation when the delayed payment fails, and says so', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'LATERFAIL', percentOff: 10, maxRedemptions: 1 });
    const intent = await checkout({ couponCode: 'LATERFAIL' });
    await confirm(intent, { outcome: 'delay' }).expect(200);
    expect(await coupon('LATERFAIL')).toMatchObject({ heldCount: 1, redemptionCount: 0 });

    const failed = await settle(intent, 'fail').expect(200);
    expect(failed.body).toEqual({ orderId: intent.orderId, status: 'cancelled', paymentStatus: 'failed' });
    expect(await order(intent)).toMatchObject({ couponState: 'released', awaitingKeys: false });
    expect(await coupon('LATERFAIL')).toMatchObject({ heldCount: 0, redemptionCount: 0 });
    expect(await keysOf(t, intent.orderId)).toBe(0);
    const mail = await smtp.arrived(
      `Your payment for order ${orderReference(intent.orderId)} did not go through`,
    );
    expect(mail.text).toContain('You have not been charged and no licence keys were issued');

    const twice = await settle(intent, 'fail').expect(409);
    expect(twice.body.message).toBe(
      "Only a payment being processed can be settled: this order's payment is failed",
    );
    await confirm(intent).expect(409);
    // Its coupon's one use is free for someone else.
    const other = await checkout({
      couponCode: 'LATERFAIL',
      billing: { ...BILLING, email: 'o@example.com' },
    });
    await confirm(other).expect(200);
    expect(await coupon('LATERFAIL')).toMatchObject({ heldCount: 0, redemptionCount: 1 });
  });

  it('holds nothing past the reservation window while processing; a late success retakes the coupon', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'LATEWIN', percentOff: 10, maxRedemptions: 3 });
    const intent = await checkout({ couponCode: 'LATEWIN' });
    await confirm(intent, { outcome: 'delay' }).expect(200);
    const sweeper = t.app.get(ReservationSweeper);
    expect(await sweeper.sweep(new Date(Date.now() + 16 * 60_000))).toBe(1);
    expect(await coupon('LATEWIN')).toMatchObject({ heldCount: 0, redemptionCount: 0 });
    expect(await order(intent)).toMatchObject({ couponState: 'released', paymentStatus: 'processing' });

    await settle(intent, 'succeed').expect(200);
    expect(await order(intent)).toMatchObject({ status: 'fulfilled', couponState: 'redeemed' });
    expect(await coupon('LATEWIN')).toMatchObject({ heldCount: 0, redemptionCount: 1 });
  });

  it('settles only a payment being processed, for the holder of its client secret', async () => {
    const intent = await checkout();
    const unpaid = await settle(intent, 'succeed').expect(409);
    expect(unpaid.body.message).toBe(
      "Only a payment being processed can be settled: this order's payment is pending",
    );
    await confirm(intent, { outcome: 'delay' }).expect(200);
    await settle(intent, 'succeed', `${intent.clientSecret}x`).expect(404);
    const bad = await settle(intent, 'later').expect(400);
    expect(bad.body.message).toBe('outcome must be succeed or fail');
    expect(await order(intent)).toMatchObject({ paymentStatus: 'processing' });
  });

  it('records a wallet payment as demo_wallet; a wallet never confirms later', async () => {
    const intent = await checkout();
    const refused = await confirm(intent, { method: 'wallet', outcome: 'delay' }).expect(400);
    expect(refused.body.message).toBe(
      'A wallet payment confirms at once: outcome delay is for a bank payment',
    );
    await confirm(intent, { method: 'wallet' }).expect(200);
    expect(await order(intent)).toMatchObject({ paymentStatus: 'completed', paymentMethod: 'demo_wallet' });
  });
});

describe(`payments that confirm later, Stripe stand-in, on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startStripeTestApp(5, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const order = (id: string) => orderOf(t, id);
  const send = (type: string, object: object) => postWebhook(t, t.stripe.event(type, object)).expect(200);
  const checkout = (body: Record<string, unknown> = {}) =>
    stripeCheckout(t, { cartItems: [{ id: PRO_PLUS, quantity: 1 }], ...body });

  it('creates the PaymentIntent with automatic payment methods and no direct debit', async () => {
    const { paymentIntentId } = await checkout();
    const request = t.stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(request.body.automatic_payment_methods).toEqual({ enabled: 'true' });
    expect(Object.values(request.body.excluded_payment_method_types as object)).toContain('sepa_debit');
    expect(request.body.payment_method_types).toBeUndefined();
    const offered = t.stripe.intents.get(paymentIntentId)!.payment_method_types;
    expect(offered).toEqual(expect.arrayContaining(['card', 'paypal', 'ideal']));
    expect(offered).not.toContain('sepa_debit');
  });

  it('waits while Stripe processes the payment (e-mailed once), then delivers it when it succeeds', async () => {
    const { intent, paymentIntentId } = await checkout();
    const processing = t.stripe.event('payment_intent.processing', t.stripe.processing(paymentIntentId));
    await postWebhook(t, processing).expect(200);
    await postWebhook(t, processing).expect(200);
    await send('payment_intent.processing', t.stripe.processing(paymentIntentId));
    expect(await order(intent.orderId)).toMatchObject({ status: 'processing', paymentStatus: 'processing' });
    expect(await keysOf(t, intent.orderId)).toBe(0);
    await smtp.arrived(`Your payment for order ${orderReference(intent.orderId)} is being processed`);
    expect(await outboxCount(t, intent.orderId, 'payment-processing')).toBe(1);

    await send('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId));
    expect(await order(intent.orderId)).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });
    expect(await keysOf(t, intent.orderId)).toBe(1);
    await smtp.arrived(`Your Office licence keys for order ${orderReference(intent.orderId)}`);
    // A processing event arriving late changes nothing.
    await send('payment_intent.processing', {
      ...t.stripe.intents.get(paymentIntentId)!,
      status: 'processing',
    });
    expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'completed' });
  });

  it.each([
    ['fails', 'payment_intent.payment_failed', (s: StripeTestApp['stripe'], id: string) => s.bankFailed(id)],
    ['expires', 'payment_intent.canceled', (s: StripeTestApp['stripe'], id: string) => s.canceled(id)],
  ])(
    'releases everything when the processing payment %s, and tells the shopper',
    async (_, type, intentAfter) => {
      const code = `LATE${type.length}`;
      await t.db.getRepository(Coupon).insert({ code, percentOff: 10, maxRedemptions: 1 });
      const { intent, paymentIntentId } = await checkout({ couponCode: code });
      await send('payment_intent.processing', t.stripe.processing(paymentIntentId));
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code })).toMatchObject({ heldCount: 1 });

      await send(type, intentAfter(t.stripe, paymentIntentId));
      expect(await order(intent.orderId)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'failed',
        couponState: 'released',
      });
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code })).toMatchObject({
        heldCount: 0,
        redemptionCount: 0,
      });
      expect(await keysOf(t, intent.orderId)).toBe(0);
      await smtp.arrived(`Your payment for order ${orderReference(intent.orderId)} did not go through`);
    },
  );

  it('ignores a processing event that arrives after the failure it preceded (Stripe keeps no order)', async () => {
    const { intent, paymentIntentId } = await checkout();
    const processing = t.stripe.event('payment_intent.processing', t.stripe.processing(paymentIntentId));
    await send('payment_intent.payment_failed', t.stripe.bankFailed(paymentIntentId));
    // Delivered late: the failure was applied first (the order waited for nothing yet, so it stays open).
    await postWebhook(t, processing).expect(200);
    expect(await order(intent.orderId)).toMatchObject({ paymentStatus: 'failed' });
    expect(await outboxCount(t, intent.orderId, 'payment-processing')).toBe(0);
  });
});
