import { SmtpSink, waitFor } from '@store/testing';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { ProductSettings } from '../src/catalog/entities/product-settings.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { generateLicenseKey } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { StockService } from '../src/stock/stock.service.js';
import { buyWithDemo, HOME_BUSINESS, PRO_PLUS, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const STAFF_ALERTS = 'alerts@store.example';
const DEFAULT_LEVEL = 5;

describe(`stock levels and alerts on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  let support: string;

  const restock = (productId: string, count: number) =>
    t.app
      .get(RestockService)
      .importKeys(Array.from({ length: count }, () => ({ productId, licenseKey: generateLicenseKey() })));
  /** Buys `count` orders of one key each, one after another, and waits for the checks after commit. */
  const buy = async (productId: string, count = 1) => {
    for (let i = 0; i < count; i++) await buyWithDemo(t, [{ id: productId, quantity: 1 }]);
    await t.app.get(StockService).settled();
  };
  const alerts = (kind: 'low-stock' | 'orders-waiting', productTitle: string) =>
    t.db
      .getRepository(OutboxEmail)
      .createQueryBuilder('e')
      .where('e.kind = :kind AND e.subject LIKE :title', { kind, title: `%${productTitle}%` })
      .getMany();
  const product = (id: string, auth = admin) =>
    t.http().get(`/api/admin/products/${id}`).set('Authorization', auth);
  const setLevel = (id: string, body: unknown, auth = admin) =>
    t
      .http()
      .put(`/api/admin/products/${id}`)
      .set('Authorization', auth)
      .send(body as object);

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SEED_DEMO_KEYS: '0',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      STAFF_ALERT_EMAIL: STAFF_ALERTS,
      LOW_STOCK_THRESHOLD: String(DEFAULT_LEVEL),
    });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    // The store starts with no keys, below the default level: products never stocked have not run low, so
    // the first check (the housekeeping's round at start does it too) alerts for none. The tests count
    // from there.
    await t.app.get(StockService).recheck();
    expect(await t.db.getRepository(OutboxEmail).countBy({ kind: 'low-stock' })).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('the low-stock level per product', () => {
    it('lists every product with its level, stock and estimate, for support staff too', async () => {
      const res = await t.http().get('/api/admin/products').set('Authorization', support).expect(200);
      expect(res.headers['content-range']).toBe('products 0-2/3');
      expect(res.body.map((p: { id: string }) => p.id)).toEqual([STANDARD, HOME_BUSINESS, PRO_PLUS]);
      expect(res.body[0]).toEqual({
        id: STANDARD,
        title: expect.any(String),
        lowStockThreshold: null,
        effectiveLowStockThreshold: DEFAULT_LEVEL,
        available: expect.any(Number),
        waitingOrders: 0,
        daysOfStock: null,
        stocked: false,
        prices: expect.arrayContaining([
          { currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 },
        ]),
      });
      const one = await t
        .http()
        .get('/api/admin/products')
        .query({ filter: JSON.stringify({ id: [PRO_PLUS] }) })
        .set('Authorization', admin)
        .expect(200);
      expect(one.body.map((p: { id: string }) => p.id)).toEqual([PRO_PLUS]);
      await t
        .http()
        .get('/api/admin/products')
        .query({ sort: '["price","ASC"]' })
        .set('Authorization', admin)
        .expect(400);
    });

    it('sets, audits and resets a level; only admins may', async () => {
      const set = await setLevel(PRO_PLUS, { lowStockThreshold: 7 }).expect(200);
      expect(set.body).toMatchObject({ id: PRO_PLUS, lowStockThreshold: 7, effectiveLowStockThreshold: 7 });
      expect((await product(PRO_PLUS, support).expect(200)).body.lowStockThreshold).toBe(7);
      const reset = await setLevel(PRO_PLUS, { lowStockThreshold: null }).expect(200);
      expect(reset.body).toMatchObject({
        lowStockThreshold: null,
        effectiveLowStockThreshold: DEFAULT_LEVEL,
      });
      const trail = await t.db
        .getRepository(AuditEntry)
        .find({ where: { action: 'products.update', resourceId: PRO_PLUS }, order: { id: 'ASC' } });
      expect(trail.map((entry) => [entry.before, entry.after])).toEqual([
        [{ lowStockThreshold: null }, { lowStockThreshold: 7 }],
        [{ lowStockThreshold: 7 }, { lowStockThreshold: null }],
      ]);

      const refused = await setLevel(PRO_PLUS, { lowStockThreshold: 3 }, support).expect(403);
      expect(refused.body.message).toEqual(expect.any(String));
      expect((await product(PRO_PLUS).expect(200)).body.lowStockThreshold).toBeNull();
    });

    it.each([
      [{ lowStockThreshold: -1 }, 'lowStockThreshold must be a whole number from 0 to 100000'],
      [{ lowStockThreshold: 100_001 }, 'lowStockThreshold must be a whole number from 0 to 100000'],
      [{ lowStockThreshold: 2.5 }, 'lowStockThreshold must be a whole number from 0 to 100000'],
      [{ lowStockThreshold: '5' }, 'lowStockThreshold must be a whole number from 0 to 100000'],
      [{}, 'lowStockThreshold must be a whole number from 0 to 100000'],
      [{ lowStockThreshold: 5, title: 'Cheap' }, 'property title should not exist'],
    ])('refuses %j with a 400 naming the problem, changing nothing', async (body, message) => {
      const res = await setLevel(PRO_PLUS, body).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
      expect((await product(PRO_PLUS).expect(200)).body.lowStockThreshold).toBeNull();
    });

    it('answers 404 for an unknown product', async () => {
      await product('office-1997').expect(404);
      const res = await setLevel('office-1997', { lowStockThreshold: 1 }).expect(404);
      expect(res.body.message).toBe('Product not found');
      expect(await t.db.getRepository(ProductSettings).countBy({ productId: 'office-1997' })).toBe(0);
    });
  });

  it('e-mails staff once when stock falls below the level, and again on the next crossing after a restock', async () => {
    await setLevel(STANDARD, { lowStockThreshold: 3 }).expect(200);
    await restock(STANDARD, 5); // 5: the product's first keys, above the level
    expect(await alerts('low-stock', 'Standard')).toHaveLength(0);
    await buy(STANDARD, 2); // 3 left: at the level, not below it
    expect(await alerts('low-stock', 'Standard')).toHaveLength(0);

    await buy(STANDARD); // 2 left: the crossing
    const [first] = await alerts('low-stock', 'Standard');
    expect(first).toMatchObject({ to: STAFF_ALERTS, orderId: null });
    const mail = await waitFor(() => smtp.withSubject('Low stock: Office 2024 Standard has 2 keys left')[0], {
      what: 'the low-stock e-mail',
    });
    expect(mail.to).toEqual([STAFF_ALERTS]);
    expect(mail.text).toContain('In stock: 2 keys. Low-stock level: 3. Orders waiting for keys of it: 0.');
    expect(mail.text).toContain(`${t.config.publicUrl}/admin#/products`);

    await buy(STANDARD, 2); // 0 left: still the same crossing
    expect(await alerts('low-stock', 'Standard')).toHaveLength(1);

    await restock(STANDARD, 6); // 6: back above the level, the crossing is over
    expect(
      (await t.db.getRepository(ProductSettings).findOneByOrFail({ productId: STANDARD })).lowStockAlertedAt,
    ).toBeNull();
    await buy(STANDARD, 3);
    expect(await alerts('low-stock', 'Standard')).toHaveLength(1);
    await buy(STANDARD); // 2 left: a new crossing
    expect(await alerts('low-stock', 'Standard')).toHaveLength(2);
    await waitFor(() => smtp.withSubject('Low stock: Office 2024 Standard').length === 2, {
      what: 'the second low-stock e-mail',
    });
  });

  it('alerts at once when a level is raised above the stock, never with the level at 0', async () => {
    await setLevel(STANDARD, { lowStockThreshold: 0 }).expect(200);
    expect((await product(STANDARD).expect(200)).body.effectiveLowStockThreshold).toBe(0);
    await buy(STANDARD); // 1 left, no level
    expect(await alerts('low-stock', 'Standard')).toHaveLength(2);
    await setLevel(STANDARD, { lowStockThreshold: 4 }).expect(200);
    expect(await alerts('low-stock', 'Standard')).toHaveLength(3);
  });

  it('e-mails staff once when orders start waiting for keys of a product, again after they were served', async () => {
    await setLevel(HOME_BUSINESS, { lowStockThreshold: 0 }).expect(200);
    await buy(HOME_BUSINESS);
    const [first] = await alerts('orders-waiting', 'Home & Business');
    expect(first).toMatchObject({ to: STAFF_ALERTS, subject: expect.stringContaining('out of stock') });
    expect((await product(HOME_BUSINESS).expect(200)).body).toMatchObject({ available: 0, waitingOrders: 1 });
    await buy(HOME_BUSINESS);
    expect(await alerts('orders-waiting', 'Home & Business')).toHaveLength(1);
    const dashboard = await t
      .http()
      .get('/api/admin/dashboard')
      .set('Authorization', support)
      .set('Cache-Control', 'no-cache')
      .expect(200);
    expect(dashboard.body.stock).toContainEqual({
      productId: HOME_BUSINESS,
      title: expect.any(String),
      available: 0,
      waitingOrders: 2,
      daysOfStock: null,
      lowStockThreshold: 0,
      // Never had a key: not marked low (it has no level here anyway).
      stocked: false,
    });

    expect(await restock(HOME_BUSINESS, 2)).toMatchObject({ ordersCompleted: 2 });
    expect(await t.db.getRepository(Order).countBy({ awaitingKeys: true })).toBe(0);
    expect(
      (await t.db.getRepository(ProductSettings).findOneByOrFail({ productId: HOME_BUSINESS }))
        .waitingAlertedAt,
    ).toBeNull();
    await buy(HOME_BUSINESS);
    expect(await alerts('orders-waiting', 'Home & Business')).toHaveLength(2);
    await waitFor(
      () => smtp.withSubject('Orders waiting for keys: Office 2024 Home & Business').length === 2,
      {
        what: 'both waiting-order e-mails',
      },
    );
  });

  it('sends one e-mail when parallel purchases cross the level together', async () => {
    await setLevel(PRO_PLUS, { lowStockThreshold: 10 }).expect(200);
    await restock(PRO_PLUS, 16);
    expect(await alerts('low-stock', 'Professional Plus')).toHaveLength(0);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], `parallel${i}@example.com`),
      ),
    );
    await t.app.get(StockService).settled();
    expect((await product(PRO_PLUS).expect(200)).body.available).toBe(4);
    expect(await alerts('low-stock', 'Professional Plus')).toHaveLength(1);
  });

  it('estimates days of stock from the faster of the last 14 and 30 days of sales', async () => {
    // Professional Plus: 12 keys delivered today, 4 left: 12 / 14 a day, 4 / (12 / 14) = 4.66… days.
    expect((await product(PRO_PLUS).expect(200)).body.daysOfStock).toBe(4.6);
    // Sales older than 14 days count in the 30-day rate only: 12 / 30 a day, 10 days.
    await t.db
      .createQueryBuilder()
      .update('license_keys')
      .set({ assignedAt: new Date(Date.now() - 20 * 86_400_000) })
      .where('productId = :id AND orderId IS NOT NULL', { id: PRO_PLUS })
      .execute();
    expect((await product(PRO_PLUS).expect(200)).body.daysOfStock).toBe(10);
    // Nothing sold in 30 days: no estimate.
    await t.db
      .createQueryBuilder()
      .update('license_keys')
      .set({ assignedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where('productId = :id AND orderId IS NOT NULL', { id: PRO_PLUS })
      .execute();
    expect((await product(PRO_PLUS).expect(200)).body.daysOfStock).toBeNull();
  });
});
