import { insertBulkOrders } from '../src/seed/bulk-orders.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher, LICENSE_KEY_PATTERN } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { keysWithoutSearchTerms } from '../src/license-keys/license-keys.js';
import { ALL_PRODUCTS, SalesDay } from '../src/reports/entities/sales-day.entity.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

describe(`bulk orders for benchmarks on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: '0' });
  });
  afterAll(() => t.close());

  it('adds realistic orders in batches, with keys and links for the paid ones', async () => {
    const cipher = t.app.get(LicenseKeyCipher);
    const first = await insertBulkOrders(t.db, cipher, 450, { batchSize: 200 });
    const second = await insertBulkOrders(t.db, cipher, 50);
    expect(first.orders + second.orders).toBe(500);

    const orders = await t.db.getRepository(Order).find();
    expect(orders).toHaveLength(500);
    expect(new Set(orders.map((o) => o.customerEmail)).size).toBe(500);
    expect(orders.some((o) => o.customerEmail === 'customer499@example.com')).toBe(true);
    const statuses = new Set(orders.map((o) => o.paymentStatus));
    expect([...statuses].sort()).toEqual(['completed', 'failed', 'pending', 'refunded']);
    const twoYearsAgo = Date.now() - 2 * 365 * 24 * 3600 * 1000 - 60_000;
    expect(
      orders.every((o) => o.createdAt.getTime() > twoYearsAgo && o.createdAt.getTime() <= Date.now()),
    ).toBe(true);
    expect(orders.every((o) => o.totalCents === o.subtotalCents - o.discountCents)).toBe(true);

    const keys = await t.db.getRepository(LicenseKey).find();
    expect(keys.length).toBe(first.keys + second.keys);
    const paid = new Set(
      orders.filter((o) => ['completed', 'refunded'].includes(o.paymentStatus)).map((o) => o.id),
    );
    expect(keys.every((k) => k.orderId && paid.has(k.orderId))).toBe(true);
    for (const key of keys.slice(0, 20))
      expect(cipher.decrypt(key.keyCiphertext)).toMatch(LICENSE_KEY_PATTERN);
    const unitsPaid = orders
      .filter((o) => paid.has(o.id))
      .reduce((sum, o) => sum + o.orderItems.reduce((s, i) => s + i.quantity, 0), 0);
    expect(keys).toHaveLength(unitsPaid);
    expect(await t.db.getRepository(DownloadLink).count()).toBe(first.links + second.links);
    // The sales report's roll-up holds them, as the payments and refunds would have kept it.
    const days = await t.db.getRepository(SalesDay).findBy({ productId: ALL_PRODUCTS });
    const sum = (f: 'orders' | 'units' | 'revenueCents' | 'refundsCents') =>
      days.reduce((total, d) => total + d[f], 0);
    const paidOrders = orders.filter((o) => paid.has(o.id));
    expect(sum('orders')).toBe(paidOrders.length);
    expect(sum('units')).toBe(unitsPaid);
    expect(sum('revenueCents')).toBe(paidOrders.reduce((total, o) => total + o.totalCents, 0));
    expect(sum('refundsCents')).toBe(
      paidOrders.filter((o) => o.paymentStatus === 'refunded').reduce((total, o) => total + o.totalCents, 0),
    );
    // Stored with their search terms: nothing left for the search-terms backfill.
    expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(0);
  });
});
