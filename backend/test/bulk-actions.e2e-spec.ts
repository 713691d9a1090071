import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { buyWithDemo, createIntent, STANDARD, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

describe(`back office: bulk order actions on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, auth = admin) =>
    t
      .http()
      .post(`/api/admin/orders/${path}`)
      .set('Authorization', auth)
      .send(body as object);
  const age = (orderId: string, hours: number) =>
    t.db.getRepository(Order).update(orderId, { createdAt: new Date(Date.now() - hours * 3_600_000) });

  it('cancels checkouts left unpaid past the age, gives their coupons back, audits each, once', async () => {
    const coupon = await t.db.getRepository(Coupon).findOneByOrFail({ code: 'SAVE10' });
    const stale = (await createIntent(t, { couponCode: 'SAVE10' }).expect(201)).body as Intent;
    const fresh = (await createIntent(t).expect(201)).body as Intent;
    const paid = await buyWithDemo(t);
    await age(stale.orderId, 30);
    await age(paid.orderId, 30);
    await age(fresh.orderId, 2);
    const reserved = (await t.db.getRepository(Coupon).findOneByOrFail({ id: coupon.id })).heldCount;

    const dry = await post('cancel-stale', { olderThanHours: 24, dryRun: true }).expect(200);
    expect(dry.body).toEqual({ dryRun: true, cancelled: 1, ids: [stale.orderId], skipped: [], more: false });
    expect((await t.db.getRepository(Order).findOneByOrFail({ id: stale.orderId })).status).toBe(
      'processing',
    );

    const res = await post('cancel-stale', { olderThanHours: 24 }).expect(200);
    expect(res.body).toEqual({ dryRun: false, cancelled: 1, ids: [stale.orderId], skipped: [], more: false });
    const order = await t.db.getRepository(Order).findOneByOrFail({ id: stale.orderId });
    expect(order.status).toBe('cancelled');
    expect(order.couponState).toBe('released');
    expect((await t.db.getRepository(Coupon).findOneByOrFail({ id: coupon.id })).heldCount).toBe(
      reserved - 1,
    );
    expect((await t.db.getRepository(Order).findOneByOrFail({ id: fresh.orderId })).status).toBe(
      'processing',
    );
    expect((await t.db.getRepository(Order).findOneByOrFail({ id: paid.orderId })).status).toBe('fulfilled');
    const audit = await t.db.getRepository(AuditEntry).findBy({ action: 'orders.cancel-stale' });
    expect(audit.map((a) => a.resourceId)).toEqual([stale.orderId]);
    const timeline = await t
      .http()
      .get(`/api/admin/orders/${stale.orderId}/timeline`)
      .set('Authorization', admin)
      .expect(200);
    expect(timeline.body.entries.map((e: { title: string }) => e.title)).toContain('Cancelled: left unpaid');

    // A retry finds nothing left to do.
    const again = await post('cancel-stale', { olderThanHours: 24 }).expect(200);
    expect(again.body).toMatchObject({ cancelled: 0, ids: [] });
    expect(await t.db.getRepository(AuditEntry).countBy({ action: 'orders.cancel-stale' })).toBe(1);
  });

  it('resends delivery e-mails of delivered orders, skipping the others with reasons, once per retry', async () => {
    await t.app.get(OutboxWorker).stop();
    const a = await buyWithDemo(t);
    const b = await buyWithDemo(t);
    const unpaid = (await createIntent(t).expect(201)).body as Intent;
    const missing = '00000000-0000-4000-8000-000000000000';
    // Their delivery e-mails were queued minutes ago, not just now.
    await t.db
      .getRepository(OutboxEmail)
      .createQueryBuilder()
      .update()
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .execute();
    const res = await post('resend-delivery', {
      ids: [a.orderId, unpaid.orderId, b.orderId, missing],
    }).expect(200);
    expect(res.body).toEqual([
      { id: a.orderId, result: 'queued', emailId: expect.any(Number) },
      { id: unpaid.orderId, result: 'skipped', reason: 'Only paid orders have a delivery e-mail' },
      { id: b.orderId, result: 'queued', emailId: expect.any(Number) },
      { id: missing, result: 'skipped', reason: 'Order not found' },
    ]);
    const queued = (orderId: string) =>
      t.db.getRepository(OutboxEmail).countBy({ orderId, kind: 'order-delivery' });
    expect(await queued(a.orderId)).toBe(2);
    expect(
      await t.db.getRepository(AuditEntry).countBy({ action: 'orders.resend-email', resourceId: a.orderId }),
    ).toBe(1);

    // The same request again (a retry) e-mails nobody twice.
    const retry = await post('resend-delivery', { ids: [a.orderId, b.orderId] }).expect(200);
    expect(retry.body.map((r: { result: string }) => r.result)).toEqual(['skipped', 'skipped']);
    expect(retry.body[0].reason).toMatch(/less than 10 minutes ago/);
    expect(await queued(a.orderId)).toBe(2);
  });

  it('answers a 400 naming the problem', async () => {
    for (const [body, message] of [
      [{}, 'olderThanHours must be a whole number of hours'],
      [{ olderThanHours: 0 }, 'olderThanHours must be at least 1'],
      [{ olderThanHours: 1.5 }, 'olderThanHours must be a whole number of hours'],
      [{ olderThanHours: 2, dryRun: 'yes' }, 'dryRun must be true or false'],
    ] as const) {
      const res = await post('cancel-stale', body).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
    const id = '00000000-0000-4000-8000-000000000001';
    for (const [body, message] of [
      [{}, 'ids must be a list of order ids'],
      [{ ids: [] }, 'ids must name at least one order'],
      [{ ids: ['nope'] }, 'each of ids must be an order id'],
      [{ ids: [id, id] }, 'ids must not repeat an order'],
      [
        {
          ids: Array.from(
            { length: 101 },
            (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          ),
        },
        'ids may name at most 100 orders',
      ],
    ] as const) {
      const res = await post('resend-delivery', body).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
  });

  it('is for admins only', async () => {
    await post('cancel-stale', { olderThanHours: 1 }, support).expect(403);
    await post('resend-delivery', { ids: [STANDARD] }, support).expect(403);
    await t.http().post('/api/admin/orders/cancel-stale').send({ olderThanHours: 1 }).expect(401);
  });
});
