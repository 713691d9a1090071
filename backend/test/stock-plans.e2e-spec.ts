import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service.js';
import { ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { RestockService } from '../src/fulfilment/restock.service.js';
import { insertSoldKeys } from '../src/seed/sold-keys.js';
import { InventoryService } from '../src/license-keys/inventory.service.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { keysWithoutSearchTerms } from '../src/license-keys/license-keys.js';
import { StockService } from '../src/stock/stock.service.js';
import { buyWithDemo, STANDARD } from './support/checkout.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** Keys already sold when the plans are read: the queries below must not read them. */
const SOLD = 2_000;
/** The low-stock level (the shipped default), and keys in stock far above it for the sale's stock check. */
const THRESHOLD = 10;
const IN_STOCK = 1_000;

/**
 * A purchase, the housekeeping and the stock figures each look for the first free key, the oldest
 * waiting order or the inventory; with every key sold still in the table, each must go straight to what
 * it looks for through an index, whatever the number sold (issue #16: checkout throughput fell from 200
 * to 74 orders a second as 13,900 keys were sold, when the free-key query walked the sold ones).
 */
describe(`queries that look for free keys and waiting orders on ${DRIVER}`, () => {
  let t: TestApp;
  let captured: { sql: string; parameters: unknown[] }[] = [];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', LOW_STOCK_THRESHOLD: String(THRESHOLD) });
    // Only the work under test reads the database while statements are captured: the e-mail worker (which
    // reads the order and keys of an e-mail it sends, by primary key) and the sweeper are stopped.
    await t.app.get(ReservationSweeper).onApplicationShutdown();
    await t.app.get(OutboxWorker).stop();
    // A store that has sold SOLD keys, each in a paid order of its own (the benchmark's fast path).
    await buyWithDemo(t);
    await insertSoldKeys(t.db, t.app.get(LicenseKeyCipher), SOLD, { productId: STANDARD });
    expect(await t.db.getRepository(Order).countBy({ paymentStatus: 'completed' })).toBe(SOLD);
    // The keys sold have search terms, so a server started on them has none to add.
    expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(0);
    expect(await t.app.get(InventoryService).countAvailable(STANDARD)).toBeGreaterThan(0);
    if (DRIVER !== 'sqlite') await t.db.query('ANALYZE TABLE license_keys, orders');
    jest
      .spyOn(t.db.logger, 'logQuery')
      .mockImplementation(
        (sql: string, parameters?: unknown) =>
          void captured.push({ sql, parameters: Array.isArray(parameters) ? parameters : [] }),
      );
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  async function statements(work: () => Promise<unknown>, table: string) {
    captured = [];
    await work();
    // The stock check that follows a sale's commit is the sale's.
    await t.app.get(StockService).settled();
    const found = captured.filter(({ sql }) => /^\s*SELECT/i.test(sql) && sql.includes(table));
    expect(found.length).toBeGreaterThan(0);
    return found;
  }

  /**
   * Each statement's plan: on SQLite every table is searched through an index on equality columns, never
   * scanned nor sorted; on MariaDB every table is read through that index, without sorting, and the rows
   * it estimates reading are those looked for, not the SOLD that were sold.
   */
  async function expectDirect(found: { sql: string; parameters: unknown[] }[], index: string) {
    for (const { sql, parameters } of found) {
      if (DRIVER === 'sqlite') {
        const plan = (
          (await t.db.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as { detail: string }[]
        ).map((row) => row.detail);
        expect({ sql, plan }).toEqual({
          sql,
          plan: [expect.stringMatching(new RegExp(`^SEARCH .* USING (COVERING )?INDEX ${index} \\(`))],
        });
      } else {
        const plan = (await t.db.query(`EXPLAIN ${sql}`, parameters)) as {
          key: string | null;
          rows: number | string;
          Extra: string | null;
        }[];
        expect({ sql, plan }).toEqual({
          sql,
          plan: [expect.objectContaining({ key: index })],
        });
        expect({ sql, rows: Number(plan[0].rows), extra: plan[0].Extra ?? '' }).toEqual({
          sql,
          rows: expect.any(Number),
          extra: expect.not.stringMatching(/filesort|temporary/i),
        });
        // The estimate ignores LIMIT: it counts the free keys (75 demo keys), never the SOLD sold.
        expect(Number(plan[0].rows)).toBeLessThan(SOLD / 10);
      }
    }
  }

  it('takes the first free key of a product without reading the keys sold', async () => {
    const found = await statements(() => buyWithDemo(t), 'license_keys');
    const take = found.filter(({ sql }) => /ORDER BY/i.test(sql));
    expect(take).toHaveLength(1);
    await expectDirect(take, 'IDX_license_keys_inventory');
  });

  it('counts the stock and finds whether any key is free without reading the keys sold', async () => {
    await expectDirect(
      await statements(() => t.app.get(InventoryService).countAvailable(), 'license_keys'),
      'IDX_license_keys_inventory',
    );
    await expectDirect(
      await statements(() => t.app.get(InventoryService).countAvailable(STANDARD), 'license_keys'),
      'IDX_license_keys_inventory',
    );
    const housekeeping = await statements(() => t.app.get(FulfilmentService).completeWaitingOrders(), '');
    await expectDirect(
      housekeeping.filter(({ sql }) => sql.includes('license_keys')),
      'IDX_license_keys_inventory',
    );
  });

  it('finds the oldest waiting orders and the abandoned reservations without reading the orders paid', async () => {
    const fulfilment = t.app.get(FulfilmentService);
    await expectDirect(
      (await statements(() => fulfilment.completeWaitingOrders(), '')).filter(({ sql }) =>
        sql.includes('orders'),
      ),
      'IDX_orders_awaiting',
    );
    await expectDirect(
      await statements(() => fulfilment.releaseAbandonedReservations(new Date()), 'orders'),
      'IDX_orders_couponState',
    );
  });

  /**
   * The rows of license_keys the statement reads, at most: on MariaDB counted by running it (ANALYZE:
   * r_rows); on SQLite, whose plans show no counts, the plan's one search of IDX_license_keys_inventory
   * cut short by the statement's LIMIT.
   */
  async function keysRead({ sql, parameters }: { sql: string; parameters: unknown[] }): Promise<number> {
    if (DRIVER === 'sqlite') {
      const plan = ((await t.db.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as { detail: string }[]).map(
        (row) => row.detail,
      );
      const searches = plan.filter((detail) => / k /.test(` ${detail} `) || /license_keys/.test(detail));
      expect({ sql, searches }).toEqual({
        sql,
        searches: [
          expect.stringMatching(
            /^SEARCH k USING COVERING INDEX IDX_license_keys_inventory \(orderId=\? AND status=\? AND productId=\?\)$/,
          ),
        ],
      });
      const limit = /\bLIMIT (\d+)\b/i.exec(sql);
      return limit ? Number(limit[1]) : Number.POSITIVE_INFINITY;
    }
    const [row] = (await t.db.query(`ANALYZE FORMAT=JSON ${sql}`, parameters)) as Record<string, string>[];
    const reads: number[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const table = node as { table_name?: string; r_rows?: number };
      if (table.table_name === 'k' || table.table_name === 'license_keys') reads.push(table.r_rows ?? 0);
      Object.values(node).forEach(walk);
    };
    walk(JSON.parse(Object.values(row!)[0]!));
    expect({ sql, tables: reads.length }).toEqual({ sql, tables: 1 });
    return reads[0]!;
  }

  it("checks a sale's stock for the low-stock alert by reading at most the threshold's keys, whatever the stock", async () => {
    await t.app
      .get(RestockService)
      .importKeys(
        Array.from({ length: IN_STOCK }, () => ({ productId: STANDARD, licenseKey: generateLicenseKey() })),
      );
    const available = await t.app.get(InventoryService).countAvailable(STANDARD);
    expect(available).toBeGreaterThan(IN_STOCK);
    const sale = await statements(() => buyWithDemo(t), 'license_keys');
    // The free key taken (its ORDER BY), the checkout's look for keys to follow (up to the line's quantity,
    // #34) and the stock check after commit: nothing else reads the keys, and neither reads past the threshold.
    const checks = sale.filter(({ sql }) => !/ORDER BY/i.test(sql));
    expect(checks).toHaveLength(2);
    for (const check of checks) expect(await keysRead(check)).toBeLessThanOrEqual(THRESHOLD);
    // The stock page still counts every key in stock.
    expect(await t.app.get(InventoryService).countAvailable(STANDARD)).toBe(available - 1);
  });
});
