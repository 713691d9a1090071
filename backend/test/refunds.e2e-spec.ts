import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { RefundedOrders1766200000300 } from '../src/database/migrations/1766200000300-refunded-orders.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { buyWithDemo, PRO_PLUS, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import type { StripeStandIn } from './support/stripe-stand-in.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** Staff's refunds through the provider, and refunds the provider reports (issue #19, section 1). */
describe(`refunds through Stripe on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let stripe: StripeStandIn;
  let admin: string;

  beforeAll(async () => {
    t = await startStripeTestApp(40);
    stripe = t.stripe;
    admin = await signIn(t, 'admin', 'refunder');
  });
  afterAll(() => t.close());

  const refundsPath = (orderId: string) => `/api/admin/orders/${orderId}/refunds`;
  const refund = (orderId: string, body: object, key?: string, auth = admin) => {
    const req = t.http().post(refundsPath(orderId)).set('authorization', auth);
    if (key) req.set('idempotency-key', key);
    return req.send(body);
  };
  const FULL = { reason: 'Customer asked', revokeKeys: true, notifyCustomer: true };
  const detail = async (orderId: string) =>
    (await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200)).body;
  const listedUnder = async (status: string) =>
    (
      await t
        .http()
        .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=[0,99]`)
        .set('authorization', admin)
        .expect(200)
    ).body.map((o: { id: string }) => o.id);
  const keysOf = (orderId: string) =>
    t.db.getRepository(LicenseKey).find({ where: { orderId }, order: { assignedAt: 'ASC', id: 'ASC' } });
  const linksOf = (orderId: string) => t.db.getRepository(DownloadLink).findBy({ orderId });
  const refundMails = async (orderId: string) => {
    const cipher = t.app.get(OutboxCipher);
    const mails = await t.db.getRepository(OutboxEmail).findBy({ orderId, kind: 'order-refund' });
    return mails.map((m) => ({ to: m.to, subject: m.subject, text: cipher.open(m.text) }));
  };

  async function paidOrder(quantity = 1) {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity }],
    });
    await postWebhook(t, stripe.event('payment_intent.succeeded', stripe.succeeded(paymentIntentId))).expect(
      200,
    );
    const order = await orderOf(t, intent.orderId);
    expect(order).toMatchObject({ paymentStatus: 'completed', status: 'fulfilled' });
    return { orderId: intent.orderId, paymentIntentId, totalCents: order.totalCents };
  }

  it('refunds in full: the provider is asked once, keys revoked, links disabled, the customer e-mailed', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    expect((await detail(orderId)).refundableCents).toBe(totalCents);

    const res = await refund(orderId, FULL).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      orderId,
      amountCents: totalCents,
      currency: 'USD',
      reason: 'Customer asked',
      status: 'succeeded',
      failureReason: null,
      staffUsername: 'refunder',
      providerRefundId: expect.stringMatching(/^re_/),
      revokeKeys: true,
      licenseKeyIds: null,
      notifyCustomer: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked).toEqual([
      expect.objectContaining({
        idempotencyKey: `refund-${res.body.id}`,
        body: {
          payment_intent: paymentIntentId,
          amount: String(totalCents),
          metadata: { refundId: res.body.id },
        },
      }),
    ]);
    expect(stripe.refundedCents(paymentIntentId)).toBe(totalCents);
    // A full refund closes the order: refunded, not left fulfilled, and listed under its own filter.
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded', status: 'refunded' });
    expect(await listedUnder('refunded')).toContain(orderId);
    expect(await listedUnder('fulfilled')).not.toContain(orderId);
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked']);
    expect((await linksOf(orderId)).every((l) => !l.isActive)).toBe(true);
    const [mail, ...more] = await refundMails(orderId);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(
      `Refund of $${(totalCents / 100).toFixed(2)} for your order ${orderId.slice(0, 8).toUpperCase()}`,
    );
    expect(mail!.text).toContain(`We have refunded $${(totalCents / 100).toFixed(2)}`);
    expect(mail!.text).toContain('The money goes back to the card you paid with');
    expect(mail!.text).toContain('within 5-7 business days');
    expect(
      await t.db.getRepository(AuditEntry).findOneByOrFail({ action: 'orders.refund', resourceId: orderId }),
    ).toMatchObject({ actorUsername: 'refunder', after: expect.objectContaining({ full: true }) });

    // Stripe's webhooks for it come later and change nothing more.
    await postWebhook(t, stripe.event('charge.refunded', stripe.charge(paymentIntentId))).expect(200);
    const [created] = stripe.refundsOf(paymentIntentId);
    await postWebhook(t, stripe.event('refund.updated', created!)).expect(200);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(1);
    expect(await refundMails(orderId)).toHaveLength(1);

    // Nothing is left.
    expect((await detail(orderId)).refundableCents).toBe(0);
    const again = await refund(orderId, FULL).expect(409);
    expect(again.body.message).toBe("Only a paid order can be refunded; this order's payment is refunded");
  });

  it('refunds in part, revoking the keys staff picked, then the rest', async () => {
    const { orderId, totalCents } = await paidOrder(2);
    const [first, second] = await keysOf(orderId);
    const part = Math.floor(totalCents / 2);

    const res = await refund(orderId, {
      amountCents: part,
      reason: 'One licence unused',
      revokeKeys: true,
      licenseKeyIds: [first!.id],
      notifyCustomer: true,
    }).expect(201);
    expect(res.body).toMatchObject({ status: 'succeeded', amountCents: part, licenseKeyIds: [first!.id] });
    expect(await orderOf(t, orderId)).toMatchObject({
      paymentStatus: 'partially_refunded',
      status: 'fulfilled',
    });
    expect((await keysOf(orderId)).map((k) => [k.id, k.status])).toEqual([
      [first!.id, 'revoked'],
      [second!.id, 'active'],
    ]);
    // The product still has a working key: its download links stay.
    expect((await linksOf(orderId)).every((l) => l.isActive)).toBe(true);
    const [mail] = await refundMails(orderId);
    expect(mail!.text).toContain('The licence key covered by this refund has been deactivated');
    expect((await detail(orderId)).refundableCents).toBe(totalCents - part);

    // Over what is left, a partial refund naming no keys, keys of another order: 400, nothing recorded.
    for (const [body, message] of [
      [
        { ...FULL, amountCents: totalCents - part + 1 },
        `amountCents ${totalCents - part + 1} is more than is left`,
      ],
      [{ ...FULL, amountCents: 100 }, 'A partial refund with revokeKeys names the licence keys to revoke'],
      [
        { ...FULL, amountCents: 100, licenseKeyIds: ['00000000-0000-4000-8000-000000000000'] },
        'licenseKeyIds: not licence keys of this order',
      ],
      [{ ...FULL, revokeKeys: 'yes' }, 'revokeKeys must be true or false'],
      [{ ...FULL, reason: ' ' }, 'reason is required'],
      [{ ...FULL, amountCents: 0 }, 'amountCents must be at least 1'],
      // Only leaving it out means the rest: an explicit null (a client's empty field) refunds nothing.
      [{ ...FULL, revokeKeys: false, amountCents: null }, 'amountCents must be a whole number of cents'],
    ] as [object, string][]) {
      const bad = await refund(orderId, body).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain(message);
    }
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(1);

    // The rest, keys kept (revokeKeys false), no e-mail.
    const rest = await refund(orderId, {
      reason: 'Goodwill',
      revokeKeys: false,
      notifyCustomer: false,
    }).expect(201);
    expect(rest.body).toMatchObject({ status: 'succeeded', amountCents: totalCents - part });
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded', status: 'refunded' });
    expect(await listedUnder('refunded')).toContain(orderId);
    // Closed: staff can move it nowhere.
    expect((await detail(orderId)).allowedTransitions).toEqual({ status: [], paymentStatus: [] });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked', 'active']);
    expect(await refundMails(orderId)).toHaveLength(1);
  });

  it('closes the orders refunded in full before `refunded` existed when upgrading, keeping updatedAt', async () => {
    const { orderId } = await paidOrder();
    await refund(orderId, FULL).expect(201);
    const runner = t.db.createQueryRunner();
    const migrate = async (step: 'up' | 'down') => {
      await runner.beforeMigration();
      await new RefundedOrders1766200000300()[step](runner);
      await runner.afterMigration();
    };
    const old = new Date('2025-01-02T03:04:05.000Z');
    try {
      // Before: a refunded payment on a fulfilled order, last changed long ago.
      await migrate('down');
      await t.db.getRepository(Order).update(orderId, { updatedAt: old });
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: orderId })).toMatchObject({
        status: 'fulfilled',
        updatedAt: old,
      });
      await migrate('up');
    } finally {
      await runner.release();
    }
    expect(await t.db.getRepository(Order).findOneByOrFail({ id: orderId })).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      updatedAt: old,
    });
  });

  it('is for admins only, and for paid orders', async () => {
    const { orderId } = await paidOrder();
    const support = await signIn(t, 'support');
    await refund(orderId, FULL, undefined, support).expect(403);
    await t.http().post(refundsPath(orderId)).send(FULL).expect(401);
    const unpaid = await stripeCheckout(t, { cartItems: [{ id: STANDARD, quantity: 1 }] });
    const res = await refund(unpaid.intent.orderId, FULL).expect(409);
    expect(res.body.message).toBe("Only a paid order can be refunded; this order's payment is pending");
    await refund('00000000-0000-4000-8000-000000000000', FULL).expect(404);
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.body.payment_intent);
    expect(asked).not.toContain(unpaid.paymentIntentId);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(0);
  });

  it('answers a replayed request (same Idempotency-Key) with the same refund, refunding once', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    const body = { ...FULL, amountCents: 1000, licenseKeyIds: [(await keysOf(orderId))[0]!.id] };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await refund(orderId, body, 'refund-key-1').expect(201)).body);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(stripe.refundedCents(paymentIntentId)).toBe(1000);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(1);
    // Ten at once, under a new key: one refund.
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => refund(orderId, { ...body, amountCents: 500 }, 'refund-key-2')),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(parallel.map((r) => r.body.id)).size).toBe(1);
    expect(stripe.refundedCents(paymentIntentId)).toBe(1500);
    expect((await detail(orderId)).refundableCents).toBe(totalCents - 1500);
    const reused = await refund(orderId, { ...body, amountCents: 700 }, 'refund-key-1').expect(409);
    expect(reused.body.message).toBe('This Idempotency-Key was already used for a different request');
  });

  it('never refunds more than was paid when staff refund at once', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    stripe.delayMs = 50;
    const amountCents = Math.ceil(totalCents * 0.6);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => refund(orderId, { ...FULL, revokeKeys: false, amountCents })),
    );
    stripe.delayMs = 0;
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    expect(stripe.refundedCents(paymentIntentId)).toBe(amountCents);
    expect(await t.db.getRepository(Refund).countBy({ orderId })).toBe(1);
  });

  it('records a refund made in the Stripe dashboard, with the same effects', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    stripe.dashboardRefund(paymentIntentId);
    const event = stripe.event('charge.refunded', stripe.charge(paymentIntentId));
    await postWebhook(t, event).expect(200);
    await postWebhook(t, event).expect(200);
    const [recorded, ...more] = await t.db.getRepository(Refund).findBy({ orderId });
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      amountCents: totalCents,
      status: 'succeeded',
      staffUserId: null,
      staffUsername: null,
      reason: 'Refunded at the payment provider',
      providerRefundId: stripe.refundsOf(paymentIntentId)[0]!.id,
    });
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked']);
    expect((await linksOf(orderId)).every((l) => !l.isActive)).toBe(true);
    expect(await refundMails(orderId)).toHaveLength(1);

    // A partial one, reported without the list of refunds (newer API versions): recorded, keys kept.
    const other = await paidOrder();
    stripe.dashboardRefund(other.paymentIntentId, 500);
    const { refunds: _, ...bare } = stripe.charge(other.paymentIntentId) as { refunds: unknown };
    await postWebhook(t, stripe.event('charge.refunded', bare)).expect(200);
    expect(await t.db.getRepository(Refund).findBy({ orderId: other.orderId })).toEqual([
      expect.objectContaining({ amountCents: 500, status: 'succeeded', providerRefundId: null }),
    ]);
    expect(await orderOf(t, other.orderId)).toMatchObject({ paymentStatus: 'partially_refunded' });
    expect((await keysOf(other.orderId)).map((k) => k.status)).toEqual(['active']);
  });

  it('waits for the provider to confirm a pending refund, and shows a failed one', async () => {
    const { orderId, paymentIntentId, totalCents } = await paidOrder();
    stripe.refundStatus = 'pending';
    const pending = await refund(orderId, FULL).expect(201);
    stripe.refundStatus = 'succeeded';
    expect(pending.body).toMatchObject({
      status: 'pending',
      providerRefundId: expect.stringMatching(/^re_/),
    });
    // Nothing happens to the order yet, and the amount is held.
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['active']);
    expect((await detail(orderId)).refundableCents).toBe(0);
    await refund(orderId, { ...FULL, amountCents: 1 }).expect(409);

    // The provider fails it: shown failed with the reason, the amount free again.
    const failed = stripe.event(
      'refund.failed',
      stripe.settleRefund(pending.body.providerRefundId, 'failed'),
    );
    await postWebhook(t, failed).expect(200);
    let shown = await detail(orderId);
    expect(shown.refunds).toEqual([
      expect.objectContaining({
        id: pending.body.id,
        status: 'failed',
        failureReason: 'expired_or_canceled_card',
      }),
    ]);
    expect(shown.refundableCents).toBe(totalCents);
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });

    // Another, confirmed later by refund.updated: its effects then, once.
    stripe.refundStatus = 'pending';
    const second = await refund(orderId, FULL).expect(201);
    stripe.refundStatus = 'succeeded';
    const confirmed = stripe.event(
      'refund.updated',
      stripe.settleRefund(second.body.providerRefundId, 'succeeded'),
    );
    await postWebhook(t, confirmed).expect(200);
    await postWebhook(
      t,
      stripe.event('refund.updated', stripe.refunds.get(second.body.providerRefundId)!),
    ).expect(200);
    shown = await detail(orderId);
    expect(shown.refunds.map((r: { status: string }) => r.status)).toEqual(['failed', 'succeeded']);
    expect(shown).toMatchObject({ paymentStatus: 'refunded', refundableCents: 0 });
    expect((await keysOf(orderId)).map((k) => k.status)).toEqual(['revoked']);
    expect(await refundMails(orderId)).toHaveLength(1);
    expect(stripe.refundedCents(paymentIntentId)).toBe(totalCents);
  });

  it('records a refund the provider refuses or cannot be asked for as failed', async () => {
    const { orderId } = await paidOrder();
    stripe.failing = true;
    const res = await refund(orderId, FULL).expect(201);
    stripe.failing = false;
    expect(res.body).toMatchObject({
      status: 'failed',
      failureReason: 'The payment provider could not be reached; nothing was refunded. Try again.',
    });
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect((await refund(orderId, FULL).expect(201)).body).toMatchObject({ status: 'succeeded' });
  });

  it('refuses the old "set payment status to Refunded", naming the Refund action', async () => {
    const { orderId } = await paidOrder();
    for (const paymentStatus of ['refunded', 'partially_refunded']) {
      const res = await t
        .http()
        .put(`/api/admin/orders/${orderId}`)
        .set('authorization', admin)
        .send({ paymentStatus })
        .expect(400);
      expect(res.body.message).toBe(
        'Refunds go through the payment provider with the Refund action: POST /api/admin/orders/:id/refunds',
      );
    }
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
  });
});

describe(`refunds with the demo provider on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  it('refunds the same way, no money moving', async () => {
    const { orderId } = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }]);
    const res = await t
      .http()
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('authorization', admin)
      .send({ reason: 'Demo', revokeKeys: true, notifyCustomer: true })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^demo_refund_/),
    });
    expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await t.db.getRepository(LicenseKey).findBy({ orderId })).map((k) => k.status)).toEqual([
      'revoked',
    ]);
    const mail = await t.db.getRepository(OutboxEmail).findOneByOrFail({ orderId, kind: 'order-refund' });
    expect(t.app.get(OutboxCipher).open(mail.text)).toContain('no money was taken, so none moves');
  });
});
