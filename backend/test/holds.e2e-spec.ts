import { randomBytes } from 'node:crypto';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { OrderNote } from '../src/orders/entities/order-note.entity.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import {
  BILLING,
  buyWithDemo,
  createIntent,
  PRO_PLUS,
  STANDARD,
  type Intent,
  CONSENTS,
} from './support/checkout.js';
import { signIn } from './support/staff.js';
import { orderOf, postWebhook, startStripeTestApp, type StripeTestApp } from './support/stripe-app.js';
import type { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER, startTestApp } from './support/test-app.js';

/** Review before release, the fraud hold (issue #19 §3), with Stripe driven through its SDK. */
describe(`fraud hold on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let stripe: StripeStandIn;
  let admin: string;

  beforeAll(async () => {
    t = await startStripeTestApp(60, {
      HOLD_VELOCITY_ORDERS: '3',
      HOLD_VELOCITY_CARDS: '2',
      // One Professional Plus (5399) is below, two are above.
      HOLD_FIRST_ORDER_CENTS: '10000',
      STAFF_ALERT_EMAIL: 'alerts@shop.example',
      HOLD_ALERT_AFTER_HOURS: '0',
    });
    stripe = t.stripe;
    admin = await signIn(t, 'admin', 'reviewer');
  });
  afterAll(() => t.close());

  const email = () => `shopper-${randomBytes(4).toString('hex')}@example.com`;
  const mails = async (orderId: string, kind?: string) => {
    const cipher = t.app.get(OutboxCipher);
    const rows = await t.db
      .getRepository(OutboxEmail)
      .find({ where: { orderId, ...(kind && { kind }) }, order: { id: 'ASC' } });
    return rows.map((m) => ({ kind: m.kind, to: m.to, subject: m.subject, text: cipher.open(m.text) }));
  };
  const keysOf = (orderId: string) =>
    t.db.getRepository(LicenseKey).find({ where: { orderId }, order: { id: 'ASC' } });
  const review = (orderId: string, body: object, auth = admin) =>
    t.http().post(`/api/admin/orders/${orderId}/review`).set('authorization', auth).send(body);

  /** A checkout and its card payment, with what Stripe's charge says (`risk`); answers the order id. */
  async function pay(
    options: {
      billing?: Record<string, string>;
      quantity?: number;
      ip?: string;
      risk?: { outcomeType?: string; riskLevel?: string; cardCountry?: string; fingerprint?: string };
    } = {},
  ) {
    const headers: Record<string, string> = options.ip ? { 'x-forwarded-for': options.ip } : {};
    const res = await createIntent(
      t,
      {
        cartItems: [{ id: PRO_PLUS, quantity: options.quantity ?? 1 }],
        billing: { ...BILLING_IN, email: email(), ...options.billing },
        consents: CONSENTS,
      },
      headers,
    ).expect(201);
    const intent = res.body as Intent;
    const { providerPaymentId } = await orderOf(t, intent.orderId);
    if (options.risk) stripe.chargeRisk.set(providerPaymentId!, options.risk);
    await postWebhook(
      t,
      stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!)),
    ).expect(200);
    return { orderId: intent.orderId, paymentIntentId: providerPaymentId!, intent };
  }

  it('records the checkout address and its country (DB-IP), none for a private one', async () => {
    const { orderId } = await pay({ ip: '81.2.69.160', billing: { country: 'GB', phoneCountryCode: '+44' } });
    expect(await orderOf(t, orderId)).toMatchObject({
      checkoutIp: '81.2.69.160',
      checkoutIpCountry: 'GB',
      status: 'fulfilled',
    });
    const local = await pay();
    const order = await orderOf(t, local.orderId);
    expect(order.checkoutIp).toMatch(/^10\./);
    expect(order.checkoutIpCountry).toBeNull();
  });

  it.each([
    ['provider-review', { outcomeType: 'manual_review' }],
    ['elevated-risk', { riskLevel: 'elevated' }],
    ['elevated-risk', { riskLevel: 'highest' }],
    ['country-mismatch', { cardCountry: 'US' }],
  ])(
    'holds for %s: keys reserved, not revealed, not e-mailed; customer and staff told',
    async (rule, risk) => {
      const { orderId } = await pay({ risk });
      const order = await orderOf(t, orderId);
      expect(order).toMatchObject({ status: 'on_hold', paymentStatus: 'completed', holdReasons: [rule] });
      expect(order.heldAt).toBeInstanceOf(Date);
      // Reserved: taken from stock for this order, still active.
      expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['active']);
      const sent = await mails(orderId);
      expect(sent.map((m) => [m.kind, m.to])).toEqual([
        ['order-held', order.customerEmail],
        ['order-held', 'alerts@shop.example'],
      ]);
      expect(sent[0]!.text).toContain('being reviewed, usually within 12 hours');
      expect(sent[1]!.text).toContain(rule);
      const detail = await t
        .http()
        .get(`/api/admin/orders/${orderId}`)
        .set('authorization', admin)
        .expect(200);
      expect(detail.body).toMatchObject({ status: 'on_hold', holdReasons: [rule], reviewedAt: null });
      expect(detail.body.heldAt).toEqual(order.heldAt!.toISOString());
    },
  );

  it('records the card country and fingerprint, and holds the velocity of orders and cards', async () => {
    const shopper = email();
    const billing = { email: shopper };
    const first = await pay({ billing, risk: { cardCountry: 'IN', fingerprint: 'fp-one' } });
    expect(await orderOf(t, first.orderId)).toMatchObject({
      status: 'fulfilled',
      cardCountry: 'IN',
      cardFingerprint: 'fp-one',
    });
    // A second card from the same e-mail within the hour: two distinct cards.
    const second = await pay({ billing, risk: { cardCountry: 'IN', fingerprint: 'fp-two' } });
    expect((await orderOf(t, second.orderId)).holdReasons).toEqual(['velocity-cards']);
    // The fourth order from the same e-mail within the hour: more than 3.
    await pay({ billing });
    const fourth = await pay({ billing });
    expect((await orderOf(t, fourth.orderId)).holdReasons).toEqual(['velocity-orders']);
  });

  it('counts the orders of one public address, whatever the e-mail', async () => {
    const ip = '81.2.69.161';
    const billing = { country: 'GB', phoneCountryCode: '+44' };
    for (let i = 0; i < 3; i++)
      expect((await orderOf(t, (await pay({ ip, billing })).orderId)).status).toBe('fulfilled');
    const held = await pay({ ip, billing });
    expect((await orderOf(t, held.orderId)).holdReasons).toEqual(['velocity-orders']);
  });

  it("holds an e-mail's first paid order above the amount, not a later one", async () => {
    const shopper = email();
    const big = await pay({ billing: { email: shopper }, quantity: 2 });
    expect((await orderOf(t, big.orderId)).holdReasons).toEqual(['first-order-amount']);
    const other = email();
    await pay({ billing: { email: other } });
    const later = await pay({ billing: { email: other }, quantity: 2 });
    expect((await orderOf(t, later.orderId)).status).toBe('fulfilled');
  });

  it('holds a disposable e-mail domain (the kept list)', async () => {
    const { orderId } = await pay({ billing: { email: `someone-${Date.now()}@mailinator.com` } });
    expect((await orderOf(t, orderId)).holdReasons).toEqual(['disposable-email']);
  });

  it('approves once: the reserved keys delivered, one delivery e-mail, however often it is asked', async () => {
    const { orderId } = await pay({ risk: { outcomeType: 'manual_review' } });
    const reserved = (await keysOf(orderId)).map((k) => k.id);
    // A double click: both answered, one delivery.
    const [a, b] = await Promise.all([
      review(orderId, { decision: 'approve', note: 'Called the customer' }),
      review(orderId, { decision: 'approve', note: 'Called the customer' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({
      orderId,
      decision: 'approve',
      status: 'fulfilled',
      paymentStatus: 'completed',
    });
    await review(orderId, { decision: 'approve' }).expect(200);
    expect((await keysOf(orderId)).map((k) => k.id)).toEqual(reserved);
    const delivered = await mails(orderId, 'order-delivery');
    expect(delivered).toHaveLength(1);
    const order = await orderOf(t, orderId);
    expect(order.reviewedAt).toBeInstanceOf(Date);
    expect(order.holdReasons).toEqual(['provider-review']);
    const notes = await t.db.getRepository(OrderNote).findBy({ orderId });
    expect(notes.map((n) => [n.body, n.staffUsername])).toEqual([['Called the customer', 'reviewer']]);
    const audit = await t.db
      .getRepository(AuditEntry)
      .findBy({ resourceId: orderId, action: 'orders.review' });
    expect(audit).toHaveLength(1);
    await review(orderId, { decision: 'reject' })
      .expect(409)
      .expect(({ body }) => expect(body.message).toContain('it was approved'));
  });

  it('shows and counts the keys of a held order as reserved, not active, and refuses revoking them', async () => {
    const get = (path: string) =>
      t.http().get(path).set('authorization', admin).set('cache-control', 'no-cache').expect(200);
    const keyRows = async (orderId: string) =>
      (await get(`/api/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ q: orderId }))}`))
        .body;
    const before = (await get('/api/admin/dashboard')).body;
    const { orderId } = await pay({ risk: { outcomeType: 'manual_review' } });
    const [key, ...more] = await keyRows(orderId);
    expect(more).toEqual([]);
    expect(key).toMatchObject({ orderId, status: 'active', reserved: true });
    const held = (await get('/api/admin/dashboard')).body;
    expect(held.reservedLicenses).toBe(before.reservedLicenses + 1);
    expect(held.activeLicenses).toBe(before.activeLicenses);
    await t
      .http()
      .put(`/api/admin/license-keys/${key.id}`)
      .set('authorization', admin)
      .send({ status: 'revoked' })
      .expect(409)
      .expect(({ body }) => expect(body.message).toContain('reserved for an order held for review'));

    await review(orderId, { decision: 'approve' }).expect(200);
    expect((await keyRows(orderId))[0]).toMatchObject({ status: 'active', reserved: false });
    const approved = (await get('/api/admin/dashboard')).body;
    expect(approved.reservedLicenses).toBe(before.reservedLicenses);
    expect(approved.activeLicenses).toBe(before.activeLicenses + 1);
  });

  it('rejects: refunded in full through Stripe once, reserved keys back in stock, the customer told', async () => {
    const { orderId, paymentIntentId } = await pay({ risk: { riskLevel: 'highest' } });
    const reserved = (await keysOf(orderId)).map((k) => k.id);
    const res = await review(orderId, { decision: 'reject' }).expect(200);
    expect(res.body).toMatchObject({
      decision: 'reject',
      status: 'cancelled',
      paymentStatus: 'refunded',
      refund: { status: 'succeeded', failureReason: null },
    });
    await review(orderId, { decision: 'reject' }).expect(200);
    expect(stripe.refundsOf(paymentIntentId)).toHaveLength(1);
    expect(stripe.refundedCents(paymentIntentId)).toBe((await orderOf(t, orderId)).totalCents);
    const keys = await t.db.getRepository(LicenseKey).findBy(reserved.map((id) => ({ id })));
    expect(keys.map((k) => [k.orderId, k.status])).toEqual(reserved.map(() => [null, 'active']));
    expect(await mails(orderId, 'order-delivery')).toEqual([]);
    const told = await mails(orderId, 'order-refund-due');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Our review of the order could not confirm the payment');
    expect(await orderOf(t, orderId)).toMatchObject({ refundDue: null, status: 'cancelled' });
    await review(orderId, { decision: 'approve' }).expect(409);
  });

  it('refuses support staff, bad decisions, unknown orders and orders not held', async () => {
    const support = await signIn(t, 'support');
    const { orderId } = await pay({ risk: { outcomeType: 'manual_review' } });
    await review(orderId, { decision: 'approve' }, support).expect(403);
    await review(orderId, { decision: 'maybe' })
      .expect(400)
      .expect(({ body }) =>
        expect(JSON.stringify(body.message)).toContain('decision must be approve or reject'),
      );
    await review(orderId, { decision: 'approve', note: 'x'.repeat(2001) }).expect(400);
    await review('00000000-0000-4000-8000-000000000000', { decision: 'approve' }).expect(404);
    const delivered = await pay();
    await review(delivered.orderId, { decision: 'approve' })
      .expect(409)
      .expect(({ body }) => expect(body.message).toBe('This order is fulfilled, not held for review'));
    expect((await orderOf(t, orderId)).status).toBe('on_hold');
  });

  it("lists held orders in the admin list's on_hold filter and on the dashboard", async () => {
    const { orderId } = await pay({ risk: { outcomeType: 'manual_review' } });
    const list = await t
      .http()
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ status: 'on_hold' }), range: '[0,99]' })
      .set('authorization', admin)
      .expect(200);
    const row = list.body.find((o: { id: string }) => o.id === orderId);
    expect(row).toMatchObject({ status: 'on_hold', holdReasons: ['provider-review'] });
    expect(list.body.every((o: { status: string }) => o.status === 'on_hold')).toBe(true);
    const dashboard = await t
      .http()
      .get('/api/admin/dashboard')
      .set('cache-control', 'no-cache')
      .set('authorization', admin)
      .expect(200);
    expect(dashboard.body.overdueReviews).toContainEqual(
      expect.objectContaining({ id: orderId, holdReasons: ['provider-review'] }),
    );
  });

  it('review.opened before the payment holds it; review.closed approved delivers it', async () => {
    const res = await createIntent(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
      billing: { ...BILLING_IN, email: email() },
    }).expect(201);
    const orderId = (res.body as Intent).orderId;
    const { providerPaymentId } = await orderOf(t, orderId);
    const opened = stripe.event('review.opened', stripe.review(providerPaymentId!, true));
    await postWebhook(t, opened).expect(200);
    await postWebhook(t, opened).expect(200);
    await postWebhook(
      t,
      stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!)),
    ).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'on_hold', holdReasons: ['provider-review'] });
    const closed = stripe.event('review.closed', stripe.review(providerPaymentId!, false, 'approved'));
    await postWebhook(t, closed).expect(200);
    await postWebhook(t, closed).expect(200);
    expect((await orderOf(t, orderId)).status).toBe('fulfilled');
    expect(await mails(orderId, 'order-delivery')).toHaveLength(1);
  });

  it("review.closed as refunded rejects: keys back in stock, and Stripe's refund is recorded, not made again", async () => {
    const { orderId, paymentIntentId } = await pay({ risk: { outcomeType: 'manual_review' } });
    const reserved = (await keysOf(orderId)).map((k) => k.id);
    await postWebhook(
      t,
      stripe.event('review.closed', stripe.review(paymentIntentId, false, 'refunded_as_fraud')),
    ).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({
      status: 'cancelled',
      refundDue: 'review-rejected',
      paymentStatus: 'completed',
    });
    expect(await keysOf(orderId)).toEqual([]);
    const refund = stripe.dashboardRefund(paymentIntentId);
    await postWebhook(t, stripe.event('charge.refunded', stripe.charge(paymentIntentId))).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundDue: null });
    const asked = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.body.payment_intent === paymentIntentId,
    );
    expect(asked).toEqual([]);
    expect(refund.amount).toBe((await orderOf(t, orderId)).totalCents);
    const keys = await t.db.getRepository(LicenseKey).findBy(reserved.map((id) => ({ id })));
    expect(keys.map((k) => [k.orderId, k.status])).toEqual(reserved.map(() => [null, 'active']));
    expect(await mails(orderId, 'order-refund-due')).toHaveLength(1);
    // Staff's reject afterwards: the same decision, no second refund.
    await review(orderId, { decision: 'reject' }).expect(200);
    expect(stripe.refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('a Stripe refund of a held order puts its reserved keys back in stock instead of revoking them', async () => {
    const { orderId, paymentIntentId } = await pay({ risk: { outcomeType: 'manual_review' } });
    const reserved = (await keysOf(orderId)).map((k) => k.id);
    stripe.dashboardRefund(paymentIntentId);
    await postWebhook(t, stripe.event('charge.refunded', stripe.charge(paymentIntentId))).expect(200);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const keys = await t.db.getRepository(LicenseKey).findBy(reserved.map((id) => ({ id })));
    expect(keys.map((k) => [k.orderId, k.status])).toEqual(reserved.map(() => [null, 'active']));
  });

  it('answers 503 to a payment webhook while Stripe cannot be asked for the charge, and nothing is delivered', async () => {
    const res = await createIntent(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
      billing: { ...BILLING_IN, email: email() },
    }).expect(201);
    const orderId = (res.body as Intent).orderId;
    const { providerPaymentId } = await orderOf(t, orderId);
    const event = stripe.event('payment_intent.succeeded', stripe.succeeded(providerPaymentId!));
    stripe.failing = true;
    try {
      await postWebhook(t, event).expect(503);
    } finally {
      stripe.failing = false;
    }
    expect((await orderOf(t, orderId)).paymentStatus).toBe('pending');
    await postWebhook(t, event).expect(200);
    expect((await orderOf(t, orderId)).status).toBe('fulfilled');
  });

  it('answers a payment of no order here 200 without asking Stripe (nothing will be confirmed)', async () => {
    const unknown = stripe.event('payment_intent.succeeded', { id: 'pi_unknown_to_the_store' });
    stripe.failing = true;
    try {
      await postWebhook(t, unknown).expect(200);
    } finally {
      stripe.failing = false;
    }
  });
});

const BILLING_IN = BILLING;

/** The demo provider (no card data) and the settings that turn the hold off. */
describe(`fraud hold with the demo provider on ${DRIVER}`, () => {
  async function demoApp(env: Record<string, string> = {}) {
    const t = await startTestApp(env);
    await t.app
      .get(RestockService)
      .importKeys(
        Array.from({ length: 5 }, () => ({ productId: STANDARD, licenseKey: generateLicenseKey() })),
      );
    return t;
  }
  const disposable = () => `buyer-${randomBytes(4).toString('hex')}@mailinator.com`;

  it('holds a disposable e-mail: the status the success page polls says on_hold, and approval delivers', async () => {
    const t = await demoApp();
    try {
      const admin = await signIn(t, 'admin');
      const intent = await buyWithDemo(t, undefined, disposable());
      const status = await t
        .http()
        .get(`/api/orders/${intent.orderId}/status`)
        .query({ clientSecret: intent.clientSecret })
        .expect(200);
      expect(status.body).toMatchObject({ status: 'on_hold', paymentStatus: 'completed' });
      expect((await orderOf(t, intent.orderId)).holdReasons).toEqual(['disposable-email']);
      const config = await t.http().get('/api/store-config').expect(200);
      expect(config.body.holdReviewHours).toBe(12);
      await t
        .http()
        .post(`/api/admin/orders/${intent.orderId}/review`)
        .set('authorization', admin)
        .send({ decision: 'approve' })
        .expect(200);
      expect((await orderOf(t, intent.orderId)).status).toBe('fulfilled');
    } finally {
      await t.close();
    }
  });

  it('delivers at once when every rule is off', async () => {
    const t = await demoApp({
      HOLD_PROVIDER_REVIEW: 'false',
      HOLD_COUNTRY_MISMATCH: 'false',
      HOLD_DISPOSABLE_EMAIL: 'false',
      HOLD_FIRST_ORDER_CENTS: '0',
    });
    try {
      const intent = await buyWithDemo(t, [{ id: STANDARD, quantity: 3 }], disposable());
      expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'fulfilled', holdReasons: null });
    } finally {
      await t.close();
    }
  });
});
