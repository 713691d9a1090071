import { insertBulkOrders } from '../src/seed/bulk-orders.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** Enough orders for a search to take the "many matches" path of the orders list (over 2,000). */
const ORDERS = 2_100;

type Row = {
  id: string;
  customerEmail: string;
  customerName: string;
  totalCents: number;
  createdAt: string;
};

describe(`back-office lists with thousands of orders on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let orders: Order[];

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO_KEYS: '0' });
    admin = await signIn(t, 'admin');
    await insertBulkOrders(t.db, t.app.get(LicenseKeyCipher), ORDERS, { batchSize: 700 });
    orders = await t.db.getRepository(Order).find();
    // Thousands of orders written: 60 s was not enough on MariaDB under CI's lanes. A hang detector.
  }, 180_000);
  afterAll(() => t.close());

  const list = (filter: object, sort = ['createdAt', 'DESC'], range = [0, 24]) =>
    t
      .http()
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify(range) })
      .set('authorization', admin)
      .expect(200);
  const ids = (res: { body: Row[] }) => res.body.map((row) => row.id);
  /** The list's order: the field, then createdAt, then id, all descending. */
  const newestFirst = (a: Order, b: Order) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  it('finds orders by the start of the e-mail, name, last name or id, whatever the case', async () => {
    const one = orders.find((o) => o.customerEmail === 'customer1234@example.com')!;
    expect(ids(await list({ q: 'CUSTOMER1234@Example.com' }))).toEqual([one.id]);
    expect(ids(await list({ q: one.id.slice(0, 8).toUpperCase() }))).toEqual([one.id]);

    const first = one.customerName.split(' ')[0]!;
    const named = orders.filter((o) => o.customerName.startsWith(first)).sort(newestFirst);
    const byName = await list({ q: first.toLowerCase() }, undefined, [0, 499]);
    expect(byName.headers['content-range']).toBe(
      `orders 0-${Math.min(named.length, 500) - 1}/${named.length}`,
    );
    expect(ids(byName)).toEqual(named.slice(0, 500).map((o) => o.id));

    const last = one.billingLastName;
    const byLastName = await list({ q: last.toUpperCase() }, undefined, [0, 499]);
    const lastNamed = orders.filter((o) => o.billingLastName === last || o.customerName.startsWith(last));
    expect(byLastName.headers['content-range']).toMatch(new RegExp(`/${lastNamed.length}$`));
    expect(
      byLastName.body.every((row: Row) => row.customerName.toLowerCase().includes(last.toLowerCase())),
    ).toBe(true);
  });

  it("finds prefixes that end in a digit on every database (MariaDB's collation sorts ':' before '9')", async () => {
    const endsInNine = orders.find((o) => o.id[7] === '9')!;
    expect(ids(await list({ q: endsInNine.id.slice(0, 8) }))).toEqual([endsInNine.id]);
    const emails = orders.filter((o) => o.customerEmail.startsWith('customer129')).sort(newestFirst);
    expect(emails.length).toBe(11); // customer129 and customer1290 to customer1299
    expect(ids(await list({ q: 'customer129' }))).toEqual(emails.map((o) => o.id));
  });

  it('answers a search matching most orders in the list order, counting 2,000 matches past the page', async () => {
    // Every bulk e-mail starts with "customer": more than 2,000 matches. A search counts no further than
    // that (the back office shows "2,025+"), where the unfiltered list counts them all.
    const newest = [...orders].sort(newestFirst);
    const page = await list({ q: 'customer' }, undefined, [25, 49]);
    expect(page.headers['content-range']).toBe(`orders 25-49/${25 + 2_000}`);
    expect(page.headers['x-total-capped']).toBe('true');
    expect((await list({}, undefined, [25, 49])).headers['content-range']).toBe(`orders 25-49/${ORDERS}`);
    expect(ids(page)).toEqual(newest.slice(25, 50).map((o) => o.id));
    const cancelled = newest.filter((o) => o.status === 'cancelled');
    const filtered = await list({ q: 'customer', status: 'cancelled' }, undefined, [0, 9]);
    expect(ids(filtered)).toEqual(cancelled.slice(0, 10).map((o) => o.id));
    expect(filtered.headers['content-range']).toBe(`orders 0-9/${cancelled.length}`);
  });

  it('sorts by total, then newest, then id, so pages never overlap', async () => {
    const byTotal = [...orders].sort((a, b) => b.totalCents - a.totalCents || newestFirst(a, b));
    const pages = await Promise.all(
      [0, 1, 2].map((p) => list({}, ['totalCents', 'DESC'], [p * 30, p * 30 + 29])),
    );
    expect(pages.flatMap(ids)).toEqual(byTotal.slice(0, 90).map((o) => o.id));
  });
});

describe(`cross-origin back office on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: 'https://backoffice.example.com' });
  });
  afterAll(() => t.close());

  it('lets a listed origin call the API and read the list headers; no other origin', async () => {
    const preflight = await t
      .http()
      .options('/api/admin/orders')
      .set('origin', 'https://backoffice.example.com')
      .set('access-control-request-method', 'GET')
      .set('access-control-request-headers', 'authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://backoffice.example.com');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);

    const admin = await signIn(t, 'admin');
    const res = await t
      .http()
      .get('/api/admin/orders')
      .set('origin', 'https://backoffice.example.com')
      .set('authorization', admin)
      .expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://backoffice.example.com');
    expect(res.headers['access-control-expose-headers']).toBe(
      'Content-Range, X-Total-Capped, X-Backfill-Running',
    );
    expect(res.headers['content-range']).toBe('orders */0');

    const other = await t.http().get('/api/products').set('origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
