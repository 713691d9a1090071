import { JwtService } from '@nestjs/jwt';
import { IsNull } from 'typeorm';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { WITHDRAWAL_REFUND_REASON } from '../src/account/withdrawal.service.js';
import { JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { runInTransaction } from '../src/database/transactions.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { PaymentProviders } from '../src/payments/payment-providers.js';
import { DemoPaymentProvider } from '../src/payments/providers/demo.provider.js';
import {
  BILLING,
  buyWithDemo,
  createIntent,
  shopperAddress,
  PRO_PLUS,
  STANDARD,
  type Intent,
} from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** A customer's sign-in token, as the e-mailed link carries it. */
const tokenFor = (t: TestApp, email: string) =>
  `Bearer ${new JwtService().sign(
    { sub: email },
    {
      secret: t.config.jwtSecret,
      algorithm: 'HS256',
      issuer: JWT_ISSUER,
      audience: CUSTOMER_AUDIENCE,
      expiresIn: 600,
    },
  )}`;

const withdraw = (t: TestApp, orderId: string, email: string, body: object = { confirm: true }) =>
  t
    .http()
    .post(`/api/account/orders/${orderId}/withdrawal`)
    .set('x-forwarded-for', shopperAddress())
    .set('authorization', tokenFor(t, email))
    .send(body);

const accountOrders = async (t: TestApp, email: string) =>
  (
    await t
      .http()
      .get('/api/account/orders')
      .set('x-forwarded-for', shopperAddress())
      .set('authorization', tokenFor(t, email))
      .expect(200)
  ).body as {
    id: string;
    canWithdraw: boolean;
    status: string;
  }[];

const mailsOf = async (t: TestApp, orderId: string, kind: string) => {
  const cipher = t.app.get(OutboxCipher);
  const mails = await t.db.getRepository(OutboxEmail).findBy({ orderId, kind });
  return mails.map((m) => ({ to: m.to, subject: m.subject, text: cipher.open(m.text) }));
};

const inStock = (t: TestApp, productId: string) =>
  t.db.getRepository(LicenseKey).countBy({ productId, orderId: IsNull(), status: 'active' });

const restock = (t: TestApp, productId: string, count: number) =>
  t.app
    .get(RestockService)
    .importKeys(Array.from({ length: count }, () => ({ productId, licenseKey: generateLicenseKey() })));

/**
 * A paid order held for review, as fulfilment holds one when a fraud rule fires (§3's rules are not
 * here); a demo payment is settled as POST /api/payments/demo/confirm settles it.
 */
async function heldOrder(t: TestApp, intent: Intent, method = 'demo') {
  await runInTransaction(t.db, (m) =>
    t.app.get(FulfilmentService).confirmPayment(m, intent.orderId, method, async () => ['test-rule']),
  );
  const demo = t.app.get(PaymentProviders).get('demo');
  const order = await orderOf(t, intent.orderId);
  if (demo instanceof DemoPaymentProvider) demo.settle(order.providerPaymentId!, 'succeeded', order);
  expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'on_hold', paymentStatus: 'completed' });
}

describe(`withdrawal before delivery with the demo provider on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Standard in stock, Professional Plus out of stock: its orders wait for keys (back-ordered).
    t = await startTestApp({ TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: '0' });
    await restock(t, STANDARD, 10);
  });
  afterAll(() => t.close());

  it('withdraws a held order: reserved keys back to stock, refunded, acknowledged, staff alerted, audited', async () => {
    const email = 'held@example.com';
    const intent = (
      await createIntent(t, {
        cartItems: [{ id: STANDARD, quantity: 1 }],
        billing: { ...BILLING, email },
      }).expect(201)
    ).body as Intent;
    const stockBefore = await inStock(t, STANDARD);
    await heldOrder(t, intent);
    expect(await inStock(t, STANDARD)).toBe(stockBefore - 1);
    const [listed] = await accountOrders(t, email);
    expect(listed).toMatchObject({ id: intent.orderId, status: 'on_hold', canWithdraw: true });

    const res = await withdraw(t, intent.orderId, email).expect(200);
    expect(res.body).toMatchObject({
      id: intent.orderId,
      status: 'withdrawn',
      paymentStatus: 'refunded',
      canWithdraw: false,
      licenseKeys: [],
      withdrawnAt: expect.any(String),
    });
    expect(await inStock(t, STANDARD)).toBe(stockBefore);
    const order = await orderOf(t, intent.orderId);
    expect(order).toMatchObject({ status: 'withdrawn', paymentStatus: 'refunded', refundDue: null });
    expect(order.withdrawnAt!.toISOString()).toBe(res.body.withdrawnAt);
    const refunds = await t.db.getRepository(Refund).findBy({ orderId: intent.orderId });
    expect(refunds).toEqual([
      expect.objectContaining({
        amountCents: order.totalCents,
        status: 'succeeded',
        reason: WITHDRAWAL_REFUND_REASON,
        staffUserId: null,
        providerRefundId: expect.stringMatching(/^demo_refund_/),
      }),
    ]);
    const [ack] = await mailsOf(t, intent.orderId, 'order-withdrawal');
    expect(ack!.to).toBe(email);
    const stamp = `${res.body.withdrawnAt.slice(0, 19).replace('T', ' ')} UTC`;
    expect(ack!.text).toContain(`We received your withdrawal from the contract for order`);
    expect(ack!.text).toContain(`on ${stamp}`);
    expect(ack!.text).toContain('1 × ');
    const [alert] = await mailsOf(t, intent.orderId, 'withdrawal-alert');
    expect(alert!.to).toBe(t.config.mail.staffAlertEmail);
    expect(alert!.text).toContain(email);
    const audit = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'orders.withdraw', resourceId: intent.orderId });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: null,
        before: { status: 'on_hold', awaitingKeys: false },
        after: expect.objectContaining({ status: 'withdrawn', refundDue: 'withdrawn' }),
      }),
    ]);

    // Idempotent: the same withdrawal again, nothing more refunded or e-mailed.
    const again = await withdraw(t, intent.orderId, email).expect(200);
    expect(again.body).toMatchObject({ status: 'withdrawn', withdrawnAt: res.body.withdrawnAt });
    expect(await t.db.getRepository(Refund).countBy({ orderId: intent.orderId })).toBe(1);
    expect(await mailsOf(t, intent.orderId, 'order-withdrawal')).toHaveLength(1);
    expect(await inStock(t, STANDARD)).toBe(stockBefore);
  });

  it('withdraws a back-ordered order with no key delivered (a product out of stock)', async () => {
    const email = 'waiting@example.com';
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], email);
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'processing', awaitingKeys: true });
    expect((await accountOrders(t, email))[0]).toMatchObject({ canWithdraw: true });
    const res = await withdraw(t, intent.orderId, email).expect(200);
    expect(res.body).toMatchObject({ status: 'withdrawn', paymentStatus: 'refunded', awaitingKeys: false });
    expect(await orderOf(t, intent.orderId)).toMatchObject({ awaitingKeys: false, refundDue: null });
    expect(await mailsOf(t, intent.orderId, 'order-refund')).toHaveLength(1);
  });

  it('two withdrawals at once withdraw and refund once, both answering the same withdrawal', async () => {
    const email = 'twice@example.com';
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], email);
    const [first, second] = await Promise.all([
      withdraw(t, intent.orderId, email),
      withdraw(t, intent.orderId, email),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.withdrawnAt).toBe(second.body.withdrawnAt);
    expect(await t.db.getRepository(Refund).findBy({ orderId: intent.orderId })).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ]);
    expect(await orderOf(t, intent.orderId)).toMatchObject({
      status: 'withdrawn',
      paymentStatus: 'refunded',
    });
    expect(await mailsOf(t, intent.orderId, 'order-withdrawal')).toHaveLength(1);
  });

  it('refuses a delivered order (409), another customer’s (404), bad ids and an unconfirmed request', async () => {
    const email = 'delivered@example.com';
    const delivered = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], email);
    expect((await accountOrders(t, email))[0]).toMatchObject({ status: 'fulfilled', canWithdraw: false });
    const refused = await withdraw(t, delivered.orderId, email).expect(409);
    expect(refused.body.message).toMatch(/licence keys were delivered.*right of withdrawal ended/);

    const waiting = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'owner@example.com');
    const other = await withdraw(t, waiting.orderId, 'intruder@example.com').expect(404);
    expect(other.body.message).toBe('No such order among your orders');
    await withdraw(t, 'not-a-uuid', email).expect(404);
    const unconfirmed = await withdraw(t, waiting.orderId, 'owner@example.com', {}).expect(400);
    expect(JSON.stringify(unconfirmed.body)).toContain('confirm must be true');
    await withdraw(t, waiting.orderId, 'owner@example.com', { confirm: 'yes' }).expect(400);
    await t
      .http()
      .post(`/api/account/orders/${waiting.orderId}/withdrawal`)
      .send({ confirm: true })
      .expect(401);
    expect(await orderOf(t, waiting.orderId)).toMatchObject({ status: 'processing', awaitingKeys: true });
  });

  it('refuses an unpaid order and a back-ordered one with a key already delivered', async () => {
    const email = 'unpaid@example.com';
    const unpaid = (
      await createIntent(t, {
        cartItems: [{ id: STANDARD, quantity: 1 }],
        billing: { ...BILLING, email },
      }).expect(201)
    ).body as Intent;
    const res = await withdraw(t, unpaid.orderId, email).expect(409);
    expect(res.body.message).toBe('This order is not paid: there is nothing to withdraw from');

    const partEmail = 'part@example.com';
    const part = await buyWithDemo(
      t,
      [
        { id: STANDARD, quantity: 1 },
        { id: PRO_PLUS, quantity: 1 },
      ],
      partEmail,
    );
    expect(await orderOf(t, part.orderId)).toMatchObject({ status: 'processing', awaitingKeys: true });
    expect((await accountOrders(t, partEmail))[0]).toMatchObject({ canWithdraw: false });
    await withdraw(t, part.orderId, partEmail).expect(409);
    expect(await t.db.getRepository(Refund).countBy({ orderId: part.orderId })).toBe(0);
  });

  it('refuses an order staff refunded', async () => {
    const admin = await signIn(t, 'admin', 'refunder');
    const email = 'refunded@example.com';
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], email);
    await t
      .http()
      .post(`/api/admin/orders/${intent.orderId}/refunds`)
      .set('authorization', admin)
      .send({ reason: 'Asked by phone', revokeKeys: true, notifyCustomer: true })
      .expect(201);
    const res = await withdraw(t, intent.orderId, email).expect(409);
    expect(res.body.message).toBe('This order was refunded: there is nothing to withdraw from');
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'refunded', withdrawnAt: null });
  });

  it('shows staff when the customer withdrew', async () => {
    const admin = await signIn(t, 'admin');
    const email = 'shown@example.com';
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], email);
    const res = await withdraw(t, intent.orderId, email).expect(200);
    const detail = await t
      .http()
      .get(`/api/admin/orders/${intent.orderId}`)
      .set('authorization', admin)
      .expect(200);
    expect(detail.body).toMatchObject({ status: 'withdrawn', withdrawnAt: res.body.withdrawnAt });
  });
});

describe(`withdrawal before delivery through Stripe on ${DRIVER}`, () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(0);
    // One Professional Plus key in stock: the demo keys the store starts with are revoked first.
    await t.db
      .getRepository(LicenseKey)
      .update({ productId: PRO_PLUS, orderId: IsNull() }, { status: 'revoked' });
    await restock(t, PRO_PLUS, 1);
  });
  afterAll(() => t.close());

  async function paid(email: string) {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
      billing: { ...BILLING, email },
    });
    return { intent, paymentIntentId };
  }

  it('withdraws a held order and refunds it at Stripe, once', async () => {
    const email = 'stripe-held@example.com';
    const { intent, paymentIntentId } = await paid(email);
    t.stripe.succeeded(paymentIntentId);
    await heldOrder(t, intent, 'card');
    expect(await inStock(t, PRO_PLUS)).toBe(0);

    const res = await withdraw(t, intent.orderId, email).expect(200);
    expect(res.body).toMatchObject({ status: 'withdrawn', paymentStatus: 'refunded' });
    expect(await inStock(t, PRO_PLUS)).toBe(1);
    const asked = t.stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ payment_intent: paymentIntentId });
    const [refund] = await t.db.getRepository(Refund).findBy({ orderId: intent.orderId });
    expect(refund).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
    const [ack] = await mailsOf(t, intent.orderId, 'order-withdrawal');
    expect(ack!.text).toContain('to the card you paid with; it usually arrives within 5-7 business days');

    await withdraw(t, intent.orderId, email).expect(200);
    expect(t.stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('withdraws a back-ordered order; when Stripe fails, the order stays owed its refund for staff', async () => {
    const email = 'stripe-waiting@example.com';
    const { intent, paymentIntentId } = await paid(email);
    // Another order takes the one key first, so this one waits for stock.
    const first = await paid('first@example.com');
    await postWebhook(
      t,
      t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(first.paymentIntentId)),
    ).expect(200);
    await postWebhook(
      t,
      t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
    ).expect(200);
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'processing', awaitingKeys: true });

    t.stripe.failing = true;
    try {
      const res = await withdraw(t, intent.orderId, email).expect(200);
      expect(res.body).toMatchObject({ status: 'withdrawn', paymentStatus: 'completed' });
    } finally {
      t.stripe.failing = false;
    }
    expect(await orderOf(t, intent.orderId)).toMatchObject({ status: 'withdrawn', refundDue: 'withdrawn' });
    const [failed] = await t.db.getRepository(Refund).findBy({ orderId: intent.orderId });
    expect(failed).toMatchObject({ status: 'failed', reason: WITHDRAWAL_REFUND_REASON });
    expect(await mailsOf(t, intent.orderId, 'withdrawal-alert')).toHaveLength(1);
  });
});
