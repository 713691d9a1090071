import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { InventoryService } from '../src/license-keys/inventory.service.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { REFUND_ACTION } from '../src/orders/order-process.js';
import { PaymentProviders } from '../src/payments/payment-providers.js';
import type { DemoPaymentProvider } from '../src/payments/providers/demo.provider.js';
import {
  buyWithDemo,
  createIntent,
  HOME_BUSINESS,
  PRO_PLUS,
  STANDARD,
  type Intent,
} from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

describe(`back office: orders on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let paid: Intent;
  let unpaid: Intent;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    paid = await buyWithDemo(t, [{ id: HOME_BUSINESS, quantity: 2 }], 'paid.customer@example.com');
    unpaid = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201)).body;
  });
  afterAll(() => t.close());

  const get = (path: string, auth = admin) => t.http().get(path).set('authorization', auth);

  it('lists orders with Content-Range, filters and sorts in the database', async () => {
    const all = await get('/api/admin/orders').expect(200);
    expect(all.headers['content-range']).toBe('orders 0-1/2');
    expect(all.body.map((o: { id: string }) => o.id)).toEqual([unpaid.orderId, paid.orderId]);
    expect(all.body[1]).toEqual({
      id: paid.orderId,
      customerName: 'Jane Doe',
      customerEmail: 'paid.customer@example.com',
      currency: 'USD',
      totalCents: 48598,
      status: 'fulfilled',
      paymentStatus: 'completed',
      paymentMethod: 'demo',
      createdAt: expect.any(String),
      awaitingKeys: false,
      refundDue: null,
      holdReasons: null,
      heldAt: null,
      reviewedAt: null,
      billingCompany: null,
      vatNumber: null,
      vatNumberStatus: null,
      vatCheckReference: null,
      vatCheckedAt: null,
      vatNameMatch: null,
      vatCheckAnswer: null,
      reverseCharge: false,
      productIds: [HOME_BUSINESS],
      taxMode: 'off',
      taxCountry: null,
      evidence: {
        billingCountry: 'IN',
        cardCountry: null,
        checkoutIpCountry: null,
        agreedCountry: null,
        agreeing: [],
      },
    });
    const q = (filter: object, extra = '') =>
      get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`).expect(200);
    expect((await q({ q: 'PAID.cust' })).body.map((o: { id: string }) => o.id)).toEqual([paid.orderId]);
    expect((await q({ q: paid.orderId.slice(0, 8) })).body.map((o: { id: string }) => o.id)).toEqual([
      paid.orderId,
    ]);
    expect((await q({ paymentStatus: 'pending' })).body.map((o: { id: string }) => o.id)).toEqual([
      unpaid.orderId,
    ]);
    expect((await q({ status: 'fulfilled' })).headers['content-range']).toBe('orders 0-0/1');
    const byAmount = await q({}, `&sort=${encodeURIComponent('["totalCents","ASC"]')}`);
    expect(byAmount.body.map((o: { id: string }) => o.id)).toEqual([unpaid.orderId, paid.orderId]);
    const page = await q({}, `&range=${encodeURIComponent('[1,1]')}`);
    expect(page.headers['content-range']).toBe('orders 1-1/2');
    for (const bad of [
      'filter={"status":"shipped"}',
      'sort=["password","ASC"]',
      'range=[0,1000]',
      'filter=nope',
    ]) {
      const res = await get(
        `/api/admin/orders?${bad.replace(/=(.*)$/, (_, v: string) => `=${encodeURIComponent(v)}`)}`,
      ).expect(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it('filters by days of creation, product and billing country, refusing malformed values', async () => {
    // The unpaid order was made three days ago (UTC), in Germany.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await t.db.getRepository(Order).update(unpaid.orderId, { createdAt: threeDaysAgo, billingCountry: 'DE' });
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const today = day(new Date());
    const ids = async (filter: object) =>
      (
        await get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`).expect(200)
      ).body.map((o: { id: string }) => o.id);
    expect(await ids({ createdFrom: today })).toEqual([paid.orderId]);
    expect(await ids({ createdTo: day(threeDaysAgo) })).toEqual([unpaid.orderId]);
    expect(await ids({ createdFrom: day(threeDaysAgo), createdTo: today })).toEqual([
      paid.orderId,
      unpaid.orderId,
    ]);
    expect(await ids({ productId: HOME_BUSINESS })).toEqual([paid.orderId]);
    expect(await ids({ productId: STANDARD })).toEqual([unpaid.orderId]);
    expect(await ids({ productId: PRO_PLUS })).toEqual([]);
    expect(await ids({ country: 'de' })).toEqual([unpaid.orderId]);
    expect(await ids({ country: 'IN', productId: HOME_BUSINESS, createdFrom: today })).toEqual([
      paid.orderId,
    ]);
    // Support staff filter as admins do.
    const bySupport = await get(
      `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ country: 'DE' }))}`,
      support,
    ).expect(200);
    expect(bySupport.body.map((o: { id: string }) => o.id)).toEqual([unpaid.orderId]);

    for (const [filter, message] of [
      [{ createdFrom: '2026-02-30' }, /createdFrom and createdTo must be days/],
      [{ createdFrom: today, createdTo: day(threeDaysAgo) }, /createdTo not before createdFrom/],
      [{ productId: '%' }, /productId must be a product id/],
      [{ country: 'Germany' }, /country must be a two-letter country code/],
    ] as const) {
      const res = await get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`).expect(
        400,
      );
      expect(res.body.message).toMatch(message);
    }
    await t.db.getRepository(Order).update(unpaid.orderId, { billingCountry: 'IN' });
  });

  it('shows one order; keys in full to admins (audited), masked to support', async () => {
    const asAdmin = (await get(`/api/admin/orders/${paid.orderId}`).expect(200)).body;
    expect(asAdmin).toMatchObject({
      id: paid.orderId,
      orderItems: [
        { productId: HOME_BUSINESS, name: 'Office 2024 Home & Business', quantity: 2, unitPriceCents: 24299 },
      ],
      billing: {
        email: 'paid.customer@example.com',
        firstName: 'Jane',
        country: 'IN',
        phoneCountryCode: '+91',
        phone: '+919876543210',
      },
      subtotalCents: 48598,
      discountCents: 0,
      paymentProvider: 'demo',
    });
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: paid.orderId });
    const cipher = t.app.get(LicenseKeyCipher);
    expect(asAdmin.licenseKeys.map((k: { licenseKey: string }) => k.licenseKey).sort()).toEqual(
      keys.map((k) => cipher.decrypt(k.keyCiphertext)).sort(),
    );
    // Home & Business: a Windows and a Mac link.
    expect(asAdmin.downloads.map((d: { platform: string }) => d.platform)).toEqual(['Windows', 'Mac']);
    expect(asAdmin.emails).toEqual([
      expect.objectContaining({ kind: 'order-delivery', to: 'paid.customer@example.com' }),
    ]);

    const asSupport = (await get(`/api/admin/orders/${paid.orderId}`, support).expect(200)).body;
    for (const key of asSupport.licenseKeys)
      expect(key.licenseKey).toMatch(/^XXXXX-XXXXX-XXXXX-XXXXX-[A-Z0-9]{5}$/);

    const reveals = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'license-keys.reveal', resourceId: paid.orderId });
    expect(reveals).toHaveLength(1);
    expect(reveals[0]!.actorUsername).toMatch(/^admin-/);

    await get('/api/admin/orders/6f1c7e4e-1111-4222-8333-944445555666').expect(404);
    await get('/api/admin/orders/not-an-id').expect(404);
  });

  it('lets an admin set any status and payment status, recording before and after', async () => {
    const put = (body: object, auth = admin, id = unpaid.orderId) =>
      t.http().put(`/api/admin/orders/${id}`).set('authorization', auth).send(body);
    const res = await put({ status: 'cancelled', paymentStatus: 'failed' }).expect(200);
    expect(res.body).toMatchObject({ id: unpaid.orderId, status: 'cancelled', paymentStatus: 'failed' });
    expect(await t.db.getRepository(Order).findOneByOrFail({ id: unpaid.orderId })).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    const [entry] = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'orders.update', resourceId: unpaid.orderId });
    expect(entry).toMatchObject({
      before: { status: 'processing', paymentStatus: 'pending' },
      after: { status: 'cancelled', paymentStatus: 'failed' },
    });

    expect(problems((await put({ status: 'shipped' }).expect(400)).body)).toEqual([
      'status must be one of processing, fulfilled, cancelled, on_hold, withdrawn, refunded',
    ]);
    expect(problems((await put({ totalCents: 1 }).expect(400)).body)).toEqual([
      'property totalCents should not exist',
    ]);
    expect((await put({}).expect(400)).body.message).toBe('Nothing to update: send status or paymentStatus');
    await put({ status: 'processing' }, support).expect(403);
    await put({ status: 'processing' }, admin, '6f1c7e4e-1111-4222-8333-944445555666').expect(404);
  });

  const put = (id: string, body: object) =>
    t.http().put(`/api/admin/orders/${id}`).set('authorization', admin).send(body);
  const refund = (id: string) =>
    t
      .http()
      .post(`/api/admin/orders/${id}/refunds`)
      .set('authorization', admin)
      .send({ reason: 'Refund test', revokeKeys: true, notifyCustomer: false });
  const orderRow = (id: string) => t.db.getRepository(Order).findOneByOrFail({ id });
  const keysOf = (orderId: string) => t.db.getRepository(LicenseKey).findBy({ orderId });
  const linksOf = (orderId: string) => t.db.getRepository(DownloadLink).findBy({ orderId });
  const deliveryEmails = (orderId: string) =>
    t.db.getRepository(OutboxEmail).countBy({ orderId, kind: 'order-delivery' });

  it("refunds as the payment provider's refund does: keys revoked, links off, no more keys awaited", async () => {
    // 25 demo keys of Pro Plus: the order gets them all and waits for 5 more.
    const order = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 30 }], 'refund.me@example.com');
    expect(await orderRow(order.orderId)).toMatchObject({ paymentStatus: 'completed', awaitingKeys: true });
    expect(await keysOf(order.orderId)).toHaveLength(25);

    await refund(order.orderId).expect(201);
    const res = await get(`/api/admin/orders/${order.orderId}`).expect(200);
    expect(res.body).toMatchObject({ paymentStatus: 'refunded', awaitingKeys: false, refundableCents: 0 });
    expect(res.body.licenseKeys).toHaveLength(25);
    expect(new Set(res.body.licenseKeys.map((k: { status: string }) => k.status))).toEqual(
      new Set(['revoked']),
    );
    expect(res.body.downloads).toEqual([expect.objectContaining({ isActive: false })]);
    expect((await keysOf(order.orderId)).every((k) => k.status === 'revoked')).toBe(true);
    expect((await linksOf(order.orderId)).every((l) => !l.isActive)).toBe(true);
    const [entry] = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'orders.refund', resourceId: order.orderId });
    expect(entry).toMatchObject({ after: expect.objectContaining({ full: true, revokeKeys: true }) });

    // New stock goes to paying customers, not to the refunded order.
    await t.app
      .get(InventoryService)
      .importKeys([{ productId: PRO_PLUS, licenseKey: 'REFND-11111-22222-33333-44444' }]);
    expect(await t.app.get(FulfilmentService).completeWaitingOrders()).toBe(0);
    expect(await keysOf(order.orderId)).toHaveLength(25);

    // A refund is final: it cannot be made paid, failed or pending again.
    for (const paymentStatus of ['completed', 'failed', 'pending']) {
      const refused = await put(order.orderId, { paymentStatus }).expect(409);
      expect(refused.body.message).toBe('A refunded order stays refunded: nothing is left to refund');
    }
    expect(await orderRow(order.orderId)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('stops a cancelled unpaid order from being paid and delivered', async () => {
    const dropped = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201))
      .body as Intent;
    await put(dropped.orderId, { status: 'cancelled' }).expect(200);
    const pay = await t
      .http()
      .post('/api/payments/demo/confirm')
      .send({ orderId: dropped.orderId, clientSecret: dropped.clientSecret })
      .expect(409);
    expect(pay.body.message).toBe('This order was cancelled');
    expect(await orderRow(dropped.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await keysOf(dropped.orderId)).toHaveLength(0);
    expect(await deliveryEmails(dropped.orderId)).toBe(0);
  });

  it('applies the other changes through fulfilment too, refusing those that would contradict the order', async () => {
    // Marking an unpaid order paid delivers it, once, as a confirmed payment does.
    const cash = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201))
      .body as Intent;
    await put(cash.orderId, { paymentStatus: 'completed' }).expect(200);
    expect(await orderRow(cash.orderId)).toMatchObject({
      paymentStatus: 'completed',
      status: 'fulfilled',
      awaitingKeys: false,
    });
    expect(await keysOf(cash.orderId)).toHaveLength(1);
    expect(await linksOf(cash.orderId)).toHaveLength(2);
    expect(await deliveryEmails(cash.orderId)).toBe(1);
    await put(cash.orderId, { paymentStatus: 'completed' }).expect(200);
    expect(await deliveryEmails(cash.orderId)).toBe(1);

    // A paid order is neither failed, pending again nor cancelled without a refund; its status is
    // fulfilment's. Each refusal changes nothing.
    const refusals: [object, string][] = [
      [{ paymentStatus: 'failed' }, 'A paid order cannot be set to failed; refund it instead'],
      [{ paymentStatus: 'pending' }, 'A paid order cannot be set to pending; refund it instead'],
      [{ status: 'cancelled' }, 'A paid order is cancelled by refunding it: use the Refund action first'],
      [{ status: 'processing' }, 'This paid order has all its licence keys: it is fulfilled'],
    ];
    for (const [body, message] of refusals) {
      expect((await put(cash.orderId, body).expect(409)).body).toEqual({
        statusCode: 409,
        message,
        error: 'Conflict',
        requestId: expect.any(String),
      });
    }
    expect(await orderRow(cash.orderId)).toMatchObject({ paymentStatus: 'completed', status: 'fulfilled' });
    expect((await keysOf(cash.orderId)).map((k) => k.status)).toEqual(['active']);

    // Refunded through the provider: it refuses a payment it never took (shown failed, nothing changes);
    // once it has taken it, the refund goes through and closes the order (refunded; nothing more to set).
    const failed = await refund(cash.orderId).expect(201);
    expect(failed.body).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/^The payment provider refused the refund: .* was not paid$/),
    });
    expect(await orderRow(cash.orderId)).toMatchObject({ paymentStatus: 'completed' });
    const demo = t.app.get(PaymentProviders).get('demo') as DemoPaymentProvider;
    demo.settle((await orderRow(cash.orderId)).providerPaymentId!, 'succeeded', await orderRow(cash.orderId));
    expect((await refund(cash.orderId).expect(201)).body).toMatchObject({ status: 'succeeded' });
    expect(await orderRow(cash.orderId)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect((await put(cash.orderId, { status: 'cancelled' }).expect(409)).body.message).toBe(
      'A refunded order cannot be set to cancelled',
    );
    expect((await keysOf(cash.orderId)).map((k) => k.status)).toEqual(['revoked']);

    // An unpaid order: not refunded (nothing was paid), not fulfilled; a failed payment may be pending again.
    const open = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201))
      .body as Intent;
    expect((await put(open.orderId, { paymentStatus: 'refunded' }).expect(400)).body.message).toBe(
      REFUND_ACTION,
    );
    expect((await refund(open.orderId).expect(409)).body.message).toBe(
      "Only a paid order can be refunded; this order's payment is pending",
    );
    expect((await put(open.orderId, { status: 'fulfilled' }).expect(409)).body.message).toBe(
      'Only a paid order that has all its licence keys is fulfilled',
    );
    await put(open.orderId, { paymentStatus: 'failed' }).expect(200);
    await put(open.orderId, { paymentStatus: 'pending', status: 'cancelled' }).expect(200);
    expect(await orderRow(open.orderId)).toMatchObject({ paymentStatus: 'pending', status: 'cancelled' });
    expect(await keysOf(open.orderId)).toHaveLength(0);
  });

  it('tells the back office the moves allowed now, and still refuses the others', async () => {
    const allowed = async (id: string, auth = admin) =>
      (await get(`/api/admin/orders/${id}`, auth).expect(200)).body.allowedTransitions;
    // A paid order is refunded with the Refund action, never a PUT.
    expect(await allowed(paid.orderId)).toEqual({ status: [], paymentStatus: [] });
    // Support changes nothing (PUT is admin-only), so nothing is offered.
    expect(await allowed(paid.orderId, support)).toEqual({ status: [], paymentStatus: [] });

    const fresh = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201))
      .body as Intent;
    expect(await allowed(fresh.orderId)).toEqual({
      status: ['cancelled'],
      paymentStatus: ['completed', 'failed'],
    });
    // Not offered, and refused as before.
    expect((await put(fresh.orderId, { status: 'fulfilled' }).expect(409)).body.message).toBe(
      'Only a paid order that has all its licence keys is fulfilled',
    );
    expect((await put(fresh.orderId, { paymentStatus: 'refunded' }).expect(400)).body.message).toBe(
      REFUND_ACTION,
    );
    // Offered moves are accepted, and each answer carries the moves from the new state.
    const failed = await put(fresh.orderId, { paymentStatus: 'failed' }).expect(200);
    expect(failed.body.allowedTransitions).toEqual({
      status: ['cancelled'],
      paymentStatus: ['pending', 'completed'],
    });
    const cancelled = await put(fresh.orderId, { status: 'cancelled' }).expect(200);
    expect(cancelled.body.allowedTransitions).toEqual({
      status: ['processing'],
      paymentStatus: ['pending', 'completed'],
    });
    expect(await orderRow(fresh.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('lets admin and support resend the delivery e-mail of a paid order', async () => {
    const outbox = () =>
      t.db.getRepository(OutboxEmail).countBy({ orderId: paid.orderId, kind: 'order-delivery' });
    const before = await outbox();
    const res = await t
      .http()
      .post(`/api/admin/orders/${paid.orderId}/resend-email`)
      .set('authorization', support)
      .expect(202);
    expect(res.body).toEqual({ queued: true, emailId: expect.any(Number) });
    await t
      .http()
      .post(`/api/admin/orders/${paid.orderId}/resend-email`)
      .set('authorization', admin)
      .expect(202);
    expect(await outbox()).toBe(before + 2);
    await t
      .http()
      .post(`/api/admin/orders/${unpaid.orderId}/resend-email`)
      .set('authorization', admin)
      .expect(409);
  });

  it('shows the audit trail to admins only', async () => {
    const res = await get('/api/admin/audit').expect(200);
    expect(res.body.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['orders.update', 'license-keys.reveal', 'orders.resend-email']),
    );
    await get('/api/admin/audit', support).expect(403);
    await t.http().get('/api/admin/audit').expect(401);
  });
});
