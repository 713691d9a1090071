// Upgrading a store of the previous release (the one CHANGELOG.md names) to this version, as an operator
// does: the release's backend is built from this clone's history and fills a database with its own code
// (seed-bulk, then its server's API: stock keys, purchases, an activation, a refund); everything its API
// answered is read back through this version's API once it has migrated the database; the backfills finish;
// a new purchase works and its invoice is readable. `npm run test:upgrade` runs it on SQLite and MariaDB.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import {
  buildRelease,
  buyWithDemo as buyOnRelease,
  call,
  fillWithRelease,
  pdfText,
  previousReleaseCommit,
  type Release,
  type ReleaseStore,
} from '@store/testing';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { Backfills } from '../src/backfills/backfills.service.js';
import { findProjectRoot } from '../src/config/app-config.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { SEARCH_TERMS_BACKFILL } from '../src/license-keys/search-terms-backfill.js';
import { SALES_DAYS_BACKFILL } from '../src/reports/sales-days-backfill.js';
import { buyWithDemo, HOME_BUSINESS, STANDARD } from '../test/support/checkout.js';
import { DRIVER, freshDatabaseUrl, startTestApp, type TestApp } from '../test/support/test-app.js';

const ROOT = findProjectRoot(__dirname);
/** Read at load: a CHANGELOG.md without a release commit fails the suite at once, saying so. */
const COMMIT = previousReleaseCommit(ROOT);
const ORDERS = 120;
const STOCK = 30;
const SECRETS = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  LICENSE_KEY_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: `Upgrade-${randomBytes(6).toString('hex')}-Lantern`,
  // The customers' links are built from it: the same store before and after, whatever port serves it.
  PUBLIC_URL: 'https://shop.example.com',
};
const BUYER = 'upgrade-buyer@example.com';
const REFUNDED = 'upgrade-refunded@example.com';

type Json = Record<string, unknown>;
interface Server {
  get(path: string, auth?: string): Promise<{ status: number; body: unknown; headers: Headers | Json }>;
}

const sortById = <T extends Json>(rows: T[]) =>
  [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
const pick = (row: Json, fields: string[]) => Object.fromEntries(fields.map((f) => [f, row[f]]));

const KEY_FIELDS = [
  'id',
  'orderId',
  'productId',
  'licenseKey',
  'status',
  'activationCount',
  'activationLimit',
];
const LINK_FIELDS = [
  'id',
  'orderId',
  'productId',
  'fileName',
  'fileUrl',
  'fileSize',
  'maxDownloads',
  'downloadCount',
  'isActive',
  'expiresAt',
];
const ORDER_KEY_FIELDS = ['id', 'productId', 'licenseKey', 'status', 'activationCount', 'activationLimit'];
const ORDER_LINK_FIELDS = [
  'id',
  'productId',
  'fileName',
  'fileUrl',
  'downloadCount',
  'maxDownloads',
  'isActive',
  'expiresAt',
];

/** An order as both versions' admin API tell it; the release gave amounts in dollars, this one in cents. */
function orderView(order: Json): Json {
  const cents = (cents: unknown, dollars: unknown) =>
    cents === undefined ? Math.round(Number(dollars) * 100) : cents;
  const items = order.orderItems as Json[];
  return {
    ...pick(order, [
      'id',
      'customerName',
      'customerEmail',
      'status',
      'paymentStatus',
      'paymentMethod',
      'couponCode',
      'createdAt',
      'paidAt',
      'refundDue',
      'awaitingKeys',
    ]),
    totalCents: cents(order.totalCents, order.totalAmount),
    items: items.map((i) => ({
      ...pick(i, ['productId', 'name', 'quantity']),
      unitPriceCents: cents(i.unitPriceCents, i.price),
    })),
    licenseKeys: sortById(order.licenseKeys as Json[]).map((k) => pick(k, ORDER_KEY_FIELDS)),
    downloads: sortById(order.downloads as Json[]).map((d) => pick(d, ORDER_LINK_FIELDS)),
  };
}

/** Every row of a list of the admin API, page by page (500 at most a page on both versions). */
async function listAll(server: Server, auth: string, resource: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let start = 0; ; start += 500) {
    const range = encodeURIComponent(JSON.stringify([start, start + 499]));
    const sort = encodeURIComponent(JSON.stringify(['createdAt', 'ASC']));
    const page = await server.get(`/api/admin/${resource}?range=${range}&sort=${sort}`, auth);
    expect([resource, page.status]).toEqual([resource, 200]);
    rows.push(...(page.body as Json[]));
    if ((page.body as Json[]).length < 500) return sortById(rows);
  }
}

/** What a store's API tells of its orders, keys, links and customers: compared before and after. */
async function snapshot(server: Server, admin: string, customers: Record<string, string>) {
  const keys = (await listAll(server, admin, 'license-keys')).map((k) => pick(k, KEY_FIELDS));
  const links = (await listAll(server, admin, 'downloads')).map((d) => pick(d, LINK_FIELDS));
  const orders: Json[] = [];
  for (const { id } of await listAll(server, admin, 'orders')) {
    const detail = await server.get(`/api/admin/orders/${String(id)}`, admin);
    expect([id, detail.status]).toEqual([id, 200]);
    orders.push(orderView(detail.body as Json));
  }
  const accounts: Record<string, Json[]> = {};
  for (const [email, token] of Object.entries(customers)) {
    const answer = await server.get('/api/account/orders', `Bearer ${token}`);
    expect([email, answer.status]).toEqual([email, 200]);
    accounts[email] = (answer.body as Json[]).map((o) => ({
      ...pick(o, ['id', 'status', 'paymentStatus', 'totalCents']),
      licenseKeys: (o.licenseKeys as Json[]).map((k) =>
        pick(k, ['productId', 'licenseKey', 'status', 'activationCount']),
      ),
      downloads: (o.downloads as Json[]).map((d) => pick(d, ['productId', 'fileName', 'url', 'isActive'])),
    }));
  }
  return { keys, links, orders, accounts };
}

/** A customer's sign-in link token, as the account e-mail carries it (the same secret on both versions). */
const customerToken = (email: string) =>
  new JwtService().sign(
    { sub: email },
    {
      secret: SECRETS.JWT_SECRET,
      algorithm: 'HS256',
      issuer: JWT_ISSUER,
      audience: CUSTOMER_AUDIENCE,
      expiresIn: 3600,
    },
  );

describe(`upgrading a ${DRIVER} database of the release ${COMMIT} to this version`, () => {
  let release: Release;
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let old: ReleaseStore | undefined;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let activated: string;
  let t: TestApp;
  let admin: string;
  const customers = () => ({ [BUYER]: customerToken(BUYER), [REFUNDED]: customerToken(REFUNDED) });
  const current: Server = {
    get: async (path, auth) => {
      const request = t.http().get(path);
      if (auth) request.set('authorization', auth);
      const answer = await request;
      return { status: answer.status, body: answer.body, headers: answer.headers };
    },
  };

  beforeAll(async () => {
    release = buildRelease(ROOT, COMMIT, (line) => process.stdout.write(`${line}\n`));
    database = await freshDatabaseUrl();
    const env = {
      DATABASE_URL: database.url,
      ...SECRETS,
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'upgrade-mail-')),
    };
    old = await fillWithRelease(release, env, { orders: ORDERS, stockKeys: STOCK });
    const server = old.server;
    // Through the release's own API: two purchases, one refunded, a key of the other activated.
    const bought = await buyOnRelease(server, [{ id: STANDARD, quantity: 2 }], BUYER);
    const refunded = await buyOnRelease(server, [{ id: HOME_BUSINESS, quantity: 1 }], REFUNDED);
    const refund = await call(server, 'PUT', `/api/admin/orders/${refunded}`, {
      json: { paymentStatus: 'refunded' },
      headers: { authorization: old.admin },
    });
    expect([refund.status, (refund.body as Json).paymentStatus]).toEqual([200, 'refunded']);
    const order = await call(server, 'GET', `/api/admin/orders/${bought}`, {
      headers: { authorization: old.admin },
    });
    activated = ((order.body as Json).licenseKeys as Json[])[0]!.licenseKey as string;
    const activation = await call(server, 'POST', '/api/licenses/activate', {
      json: { licenseKey: activated, instanceId: 'upgrade-pc-1' },
    });
    expect(activation.status).toBeLessThan(300);
    const released: Server = {
      get: (path, auth) => call(server, 'GET', path, { headers: auth ? { authorization: auth } : {} }),
    };
    before = await snapshot(released, old.admin, customers());
    await server.stop(30_000);

    // This version's first start on it: the migrations run, the backfills are queued.
    t = await startTestApp({ DATABASE_URL: database.url, ...SECRETS });
    const login = await t
      .http()
      .post('/api/admin/login')
      .send({ username: 'admin', password: SECRETS.ADMIN_PASSWORD })
      .expect(200);
    admin = `Bearer ${login.body.token as string}`;
  }, 900_000);

  afterAll(async () => {
    await old?.server.stop();
    await t?.close();
    await database?.drop();
  });

  it('holds what the release stored: orders of every kind, keys sold and in stock, links', () => {
    expect(before.orders.length).toBe(ORDERS + 2);
    const statuses = new Set(before.orders.map((o) => o.paymentStatus));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['completed', 'pending', 'refunded']));
    expect(before.keys.filter((k) => k.orderId === null)).toHaveLength(STOCK - 3);
    expect(before.keys.length).toBeGreaterThan(ORDERS);
    expect(before.links.length).toBeGreaterThan(ORDERS / 2);
  });

  it('has run every migration and is ready', async () => {
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body.status).toBe('ready');
    await t.http().get('/api/health/live').expect(200);
  });

  it('reads every order as the release did, with its keys in clear and its links', async () => {
    const after = await snapshot(current, admin, customers());
    // The one reading this version changes on purpose: a fully refunded order is closed as refunded (#34).
    const closedByRefund = (order: Json) =>
      order.paymentStatus === 'refunded' && ['fulfilled', 'processing'].includes(String(order.status));
    expect(before.orders.filter(closedByRefund).length).toBeGreaterThan(0);
    const asNow = (order: Json) => (closedByRefund(order) ? { ...order, status: 'refunded' } : order);
    expect(after.orders).toEqual(before.orders.map(asNow));
    expect(after.keys).toEqual(before.keys);
    expect(after.links).toEqual(before.links);
    expect(after.accounts).toEqual(
      Object.fromEntries(
        Object.entries(before.accounts).map(([email, orders]) => [email, orders.map(asNow)]),
      ),
    );
  });

  it('keeps the activation, and the customer’s download links lead to the installer', async () => {
    const validation = await t
      .http()
      .post('/api/licenses/validate')
      .send({ licenseKey: activated, instanceId: 'upgrade-pc-1' })
      .expect(200);
    expect(validation.body).toMatchObject({ valid: true, instanceActivated: true, activationCount: 1 });
    const [account] = before.accounts[BUYER]!;
    const link = (account!.downloads as Json[])[0]!;
    const order = before.orders.find((o) => o.id === account!.id)!;
    const stored = (order.downloads as Json[]).find(
      (d) => d.productId === link.productId && d.fileName === link.fileName,
    )!;
    const download = await t
      .http()
      .get(new URL(String(link.url)).pathname)
      .redirects(0);
    expect([download.status, download.headers.location]).toEqual([302, stored.fileUrl]);
  });

  it('finishes the backfills: older keys found by part of them, older sales in the report', async () => {
    const backfills = t.app.get(Backfills);
    await backfills.settled();
    expect(await backfills.runPending()).toBe(false);
    expect((await t.http().get('/api/health/ready').expect(200)).body.backfills).toEqual([]);
    for (const name of [SEARCH_TERMS_BACKFILL, SALES_DAYS_BACKFILL])
      expect(await backfills.running(name)).toBe(false);

    const stockKey = before.keys.find((k) => k.orderId === null)!;
    const part = String(stockKey.licenseKey).split('-')[2]!.slice(0, 4);
    const found = await t
      .http()
      .get(`/api/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ q: part }))}&range=[0,499]`)
      .set('authorization', admin)
      .expect(200);
    expect(found.headers).not.toHaveProperty('x-backfill-running');
    expect(found.body.map((k: Json) => k.id)).toContain(stockKey.id);

    const paid = await t.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.paidAt IS NOT NULL')
      .getCount();
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
    const sales = await t
      .http()
      .get(`/api/admin/reports/sales?from=${from}&to=${today}&interval=month`)
      .set('authorization', admin)
      .expect(200);
    expect(sales.headers).not.toHaveProperty('x-backfill-running');
    expect(sales.body.reduce((sum: number, p: Json) => sum + Number(p.orders), 0)).toBe(paid);
    // Refunds as the report counts them: without their tax (all of it, for a refund in full).
    const refunds = before.orders
      .filter((o) => o.paymentStatus === 'refunded')
      .reduce((sum, o) => sum + Number(o.totalCents) - Number(o.taxCents ?? 0), 0);
    expect(sales.body.reduce((sum: number, p: Json) => sum + Number(p.refundsCents), 0)).toBe(refunds);
  });

  it('sells a key from the stock the release imported, with an invoice that can be read', async () => {
    const stock = new Set(before.keys.filter((k) => k.orderId === null).map((k) => k.id));
    const { orderId } = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'after-upgrade@example.com');
    const order = await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200);
    expect(order.body).toMatchObject({ status: 'fulfilled', paymentStatus: 'completed' });
    expect(order.body.licenseKeys).toHaveLength(1);
    expect(stock.has(order.body.licenseKeys[0].id)).toBe(true);
    expect(order.body.invoiceNumber).toEqual(expect.any(String));
    const pdf = await t
      .http()
      .get(`/api/admin/orders/${orderId}/invoice.pdf`)
      .set('authorization', admin)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdfText(pdf.body as Buffer)).toContain(order.body.invoiceNumber);
  });
});
