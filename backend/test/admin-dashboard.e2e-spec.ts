import { IsNull } from 'typeorm';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { InventoryService } from '../src/license-keys/inventory.service.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
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

const TITLES = {
  [STANDARD]: 'Office 2024 Standard',
  [HOME_BUSINESS]: 'Office 2024 Home & Business',
  [PRO_PLUS]: 'Office 2024 Professional Plus LTSC',
};

describe(`back office: dashboard on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    // An empty inventory, so every key in the figures is one this suite put there.
    t = await startTestApp({ TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: '0' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(() => t.close());

  /** The figures computed now (Cache-Control: no-cache skips the 5-second cache). */
  const fresh = async (auth = admin) =>
    (
      await t
        .http()
        .get('/api/admin/dashboard')
        .set('authorization', auth)
        .set('cache-control', 'no-cache')
        .expect(200)
    ).body;
  const setPayment = (intent: Intent, paymentStatus: string) =>
    t
      .http()
      .put(`/api/admin/orders/${intent.orderId}`)
      .set('authorization', admin)
      .send({ paymentStatus })
      .expect(200);

  it('shows zeros and every product’s stock (0) before anything happened', async () => {
    expect(await fresh()).toEqual({
      totalOrders: 0,
      sales: {
        grossSalesCents: 0,
        refundsCents: 0,
        netSalesCents: 0,
        taxCents: 0,
        totalSalesCents: 0,
        byCurrency: [],
        conversion: {
          convertedTo: 'USD',
          complete: true,
          firstRateDate: null,
          lastRateDate: null,
          missingRates: [],
        },
        asOf: expect.any(String),
      },
      activeLicenses: 0,
      reservedLicenses: 0,
      totalDownloads: 0,
      completedOrders: 0,
      pendingOrders: 0,
      recentOrders: [],
      awaitingKeysOrders: 0,
      refundsDue: 0,
      openKeyReports: 0,
      newMessages: 0,
      overdueReviews: [],
      stock: ([STANDARD, HOME_BUSINESS, PRO_PLUS] as const).map((productId) => ({
        productId,
        title: TITLES[productId],
        available: 0,
        waitingOrders: 0,
        daysOfStock: null,
        lowStockThreshold: 0,
        // No key yet: never stocked, so never marked low.
        stocked: false,
      })),
      generatedAt: expect.any(String),
    });
  });

  it('counts exactly what happened: orders by payment, revenue, keys, downloads, stock, waiting orders', async () => {
    // X: never paid (pending), and the oldest, so not among the 5 recent ones.
    const x = (await createIntent(t, { cartItems: [{ id: HOME_BUSINESS, quantity: 1 }] }).expect(201))
      .body as Intent;
    // W: paid while the inventory is empty, so it waits for its key.
    const w = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'waiting@example.com');
    expect(w.totalCents).toBe(4049);

    const inventory = t.app.get(InventoryService);
    const keys = (productId: string, n: number) =>
      Array.from({ length: n }, () => ({ productId, licenseKey: generateLicenseKey() }));
    expect(await inventory.importKeys([...keys(HOME_BUSINESS, 4), ...keys(PRO_PLUS, 4)])).toMatchObject({
      imported: 8,
    });

    const a = await buyWithDemo(t, [{ id: HOME_BUSINESS, quantity: 2 }], 'a@example.com'); // 2 × 242.99
    const b = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'b@example.com'); // 53.99
    const c = (await createIntent(t, { cartItems: [{ id: PRO_PLUS, quantity: 1 }] }).expect(201))
      .body as Intent;
    await setPayment(c, 'failed');
    const e = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'e@example.com');
    await t
      .http()
      .post(`/api/admin/orders/${e.orderId}/refunds`)
      .set('authorization', admin)
      .send({ reason: 'Dashboard test', revokeKeys: true, notifyCustomer: false })
      .expect(201);
    expect([a.totalCents, b.totalCents, e.totalCents]).toEqual([48598, 5399, 5399]);
    // A partly refunded ($100.00, its keys kept): still a paid order, its revenue less the refund.
    const partial = await t
      .http()
      .post(`/api/admin/orders/${a.orderId}/refunds`)
      .set('authorization', admin)
      .send({ amountCents: 10000, reason: 'Dashboard test', revokeKeys: false, notifyCustomer: false })
      .expect(201);
    expect(partial.body).toMatchObject({ status: 'succeeded', amountCents: 10000 });

    const repo = t.db.getRepository(LicenseKey);
    // One of A's keys revoked: no longer an active licence.
    const [aKey] = await repo.find({ where: { orderId: a.orderId }, order: { id: 'ASC' } });
    await repo.update(aKey!.id, { status: 'revoked' });
    // One unassigned Home & Business key expired: no longer in stock, and never an active licence.
    const [spare] = await repo.find({
      where: { productId: HOME_BUSINESS, orderId: IsNull(), status: 'active' },
      order: { id: 'ASC' },
    });
    expect(spare!.orderId).toBeNull();
    await repo.update(spare!.id, { status: 'expired' });

    // Three downloads through the customer's links: two of A's installer, one of B's.
    const link = (orderId: string) => t.db.getRepository(DownloadLink).findOneByOrFail({ orderId });
    const aLink = await link(a.orderId);
    const bLink = await link(b.orderId);
    for (const token of [aLink.token, aLink.token, bLink.token]) {
      await t.http().get(`/api/downloads/${token}`).expect(302);
    }

    const stats = await fresh();
    expect(stats).toEqual({
      totalOrders: 6,
      // Gross: W + A + B + E (paid; C failed, X pending); refunds: E's in full and A's $100.00. No tax here.
      sales: {
        grossSalesCents: 4049 + 48598 + 5399 + 5399,
        refundsCents: 5399 + 10000,
        netSalesCents: 4049 + 48598 + 5399 + 5399 - 5399 - 10000,
        taxCents: 0,
        totalSalesCents: 48046,
        // All in dollars: the same figures, which need no rate.
        byCurrency: [
          {
            currency: 'USD',
            grossSalesCents: 4049 + 48598 + 5399 + 5399,
            refundsCents: 5399 + 10000,
            netSalesCents: 4049 + 48598 + 5399 + 5399 - 5399 - 10000,
            taxCents: 0,
            totalSalesCents: 48046,
          },
        ],
        conversion: {
          convertedTo: 'USD',
          complete: true,
          firstRateDate: null,
          lastRateDate: null,
          missingRates: [],
        },
        asOf: stats.generatedAt,
      },
      // A's 2 − 1 revoked, B's 1; E's was revoked by its refund (the admin's refund is a refund).
      activeLicenses: 2,
      reservedLicenses: 0,
      totalDownloads: 3,
      // W, A (partly refunded) and B.
      completedOrders: 3,
      pendingOrders: 1,
      recentOrders: [e, c, b, a, w].map((order) => ({
        id: order.orderId,
        customerEmail: expect.any(String),
        totalCents: order.totalCents,
        status: expect.any(String),
        refundDue: null,
        createdAt: expect.any(String),
      })),
      awaitingKeysOrders: 1,
      refundsDue: 0,
      openKeyReports: 0,
      newMessages: 0,
      overdueReviews: [],
      // The test app's LOW_STOCK_THRESHOLD is 0. Days of stock: available ÷ (keys delivered in 14 days ÷ 14).
      stock: [
        { productId: STANDARD, title: TITLES[STANDARD], available: 0, waitingOrders: 1, daysOfStock: null },
        // 4 imported − 2 sold to A − 1 expired; 1 ÷ (2 ÷ 14)
        {
          productId: HOME_BUSINESS,
          title: TITLES[HOME_BUSINESS],
          available: 1,
          waitingOrders: 0,
          daysOfStock: 7,
        },
        // 4 imported − B − E (refunded: its key was delivered all the same); 2 ÷ (2 ÷ 14)
        { productId: PRO_PLUS, title: TITLES[PRO_PLUS], available: 2, waitingOrders: 0, daysOfStock: 14 },
        // Standard never had a key (its order waits): not stocked.
      ].map((row) => ({ ...row, lowStockThreshold: 0, stocked: row.productId !== STANDARD })),
      generatedAt: expect.any(String),
    });
    expect(stats.recentOrders.map((o: { id: string }) => o.id)).not.toContain(x.orderId);
    // One definition: recomputed from the orders and refunds, and the same as the sales report's.
    const paid = (await t.db.getRepository(Order).find()).filter((o) => o.paidAt);
    const refunded = (await t.db.getRepository(Refund).findBy({ status: 'succeeded' })).reduce(
      (sum, r) => sum + r.amountCents,
      0,
    );
    const gross = paid.reduce((sum, o) => sum + o.totalCents - o.taxCents, 0);
    expect(stats.sales).toMatchObject({
      grossSalesCents: gross,
      refundsCents: refunded,
      netSalesCents: gross - refunded,
    });
    const today = new Date().toISOString().slice(0, 10);
    const [report] = (
      await t
        .http()
        .get(`/api/admin/reports/sales?from=${today}&to=${today}`)
        .set('authorization', admin)
        .expect(200)
    ).body;
    const { asOf, ...figures } = stats.sales;
    expect(asOf).toBe(stats.generatedAt);
    expect(report).toMatchObject(figures);
    expect(stats.recentOrders[0]).toEqual({
      id: e.orderId,
      customerEmail: 'e@example.com',
      totalCents: 5399,
      status: 'refunded',
      refundDue: null,
      createdAt: expect.any(String),
    });
    expect(stats.recentOrders[4]).toMatchObject({
      customerEmail: 'waiting@example.com',
      status: 'processing',
    });
    expect(stats.recentOrders[1]).toMatchObject({ status: 'processing', totalCents: 5399 });
    // Newest first.
    const times = stats.recentOrders.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((p, q) => q - p));

    // Support staff see the same figures.
    expect(await fresh(support)).toEqual({
      ...stats,
      sales: { ...stats.sales, asOf: expect.any(String) },
      generatedAt: expect.any(String),
    });

    // A checkout cancelled before it was paid no longer waits for its payment.
    await t.db.getRepository(Order).update(x.orderId, { status: 'cancelled' });
    expect(await fresh()).toMatchObject({ totalOrders: 6, pendingOrders: 0, completedOrders: 3 });
  });

  it('serves the same figures for up to 5 seconds unless asked for fresh ones', async () => {
    const first = await fresh();
    const started = Date.now();
    await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'late@example.com');
    const cached = (await t.http().get('/api/admin/dashboard').set('authorization', admin).expect(200)).body;
    if (Date.now() - started < 4_000) {
      // Computed before the purchase: the same object, same timestamp.
      expect(cached).toEqual(first);
    } else {
      // A very slow machine: the cache may have expired, which is also correct.
      expect(cached.totalOrders).toBeGreaterThanOrEqual(first.totalOrders);
    }
    const now = await fresh();
    expect(now.totalOrders).toBe(first.totalOrders + 1);
    expect(now.sales.netSalesCents).toBe(first.sales.netSalesCents + 5399);
    expect(Date.parse(now.sales.asOf)).toBeGreaterThan(Date.parse(first.sales.asOf));
    expect(now.recentOrders[0].customerEmail).toBe('late@example.com');
    expect(Date.parse(now.generatedAt)).toBeGreaterThan(Date.parse(first.generatedAt));
  });

  it('needs a staff token', async () => {
    await t.http().get('/api/admin/dashboard').expect(401);
    await t.http().get('/api/admin/dashboard').set('authorization', 'Bearer nonsense').expect(401);
  });
});
