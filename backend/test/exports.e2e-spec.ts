import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { SelectQueryBuilder } from 'typeorm';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { keysetPages } from '../src/database/keyset.js';
import { LICENSE_KEY_EXPORT_COLUMNS } from '../src/admin/license-keys/admin-license-keys.service.js';
import { ORDER_EXPORT_COLUMNS } from '../src/admin/orders/admin-orders.service.js';
import { REFUND_EXPORT_COLUMNS } from '../src/admin/orders/admin-refunds.service.js';
import { insertBulkOrders } from '../src/seed/bulk-orders.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { TaxDocument } from '../src/tax/entities/tax-document.entity.js';
import { HOME_BUSINESS } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

/** More orders than five export pages (EXPORT_PAGE_SIZE is 1,000). */
const ORDERS = 5_200;
const KEY = 'EXPRT-AAAAA-BBBBB-CCCCC-DDDD1';

/** The file's rows (header first), after checking it is a CSV attachment named `fileName`. */
function table(res: Response, fileName: string | RegExp): string[][] {
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const disposition = res.headers['content-disposition'];
  if (typeof fileName === 'string') expect(disposition).toBe(`attachment; filename="${fileName}"`);
  else expect(disposition).toMatch(fileName);
  expect(res.text.startsWith('\uFEFF')).toBe(true);
  return parse(res.text, { bom: true }) as string[][];
}

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The list's default order: newest first, then by id, descending. */
const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe(`CSV exports of orders, licence keys and refunds (#21 §5) on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let stepUp: string;
  let orders: Order[];

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: '0' });
    [admin, support] = await Promise.all([signIn(t, 'admin', 'exports-admin'), signIn(t, 'support')]);
    // The keys in clear need step-up (staff-step-up.e2e-spec.ts).
    stepUp = (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', admin)
        .send({ password: 'exports-admin-password' })
        .expect(200)
    ).body.stepUpToken as string;
    await insertBulkOrders(t.db, t.app.get(LicenseKeyCipher), ORDERS, { batchSize: 700 });
    orders = await t.db.getRepository(Order).find();
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string, query: Record<string, string> = {}, auth = admin) =>
    t.http().get(url).query(query).set('authorization', auth).set('x-step-up-token', stepUp);
  const listIds = async (url: string, query: Record<string, string>) =>
    ((await get(url, { ...query, range: '[0,499]' }).expect(200)).body as { id: string }[]).map((r) => r.id);

  describe('orders', () => {
    it('streams every order, newest first, one header row, in pages of the list query', async () => {
      const spy = jest.spyOn(SelectQueryBuilder.prototype, 'getMany');
      let rows: string[][];
      try {
        rows = table(await get('/api/admin/orders/export.csv').expect(200), 'orders-all.csv');
        // The export's own reads (its columns), not the server's background jobs.
        const pages = (spy.mock.contexts as SelectQueryBuilder<object>[]).filter((q) =>
          q.expressionMap.selects.some((s) => s.selection === 'o.orderItems'),
        );
        // Read a page at a time (never all at once): six pages of at most 1,000 for 5,200 orders.
        expect(pages.length).toBe(Math.ceil(ORDERS / 1000));
        expect(pages.every((q) => q.expressionMap.limit === 1000)).toBe(true);
      } finally {
        spy.mockRestore();
      }
      expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
      expect(rows.slice(1).map((row) => row[0])).toEqual([...orders].sort(newestFirst).map((o) => o.id));
    });

    it("applies the list's own filter and sort: the same rows as the list, in its order", async () => {
      const query = { filter: JSON.stringify({ q: 'customer12' }), sort: '["totalCents","ASC"]' };
      const expected = await listIds('/api/admin/orders', query);
      expect(expected.length).toBeGreaterThan(100); // customer12, customer120-129 and customer1200-1299
      const rows = table(
        await get('/api/admin/orders/export.csv', query).expect(200),
        'orders-search-customer12.csv',
      );
      expect(rows.slice(1).map((row) => row[0])).toEqual(expected);

      // A term matching more than 2,000 orders is read along the sort order, as the list reads it.
      const dense = { filter: JSON.stringify({ q: 'CUSTOMER' }), sort: '["customerEmail","ASC"]' };
      const denseRows = table(
        await get('/api/admin/orders/export.csv', dense).expect(200),
        'orders-search-customer.csv',
      );
      const byEmail = [...orders].sort(
        (a, b) =>
          (a.customerEmail < b.customerEmail ? -1 : a.customerEmail > b.customerEmail ? 1 : 0) ||
          -newestFirst(a, b),
      );
      expect(denseRows.slice(1).map((row) => row[0])).toEqual(byEmail.map((o) => o.id));
      expect(denseRows.slice(1, 501).map((row) => row[0])).toEqual(await listIds('/api/admin/orders', dense));

      const paid = { filter: JSON.stringify({ paymentStatus: 'completed', q: 'customer31' }) };
      // The file says what it holds (#34): the filter's values, then the days.
      const paidRows = table(
        await get('/api/admin/orders/export.csv', paid).expect(200),
        'orders-paymentStatus-completed-search-customer31.csv',
      );
      expect(paidRows.slice(1).map((row) => row[0])).toEqual(await listIds('/api/admin/orders', paid));
      expect(paidRows.slice(1).every((row) => row[4] === 'completed')).toBe(true);
      table(
        await get('/api/admin/orders/export.csv', {
          filter: JSON.stringify({ status: 'fulfilled', refundDue: false }),
          from: '2025-01-01',
          to: '2025-01-31',
        }).expect(200),
        'orders-refundDue-false-status-fulfilled-2025-01-01-to-2025-01-31.csv',
      );
    });

    it('keeps the orders created in the days from-to (UTC, both included)', async () => {
      const days = [...new Set(orders.map((o) => day(o.createdAt)))].sort();
      const [from, to] = [days[10]!, days[14]!];
      const expected = orders
        .filter((o) => day(o.createdAt) >= from && day(o.createdAt) <= to)
        .sort(newestFirst)
        .map((o) => o.id);
      expect(expected.length).toBeGreaterThan(0);
      const res = await get('/api/admin/orders/export.csv', { from, to }).expect(200);
      expect(
        table(res, `orders-${from}-to-${to}.csv`)
          .slice(1)
          .map((row) => row[0]),
      ).toEqual(expected);
      const since = table(
        await get('/api/admin/orders/export.csv', { from: days.at(-1)! }).expect(200),
        `orders-from-${days.at(-1)}.csv`,
      );
      expect(since.length - 1).toBe(orders.filter((o) => day(o.createdAt) === days.at(-1)).length);
    });

    it('writes amounts in units, refunds added up, and buyer text that cannot run as a formula', async () => {
      const order = orders.find((o) => o.paymentStatus === 'completed')!;
      await t.db.getRepository(Order).update(order.id, {
        customerName: '=HYPERLINK("http://evil.example","x")',
        billingCompany: '+Acme',
        couponCode: '-SAVE',
      });
      const refund = (amountCents: number, status: Refund['status'], n: number) => ({
        id: randomUUID(),
        orderId: order.id,
        amountCents,
        currency: order.currency,
        reason: '@customer asked',
        status,
        idempotencyKey: `export-test-${n}`,
      });
      await t.db
        .getRepository(Refund)
        .save([refund(1000, 'succeeded', 1), refund(250, 'succeeded', 2), refund(999, 'failed', 3)]);
      // Its invoice, and an earlier one a staff decision replaced (#34): the one in force is named.
      const invoice = (sequence: number, issuedAt: Date) => ({
        id: randomUUID(),
        kind: 'invoice' as const,
        number: `2099-${String(sequence).padStart(6, '0')}`,
        year: 2099,
        sequence,
        orderId: order.id,
        issuedAt,
        currency: order.currency,
        taxMode: 'off' as const,
        taxCountry: null,
        taxRateBasisPoints: 0,
        netCents: order.totalCents,
        taxCents: 0,
        totalCents: order.totalCents,
        details: {
          seller: { name: 'S', country: null },
          buyer: { name: 'B', country: null },
          lines: [],
          notes: [],
        },
      });
      await t.db
        .getRepository(TaxDocument)
        .save([invoice(1, new Date('2099-01-01T00:00:00Z')), invoice(2, new Date('2099-01-02T00:00:00Z'))]);
      const filter = JSON.stringify({ id: [order.id] });
      const [header, row] = table(
        await get('/api/admin/orders/export.csv', { filter }).expect(200),
        `orders-id-${order.id}.csv`,
      );
      const cell = (name: string) => row![header!.indexOf(name)];
      expect(cell('Invoice number')).toBe('2099-000002');
      expect(cell('Customer name')).toBe('\'=HYPERLINK("http://evil.example","x")');
      expect(cell('Company')).toBe("'+Acme");
      expect(cell('Coupon')).toBe("'-SAVE");
      expect(cell('Total')).toBe(
        `${Math.floor(order.totalCents / 100)}.${String(order.totalCents % 100).padStart(2, '0')}`,
      );
      expect(cell('Refunded')).toBe('12.50');
      expect(cell('Currency')).toBe(order.currency.toUpperCase());
      expect(cell('Created at (UTC)')).toBe(order.createdAt.toISOString());
      expect(cell('Items')).toBe(order.orderItems.map((i) => `${i.quantity} x ${i.name}`).join('; '));
    });

    it("writes each order's amounts in its currency's units: yen whole, euros with cents (#35)", async () => {
      const [yen, euros] = orders.filter((o) => o.paymentStatus === 'completed').slice(-2);
      const amounts = (unitPriceCents: number, discountCents: number) => ({
        orderItems: [
          { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents },
        ],
        subtotalCents: unitPriceCents * 2,
        discountCents,
        taxCents: 0,
        totalCents: unitPriceCents * 2 - discountCents,
      });
      await t.db.getRepository(Order).update(yen!.id, { currency: 'JPY', ...amounts(6000, 1200) });
      await t.db.getRepository(Order).update(euros!.id, { currency: 'EUR', ...amounts(3799, 760) });
      await t.db.getRepository(Refund).save({
        id: randomUUID(),
        orderId: yen!.id,
        amountCents: 6000,
        currency: 'JPY',
        reason: 'Half back',
        status: 'pending' as const,
        idempotencyKey: 'export-test-yen',
      });
      const exported = async (id: string) => {
        const filter = JSON.stringify({ id: [id] });
        const [header, row] = table(
          await get('/api/admin/orders/export.csv', { filter }).expect(200),
          `orders-id-${id}.csv`,
        );
        return (name: string) => row![header!.indexOf(name)];
      };
      const inYen = await exported(yen!.id);
      expect(['Currency', 'Subtotal', 'Discount', 'Tax', 'Total'].map(inYen)).toEqual([
        'JPY',
        '12000',
        '1200',
        '0',
        '10800',
      ]);
      const inEuros = await exported(euros!.id);
      expect(['Currency', 'Subtotal', 'Discount', 'Total'].map(inEuros)).toEqual([
        'EUR',
        '75.98',
        '7.60',
        '68.38',
      ]);
      // The refund names its currency beside its amount.
      const byOrder = { filter: JSON.stringify({ orderId: yen!.id }) };
      const [header, ...rows] = table(
        await get('/api/admin/refunds/export.csv', byOrder).expect(200),
        'refunds-all.csv',
      );
      expect(rows.map((row) => [row[header!.indexOf('Currency')], row[header!.indexOf('Amount')]])).toEqual([
        ['JPY', '6000'],
      ]);
    });

    it('records who exported which orders in the audit trail', async () => {
      const filter = JSON.stringify({ status: 'fulfilled' });
      await get('/api/admin/orders/export.csv', { filter, from: '2025-01-01', to: '2025-01-31' }).expect(200);
      const [entry] = await t.db
        .getRepository(AuditEntry)
        .find({ where: { action: 'orders.export' }, order: { id: 'DESC' }, take: 1 });
      expect(entry!.after).toMatchObject({
        filter: { status: 'fulfilled' },
        from: '2025-01-01',
        to: '2025-01-31',
      });
    });

    it('refuses bad input with a 400 naming it, before any file is sent', async () => {
      const message = async (query: Record<string, string>) =>
        (await get('/api/admin/orders/export.csv', query).expect(400)).body.message as unknown;
      expect(await message({ from: '2026-02-30' })).toBe('from must be a day such as 2026-10-01');
      // One string, whether the query's checks or the export's own refused it.
      expect(await message({ to: '1 March' })).toBe('to must be a day such as 2026-10-01');
      expect(await message({ from: '2026-03-02', to: '2026-03-01' })).toBe('to must not be before from');
      expect(await message({ filter: '{"colour":"red"}' })).toBe('filter colour is not supported');
      expect(await message({ filter: '{"status":"lost"}' })).toMatch(/^filter status must be one of /);
      expect(await message({ filter: 'not json' })).toBe('filter must be valid JSON');
      expect(await message({ sort: '["billingCity","ASC"]' })).toMatch(/^sort field must be one of /);
      expect(await message({ range: '[0,9]' })).toBe('property range should not exist');
    });

    it('is for signed-in staff: support may export orders as they may list them', async () => {
      await t.http().get('/api/admin/orders/export.csv').expect(401);
      table(
        await get('/api/admin/orders/export.csv', { from: '2099-01-01' }, support).expect(200),
        /orders-/,
      );
    });
  });

  describe('licence keys', () => {
    beforeAll(async () => {
      await t
        .http()
        .post('/api/admin/license-keys/import')
        .set('authorization', admin)
        .set('content-type', 'text/csv')
        .send(`productId,licenseKey\n${HOME_BUSINESS},${KEY}\n`)
        .expect(200);
    });

    const keyRow = async (query: Record<string, string>, auth = admin) => {
      const filter = JSON.stringify({ q: KEY });
      const rows = table(
        await get('/api/admin/license-keys/export.csv', { filter, ...query }, auth).expect(200),
        /^attachment; filename="license-keys-(in-clear-)?all\.csv"$/,
      );
      expect(rows[0]).toEqual([...LICENSE_KEY_EXPORT_COLUMNS]);
      expect(rows).toHaveLength(2);
      return rows[1]!;
    };

    it('masks every key unless asked, for admins and support alike', async () => {
      for (const auth of [admin, support]) {
        const row = await keyRow({}, auth);
        expect(row[1]).toBe(HOME_BUSINESS);
        expect(row.at(-1)).toBe('XXXXX-XXXXX-XXXXX-XXXXX-DDDD1');
      }
      const all = await get('/api/admin/license-keys/export.csv').expect(200);
      expect(all.text).not.toContain('EXPRT-');
    });

    it('gives admins the keys in clear with reveal=true, recorded first with the filter and the count', async () => {
      const before = await t.db.getRepository(AuditEntry).countBy({ action: 'license-keys.export' });
      expect((await keyRow({ reveal: 'true' })).at(-1)).toBe(KEY);
      const entries = await t.db.getRepository(AuditEntry).findBy({ action: 'license-keys.export' });
      expect(entries).toHaveLength(before + 1);
      expect(entries.at(-1)!.after).toMatchObject({ filter: { q: KEY }, rows: 1 });
    });

    it('refuses support the keys in clear (403), and a reveal that is not true or false (400)', async () => {
      const res = await get('/api/admin/license-keys/export.csv', { reveal: 'true' }, support).expect(403);
      expect(res.body.message).toBe('Only administrators may export licence keys in clear');
      const bad = await get('/api/admin/license-keys/export.csv', { reveal: 'yes' }).expect(400);
      expect(problems(bad.body)).toEqual(['reveal must be true or false']);
    });

    it("applies the list's filter and sort", async () => {
      const query = {
        filter: JSON.stringify({ assigned: true, status: 'active' }),
        sort: '["productId","DESC"]',
      };
      const expected = await listIds('/api/admin/license-keys', query);
      const rows = table(
        await get('/api/admin/license-keys/export.csv', query).expect(200),
        'license-keys-all.csv',
      );
      const ids = rows.slice(1).map((row) => row[0]);
      expect(ids.slice(0, expected.length)).toEqual(expected);
      const sold = await t.db
        .getRepository(LicenseKey)
        .createQueryBuilder('k')
        .where("k.status = 'active' AND k.orderId IS NOT NULL")
        .getCount();
      expect(ids.length).toBe(sold);
      expect(rows.slice(1).every((row) => row[3] !== '' && row[4] === 'active')).toBe(true);
      await get('/api/admin/license-keys/export.csv', { filter: '{"productId":"nope"}' }).expect(400);
    });
  });

  describe('refunds', () => {
    it('lists refunds and exports the same rows, amounts in units', async () => {
      const filter = JSON.stringify({ status: 'succeeded' });
      const expected = await listIds('/api/admin/refunds', { filter });
      expect(expected.length).toBe(2);
      const rows = table(
        await get('/api/admin/refunds/export.csv', { filter }).expect(200),
        'refunds-all.csv',
      );
      expect(rows[0]).toEqual([...REFUND_EXPORT_COLUMNS]);
      expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
      expect(
        rows
          .slice(1)
          .map((row) => row[5])
          .sort(),
      ).toEqual(['10.00', '2.50']);
      expect(rows[1]![6]).toBe("'@customer asked");
      // By the start of the order id, as orders are searched: all three of that order's refunds.
      const orderId = rows[1]![1]!;
      const byOrder = { filter: JSON.stringify({ orderId: orderId.slice(0, 8).toUpperCase() }) };
      expect(await listIds('/api/admin/refunds', byOrder)).toHaveLength(3);
      const exported = table(
        await get('/api/admin/refunds/export.csv', byOrder).expect(200),
        'refunds-all.csv',
      );
      expect(exported.slice(1).map((row) => row[0])).toEqual(await listIds('/api/admin/refunds', byOrder));
      const none = await get('/api/admin/refunds/export.csv', { to: '2000-01-01' }, support).expect(200);
      expect(table(none, 'refunds-to-2000-01-01.csv')).toHaveLength(1);
      await get('/api/admin/refunds/export.csv', { filter: '{"status":"maybe"}' }).expect(400);
    });
  });

  it('reads a sorted query by keyset, every row once, whatever the page size', async () => {
    const query = t.db.getRepository(Order).createQueryBuilder('o').orderBy('o.totalCents', 'DESC');
    query
      .addOrderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .where('o.customerEmail LIKE :e', { e: 'customer1%' });
    const all = await query.clone().getMany();
    const pages: string[][] = [];
    for await (const page of keysetPages(query, 37)) pages.push(page.map((o) => o.id));
    expect(pages.every((page) => page.length <= 37)).toBe(true);
    expect(pages.flat()).toEqual(all.map((o) => o.id));
  });
});
