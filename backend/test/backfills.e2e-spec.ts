import { Logger } from '@nestjs/common';
import { waitFor } from '@store/testing';
import { Backfill } from '../src/backfills/entities/backfill.entity.js';
import { Backfills } from '../src/backfills/backfills.service.js';
import { runInTransaction } from '../src/database/transactions.js';
import { JobLeases } from '../src/job-leases/job-leases.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeySearchTerm } from '../src/license-keys/entities/license-key-search-term.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { keysWithoutSearchTerms, newLicenseKey } from '../src/license-keys/license-keys.js';
import { SEARCH_TERMS_BACKFILL, SearchTermsBackfill } from '../src/license-keys/search-terms-backfill.js';
import { ALL_PRODUCTS, SalesDay } from '../src/reports/entities/sales-day.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { SALES_DAYS_BACKFILL, SalesDaysBackfill } from '../src/reports/sales-days-backfill.js';
import { dayOf } from '../src/reports/sales-math.js';
import { SalesTally } from '../src/reports/sales-rollup.service.js';
import { insertBulkOrders } from '../src/seed/bulk-orders.js';
import { buyWithDemo, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, migratedDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

/** Queues backfill `name` again, as the migration of an upgrade does, at `queuedAt`. */
async function queue(t: TestApp, name: string, queuedAt = new Date()): Promise<void> {
  await t.db
    .getRepository(Backfill)
    .update(
      { name },
      { state: 'pending', lastId: '', walked: 0, queuedAt, startedAt: null, finishedAt: null },
    );
  t.app.get(Backfills).reload();
}

/** Keys as the 2026-11-23 release stored them: sealed, without search terms. */
async function insertKeysWithoutTerms(t: TestApp, count: number): Promise<string[]> {
  const cipher = t.app.get(LicenseKeyCipher);
  const plain = Array.from({ length: count }, () => generateLicenseKey());
  const rows = plain.map((key) => {
    const { searchTerms: _, ...row } = newLicenseKey(cipher, key, { productId: STANDARD });
    return row;
  });
  for (let i = 0; i < rows.length; i += 200)
    await t.db.getRepository(LicenseKey).insert(rows.slice(i, i + 200));
  return plain;
}

const logged = () => {
  const lines: string[] = [];
  jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, message: unknown) {
    lines.push(String(message));
  });
  return lines;
};

describe(`backfills on ${DRIVER}`, () => {
  afterEach(() => jest.restoreAllMocks());

  describe('the search terms of keys stored before them', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await startTestApp();
      admin = await signIn(t, 'admin');
      // Its round at start (nothing pending on a new database) is over: the tests run the backfills.
      await t.app.get(Backfills).settled();
    });
    afterAll(() => t.close());

    const search = (q: string) =>
      t
        .http()
        .get(`/api/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,99]`)
        .set('authorization', admin)
        .expect(200);

    it('says key search is still indexing, then finds every older key by part of it once done', async () => {
      const plain = await insertKeysWithoutTerms(t, 600);
      await queue(t, SEARCH_TERMS_BACKFILL);
      const part = plain[0]!.slice(6, 11);
      const before = await search(part);
      expect(before.headers['x-backfill-running']).toBe(SEARCH_TERMS_BACKFILL);
      expect(before.body).toEqual([]);
      // By the full key the older keys are found as always.
      const whole = await search(plain[1]!);
      expect(whole.body.map((row: { licenseKey: string }) => row.licenseKey)).toEqual([plain[1]]);
      expect((await t.http().get('/api/health/ready').expect(200)).body).toEqual({
        status: 'ready',
        backfills: [SEARCH_TERMS_BACKFILL],
      });

      const lines = logged();
      expect(await t.app.get(Backfills).runPending()).toBe(false);
      expect(lines).toContain(`${SEARCH_TERMS_BACKFILL}: working through 600 licence keys in the background`);
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${SEARCH_TERMS_BACKFILL}: done, 600 `)),
      );

      expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(0);
      const after = await search(part);
      expect(after.headers).not.toHaveProperty('x-backfill-running');
      expect(after.body.map((row: { licenseKey: string }) => row.licenseKey)).toContain(plain[0]);
      expect(
        await t.db.getRepository(Backfill).findOneByOrFail({ name: SEARCH_TERMS_BACKFILL }),
      ).toMatchObject({
        state: 'done',
        walked: 600,
        finishedAt: expect.any(Date),
      });
      expect((await t.http().get('/api/health/ready').expect(200)).body.backfills).toEqual([]);
    });

    it('resumes after the last batch a stopped leader committed, and gives each key its terms once', async () => {
      await insertKeysWithoutTerms(t, 700);
      await queue(t, SEARCH_TERMS_BACKFILL);
      // What a leader stopped after its first batch leaves: that batch's terms and its position, together.
      const job = t.app.get(SearchTermsBackfill);
      const first = (await job.next(t.db, ''))!;
      await runInTransaction(t.db, async (m) => {
        await m.update(
          Backfill,
          { name: SEARCH_TERMS_BACKFILL },
          { lastId: first.lastId, walked: first.rows },
        );
        await first.write(m);
      });
      expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(700 - first.rows);

      const lines = logged();
      expect(await t.app.get(Backfills).runPending()).toBe(false);
      expect(lines).toContain(
        `${SEARCH_TERMS_BACKFILL}: resuming after ${first.rows} of 700 licence keys in the background`,
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${SEARCH_TERMS_BACKFILL}: done, ${700 - first.rows} `)),
      );
      expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(0);
      // Every key has its terms once (the table's key forbids a second copy; the count says none is missing).
      const cipher = t.app.get(LicenseKeyCipher);
      const keys = await t.db.getRepository(LicenseKey).find({ select: { keyCiphertext: true } });
      const terms = keys.reduce(
        (n, k) => n + new Set(cipher.searchTerms(cipher.decrypt(k.keyCiphertext))).size,
        0,
      );
      expect(await t.db.getRepository(LicenseKeySearchTerm).count()).toBe(terms);
    });

    it('passes over a key that does not decrypt, and is done all the same', async () => {
      const [key] = await insertKeysWithoutTerms(t, 1);
      const row = await t.db
        .getRepository(LicenseKey)
        .findOneByOrFail({ keyLookup: t.app.get(LicenseKeyCipher).lookupHash(key!) });
      await t.db
        .getRepository(LicenseKey)
        .update(row.id, { keyCiphertext: `${row.keyCiphertext.slice(0, -4)}AAAA` });
      await queue(t, SEARCH_TERMS_BACKFILL);
      jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
      expect(await t.app.get(Backfills).runPending()).toBe(false);
      expect(await keysWithoutSearchTerms(t.db).getCount()).toBe(1);
      expect(
        await t.db.getRepository(Backfill).findOneByOrFail({ name: SEARCH_TERMS_BACKFILL }),
      ).toMatchObject({
        state: 'done',
      });
    });
  });

  describe('the sales roll-up of orders paid before the upgrade', () => {
    let shared: Awaited<ReturnType<typeof migratedDatabaseUrl>>;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      shared = await migratedDatabaseUrl();
      a = await startTestApp({ DATABASE_URL: shared.url });
      b = await startTestApp({ DATABASE_URL: shared.url });
      await Promise.all([a, b].map((t) => t.app.get(Backfills).settled()));
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await shared?.drop();
    });

    const FIGURES = [
      'orders',
      'units',
      'revenueCents',
      'taxCents',
      'refundsCents',
      'refundTaxCents',
    ] as const;
    type Row = Pick<SalesDay, 'productId' | 'day' | 'currency' | (typeof FIGURES)[number]>;
    const days = async (): Promise<Map<string, Row>> => {
      const rows = await a.db.getRepository(SalesDay).find();
      return new Map(rows.map(({ keyCostCents: _, ...r }) => [`${r.productId}|${r.day}`, r]));
    };
    const plus = (x: Map<string, Row>, y: Map<string, Row>) => {
      const sum = new Map(x);
      for (const [key, row] of y) {
        const was = sum.get(key);
        sum.set(key, was ? { ...was, ...Object.fromEntries(FIGURES.map((f) => [f, was[f] + row[f]])) } : row);
      }
      return sum;
    };
    const sorted = (rows: Map<string, Row>) => [...rows].sort(([x], [y]) => x.localeCompare(y));

    it('adds each order once, even with two processes at it, and leaves those paid after to the code', async () => {
      // 1,200 orders over two years (with refunds), rolled up as they were paid: what the backfill must give.
      await insertBulkOrders(a.db, a.app.get(LicenseKeyCipher), 1_200, { batchSize: 400 });
      const expected = await days();
      const paid = [...expected.values()].reduce(
        (n, d) => n + (d.productId === ALL_PRODUCTS ? d.orders : 0),
        0,
      );
      expect(paid).toBeGreaterThan(900);

      // The upgrade: no roll-up yet, the backfill queued; then an order paid by this version's code, which
      // the code rolls up as it is paid (a process may already be at the backfill meanwhile).
      await a.db.getRepository(SalesDay).clear();
      await queue(a, SALES_DAYS_BACKFILL);
      b.app.get(Backfills).reload();
      const { orderId } = await buyWithDemo(a, [{ id: STANDARD, quantity: 1 }]);
      const order = await a.db.getRepository(Order).findOneByOrFail({ id: orderId });
      const tally = new SalesTally();
      tally.addPayment(order, dayOf(order.paidAt!));
      const live = new Map(
        tally.changes().map((c) => [
          `${c.productId}|${c.day}`,
          {
            productId: c.productId,
            day: c.day,
            currency: c.currency,
            ...Object.fromEntries(FIGURES.map((f) => [f, c[f] ?? 0])),
          } as Row,
        ]),
      );
      expect(live.get(`${ALL_PRODUCTS}|${dayOf(order.paidAt!)}`)?.orders).toBe(1);

      // Both processes at it, as when a leader stalls past its lease and another takes over: the lease is set
      // aside here, so only the backfill's own check keeps a batch from being added twice. B reads its first
      // batch, then A moves the backfill on before B writes it: B's batch must not be added.
      for (const t of [a, b])
        jest
          .spyOn(t.app.get(JobLeases), 'runIfLeader')
          .mockImplementation(async (_job, _ttl, work) => (await work(), true));
      const stalled = b.app.get(SalesDaysBackfill);
      const next = stalled.next.bind(stalled);
      jest.spyOn(stalled, 'next').mockImplementationOnce(async (db, lastId, queuedAt) => {
        const batch = await next(db, lastId, queuedAt);
        await waitFor(
          async () =>
            (await a.db.getRepository(Backfill).findOneByOrFail({ name: SALES_DAYS_BACKFILL })).lastId !==
            lastId,
          { what: 'the other process to move the backfill on', timeoutMs: 60_000 },
        );
        return batch;
      });
      jest.spyOn(Logger.prototype, 'log').mockImplementation(() => {});
      const warnings: string[] = [];
      jest
        .spyOn(Logger.prototype, 'warn')
        .mockImplementation((message: unknown) => void warnings.push(String(message)));
      const late = b.app.get(Backfills).runPending();
      await waitFor(() => (stalled.next as jest.Mock).mock.calls.length > 0, {
        what: 'B to read its first batch',
      });
      await Promise.all([a.app.get(Backfills).runPending(), late]);
      expect(warnings).toContain(`${SALES_DAYS_BACKFILL}: another process went on with it; this one stops`);
      // Done is written after the last batch, and no batch is written after done: the roll-up is final.
      expect(await a.db.getRepository(Backfill).findOneByOrFail({ name: SALES_DAYS_BACKFILL })).toMatchObject(
        {
          state: 'done',
        },
      );

      expect(sorted(await days())).toEqual(sorted(plus(expected, live)));
      expect(await a.db.getRepository(Backfill).findOneByOrFail({ name: SALES_DAYS_BACKFILL })).toMatchObject(
        {
          state: 'done',
          walked: paid,
        },
      );
    }, 120_000);
  });
});
