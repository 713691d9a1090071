import { SmtpSink, waitFor } from '@store/testing';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { PaymentProviders } from '../src/payments/payment-providers.js';
import type { DemoPaymentProvider } from '../src/payments/providers/demo.provider.js';
import { BILLING, createIntent, STANDARD, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Paid but not delivered (issue #15, items 2 and 5): a payment that arrives for an order cancelled
 * meanwhile, or for an order whose lapsed coupon reservation cannot be taken again within the cap, is
 * recorded, and the order is cancelled, marked as owing a refund, and both the shopper and staff are told.
 */
describe(`paid orders held for a refund, demo provider, on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'help@store.example',
      TRUST_PROXY: 'loopback',
    });
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const order = (id: string) => t.db.getRepository(Order).findOneByOrFail({ id });
  const keysOf = (orderId: string) => t.db.getRepository(LicenseKey).countBy({ orderId });
  const linksOf = (orderId: string) => t.db.getRepository(DownloadLink).countBy({ orderId });
  const mailsOf = (orderId: string, kind: string) =>
    t.db.getRepository(OutboxEmail).findBy({ orderId, kind });
  /** The coupon's redemptions the cap counts: paid, and held by unpaid checkouts. */
  const redemptions = async (code: string) => {
    const { redemptionCount, heldCount } = await t.db.getRepository(Coupon).findOneByOrFail({ code });
    return redemptionCount + heldCount;
  };
  const pay = (intent: Intent, outcome: 'succeed' | 'decline' = 'succeed') =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret, outcome });
  const put = (id: string, body: object) =>
    t.http().put(`/api/admin/orders/${id}`).set('authorization', admin).send(body);
  const checkout = async (email: string, couponCode?: string) =>
    (
      await createIntent(t, { billing: { ...BILLING, email }, ...(couponCode ? { couponCode } : {}) }).expect(
        201,
      )
    ).body as Intent;

  it('never takes a capped coupon past its cap: reserve, decline, reserve again …, then pay every order', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'ONCE', percentOff: 30, maxRedemptions: 1 });
    const intents: Intent[] = [];
    for (let i = 0; i < 5; i++) {
      const intent = await checkout(`cap${i}@example.com`, 'ONCE');
      expect(intent.discountCents).toBeGreaterThan(0);
      expect((await pay(intent, 'decline').expect(402)).body.message).toBe(
        'Your card was declined (demo payment, no charge).',
      );
      expect(await redemptions('ONCE')).toBe(0);
      intents.push(intent);
    }
    // Another one walks away for 30 minutes: the sweeper gives its reservation back.
    const abandoned = await checkout('cap-abandoned@example.com', 'ONCE');
    expect(await t.app.get(ReservationSweeper).sweep(new Date(Date.now() + 31 * 60_000))).toBe(1);
    intents.push(abandoned);
    expect(await redemptions('ONCE')).toBe(0);

    // Every shopper pays after all (a good card after the declined one).
    const answers = [];
    for (const intent of intents) answers.push((await pay(intent).expect(200)).body);
    expect(await redemptions('ONCE')).toBe(1);
    const delivered = [];
    for (const intent of intents) if ((await keysOf(intent.orderId)) > 0) delivered.push(intent.orderId);
    expect(delivered).toEqual([intents[0]!.orderId]);
    expect(answers[0]).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });

    for (const [i, intent] of intents.entries()) {
      if (i === 0) continue;
      expect(answers[i]).toEqual({
        orderId: intent.orderId,
        status: 'cancelled',
        paymentStatus: 'completed',
      });
      expect(await order(intent.orderId)).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'completed',
        refundDue: 'coupon-used-up',
        couponState: 'released',
        awaitingKeys: false,
      });
      expect(await linksOf(intent.orderId)).toBe(0);
      expect(await mailsOf(intent.orderId, 'order-delivery')).toHaveLength(0);
      expect(await mailsOf(intent.orderId, 'order-refund-due')).toHaveLength(1);
      expect(await mailsOf(intent.orderId, 'refund-due')).toEqual([
        expect.objectContaining({ to: 'help@store.example' }),
      ]);
    }
    // What the shopper's polling shows.
    const last = intents.at(-1)!;
    const status = await t
      .http()
      .get(`/api/orders/${last.orderId}/status`)
      .query({ clientSecret: last.clientSecret })
      .expect(200);
    expect(status.body).toMatchObject({ status: 'cancelled', paymentStatus: 'completed' });

    // The e-mails go out: the shopper is told the payment comes back in full, staff what to do.
    const ref = last.orderId.slice(0, 8).toUpperCase();
    const toShopper = await waitFor(() =>
      smtp.received.find((m) => m.subject === `Your order ${ref} could not be completed: full refund`),
    );
    expect(toShopper.to).toEqual(['cap-abandoned@example.com']);
    expect(toShopper.text).toMatch(/will be refunded in full/);
    expect(toShopper.text).toMatch(/The coupon ONCE had reached its limit of uses/);
    const toStaff = await waitFor(() =>
      smtp.received.find((m) => m.subject === `Refund due: order ${ref} was paid but not delivered`),
    );
    expect(toStaff.to).toEqual(['help@store.example']);
    expect(toStaff.text).toContain(last.orderId);

    // The back office shows the mark, in the list and in the detail.
    const listed = await t
      .http()
      .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ id: [last.orderId] }))}`)
      .set('authorization', admin)
      .expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: last.orderId, refundDue: 'coupon-used-up' })]);
  });

  it('does not deliver an order cancelled after a declined card when its payment is confirmed later', async () => {
    const intent = await checkout('cancel-after-decline@example.com', 'SAVE10');
    await pay(intent, 'decline').expect(402);
    await put(intent.orderId, { status: 'cancelled' }).expect(200);
    expect(await order(intent.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });

    // The money arrives anyway (staff record a payment the provider took): recorded, not delivered.
    const res = await put(intent.orderId, { paymentStatus: 'completed' }).expect(200);
    expect(await keysOf(intent.orderId)).toBe(0);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'completed',
      refundDue: 'order-cancelled',
      licenseKeys: [],
      downloads: [],
    });
    expect(await mailsOf(intent.orderId, 'order-delivery')).toHaveLength(0);
    expect(await mailsOf(intent.orderId, 'order-refund-due')).toHaveLength(1);
    expect(await mailsOf(intent.orderId, 'refund-due')).toHaveLength(1);

    // Held for the refund: staff cannot make it fulfilled or processing.
    for (const status of ['fulfilled', 'processing']) {
      const refused = await put(intent.orderId, { status }).expect(409);
      expect(refused.body.message).toBe(
        'This order was paid but not delivered and is owed a refund: refund it with the Refund action',
      );
    }
    // Nor send it keys or a delivery e-mail.
    const resend = await t
      .http()
      .post(`/api/admin/orders/${intent.orderId}/resend-email`)
      .set('authorization', admin)
      .expect(409);
    expect(resend.body.message).toBe(
      'This order was cancelled and is owed a refund: nothing is delivered for it',
    );
    const typedKey = await t
      .http()
      .post('/api/admin/license-keys')
      .set('authorization', admin)
      .send({ orderId: intent.orderId, productId: STANDARD, licenseKey: generateLicenseKey() })
      .expect(409);
    expect(typedKey.body.message).toBe(
      'This order was cancelled and is owed a refund: nothing is delivered for it',
    );
    expect(await keysOf(intent.orderId)).toBe(0);

    // Once refunded (through the provider, which took the money), the mark is cleared and the order
    // stays cancelled and undelivered.
    await providerTook(t, intent.orderId);
    await refund(t, admin, intent.orderId).expect(201);
    const refunded = await t.http().get(`/api/admin/orders/${intent.orderId}`).set('authorization', admin);
    expect(refunded.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundDue: null });
    expect(await keysOf(intent.orderId)).toBe(0);
  });

  it('gives the coupon reservation of a cancelled order back at once', async () => {
    await t.db.getRepository(Coupon).insert({ code: 'CANCELME', percentOff: 10, maxRedemptions: 1 });
    const intent = await checkout('cancel-coupon@example.com', 'CANCELME');
    expect(await redemptions('CANCELME')).toBe(1);
    await put(intent.orderId, { status: 'cancelled' }).expect(200);
    expect(await redemptions('CANCELME')).toBe(0);
    expect(await order(intent.orderId)).toMatchObject({ status: 'cancelled', couponState: 'released' });
  });
});

describe(`orders owed a refund in the back office's list and dashboard, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const list = (filter: object) =>
    t
      .http()
      .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`)
      .set('authorization', admin);
  const put = (id: string, body: object) =>
    t.http().put(`/api/admin/orders/${id}`).set('authorization', admin).send(body).expect(200);
  const demoPay = (intent: Intent, outcome: 'succeed' | 'decline') =>
    t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: intent.orderId, clientSecret: intent.clientSecret, outcome });

  it('lists only them with refundDue true, counts them on the dashboard and leaves them out of revenue', async () => {
    const paid = (await createIntent(t, { billing: { ...BILLING, email: 'paid@example.com' } }).expect(201))
      .body as Intent;
    await demoPay(paid, 'succeed').expect(200);
    const owed = (await createIntent(t, { billing: { ...BILLING, email: 'owed@example.com' } }).expect(201))
      .body as Intent;
    await demoPay(owed, 'decline').expect(402);
    await put(owed.orderId, { status: 'cancelled' });
    await put(owed.orderId, { paymentStatus: 'completed' });
    const owedOrder = await t.db.getRepository(Order).findOneByOrFail({ id: owed.orderId });
    const paidOrder = await t.db.getRepository(Order).findOneByOrFail({ id: paid.orderId });
    expect(owedOrder).toMatchObject({ paymentStatus: 'completed', refundDue: 'order-cancelled' });

    const due = await list({ refundDue: true }).expect(200);
    expect(due.body).toEqual([expect.objectContaining({ id: owed.orderId, refundDue: 'order-cancelled' })]);
    expect(due.headers['content-range']).toBe('orders 0-0/1');
    const notDue = await list({ refundDue: false }).expect(200);
    expect(notDue.body).toEqual([expect.objectContaining({ id: paid.orderId, refundDue: null })]);
    const malformed = await list({ refundDue: 'yes' }).expect(400);
    expect(malformed.body.message).toMatch(/refundDue/);

    const stats = await t
      .http()
      .get('/api/admin/dashboard')
      .set('authorization', admin)
      .set('cache-control', 'no-cache')
      .expect(200);
    expect(stats.body).toMatchObject({
      refundsDue: 1,
      completedOrders: 2,
      // The payment owed back is a sale until it is refunded (a refund counts when it is made); the
      // dashboard says beside how many refunds are due.
      sales: expect.objectContaining({
        netSalesCents: paidOrder.totalCents - paidOrder.taxCents + owedOrder.totalCents - owedOrder.taxCents,
        refundsCents: 0,
      }),
    });
    expect(stats.body.recentOrders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owed.orderId, status: 'cancelled', refundDue: 'order-cancelled' }),
        expect.objectContaining({ id: paid.orderId, status: 'fulfilled', refundDue: null }),
      ]),
    );

    // Refunded: no longer owed, and no longer a sale.
    await providerTook(t, owed.orderId);
    await refund(t, admin, owed.orderId).expect(201);
    expect((await list({ refundDue: true }).expect(200)).body).toEqual([]);
    const after = await t
      .http()
      .get('/api/admin/dashboard')
      .set('authorization', admin)
      .set('cache-control', 'no-cache')
      .expect(200);
    expect(after.body).toMatchObject({
      refundsDue: 0,
      sales: expect.objectContaining({
        netSalesCents: paidOrder.totalCents - paidOrder.taxCents,
        refundsCents: owedOrder.totalCents - owedOrder.taxCents,
      }),
    });
  });
});

/** The demo provider's books record the payment staff marked completed (the provider took the money). */
async function providerTook(t: TestApp, orderId: string): Promise<void> {
  const order = await t.db.getRepository(Order).findOneByOrFail({ id: orderId });
  const demo = t.app.get(PaymentProviders).get('demo') as DemoPaymentProvider;
  demo.settle(order.providerPaymentId!, 'succeeded', order);
}

/** A full refund with the back office's Refund action. */
function refund(t: TestApp, admin: string, orderId: string) {
  return t
    .http()
    .post(`/api/admin/orders/${orderId}/refunds`)
    .set('authorization', admin)
    .send({ reason: 'Owed a refund', revokeKeys: true, notifyCustomer: true });
}
