import { randomBytes, randomUUID } from 'node:crypto';
import { Order } from '../src/orders/entities/order.entity.js';
import { Dispute } from '../src/payments/disputes/entities/dispute.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { BILLING, buyWithDemo } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

interface QueueRow {
  id: string;
  status: string;
  customerEmail: string;
  holdReasons: string[];
  evidence: { billingCountry: string; cardCountry: string | null; checkoutIpCountry: string | null };
  history: {
    previousOrders: number;
    refunds: number;
    disputes: number;
    fraudWarnings: number;
    firstOrderAt: string | null;
  };
  timeline: { kind: string; title: string }[];
  timelineTruncated: boolean;
}

/** The review queue (#34): held orders with what staff decide on, in the back office's list dialect. */
describe(`review queue on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    // A third order from one e-mail within the hour is held; so is any order from a disposable domain.
    t = await startTestApp({ HOLD_VELOCITY_ORDERS: '2', HOLD_DISPOSABLE_EMAIL: 'true' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(() => t.close());

  const queue = (query: Record<string, unknown> = {}, auth = support) =>
    t
      .http()
      .get('/api/admin/reviews')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('authorization', auth);
  const orderOf = (id: string) => t.db.getRepository(Order).findOneByOrFail({ id });

  it('lists the held orders, oldest hold first, with evidence, the buyer’s history and the timeline', async () => {
    const returning = `returning-${randomBytes(4).toString('hex')}@example.com`;
    const first = await buyWithDemo(t, undefined, returning);
    const second = await buyWithDemo(t, undefined, returning);
    expect((await orderOf(first.orderId)).status).toBe('fulfilled');
    // One refund and one chargeback on the buyer's earlier orders, as the provider's webhooks record them.
    await t.db.getRepository(Refund).save({
      id: randomUUID(),
      orderId: first.orderId,
      amountCents: 100,
      reason: 'Customer changed their mind',
      status: 'succeeded',
      idempotencyKey: `test-${first.orderId}`,
    });
    await t.db.getRepository(Dispute).save({
      id: randomUUID(),
      orderId: second.orderId,
      providerDisputeId: `dp_${randomBytes(6).toString('hex')}`,
      amountCents: 100,
      status: 'needs_response',
    });
    const velocity = await buyWithDemo(t, undefined, returning);
    const disposable = await buyWithDemo(
      t,
      undefined,
      `burner-${randomBytes(3).toString('hex')}@mailinator.com`,
    );
    expect((await orderOf(velocity.orderId)).status).toBe('on_hold');
    expect((await orderOf(disposable.orderId)).status).toBe('on_hold');

    const res = await queue().expect(200);
    expect(res.headers['content-range']).toBe('reviews 0-1/2');
    const rows = res.body as QueueRow[];
    expect(rows.map((row) => row.id)).toEqual([velocity.orderId, disposable.orderId]);
    const [held, burner] = rows as [QueueRow, QueueRow];
    expect(held).toMatchObject({
      status: 'on_hold',
      customerEmail: returning,
      holdReasons: ['velocity-orders'],
      evidence: { billingCountry: BILLING.country, cardCountry: null },
      history: { previousOrders: 2, refunds: 1, disputes: 1, fraudWarnings: 0 },
      timelineTruncated: false,
    });
    expect(held.history.firstOrderAt).toBe((await orderOf(first.orderId)).createdAt.toISOString());
    expect(held.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['created', 'paid', 'held']),
    );
    expect(burner).toMatchObject({
      holdReasons: ['disposable-email'],
      history: { previousOrders: 0, refunds: 0, disputes: 0, fraudWarnings: 0, firstOrderAt: null },
    });

    // The sidebar's count: one row asked, the total in Content-Range.
    const count = await queue({ range: [0, 0] }).expect(200);
    expect(count.headers['content-range']).toBe('reviews 0-0/2');
    // Newest hold first, and a search on the e-mail.
    expect((await queue({ sort: ['heldAt', 'DESC'] }).expect(200)).body.map((r: QueueRow) => r.id)).toEqual([
      disposable.orderId,
      velocity.orderId,
    ]);
    const found = await queue({ filter: { q: 'returning-' } }).expect(200);
    expect(found.body.map((r: QueueRow) => r.id)).toEqual([velocity.orderId]);

    // Decided with the existing route, the order leaves the queue.
    await t
      .http()
      .post(`/api/admin/orders/${velocity.orderId}/review`)
      .set('authorization', admin)
      .send({ decision: 'approve' })
      .expect(200);
    const after = await queue({}, admin).expect(200);
    expect(after.headers['content-range']).toBe('reviews 0-0/1');
    expect(after.body.map((r: QueueRow) => r.id)).toEqual([disposable.orderId]);
  });

  it('answers an empty queue, and refuses an unknown sort or filter naming it', async () => {
    const empty = await queue({ filter: { q: 'nobody-held@' } }).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('reviews */0');
    const sort = await queue({ sort: ['status', 'ASC'] }).expect(400);
    expect(JSON.stringify(sort.body.message)).toContain('sort');
    const filter = await queue({ filter: { status: 'fulfilled' } }).expect(400);
    expect(JSON.stringify(filter.body.message)).toContain('status');
  });

  it('is for staff only', async () => {
    await t.http().get('/api/admin/reviews').expect(401);
  });
});
