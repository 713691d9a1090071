import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { DOWNLOAD_LINK_DAYS } from '../src/downloads/download-links.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { REFUND_DUE_UNDELIVERED } from '../src/orders/order-process.js';
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
import { problems } from './support/problems.js';

const UNKNOWN_ID = '6f1c7e4e-1111-4222-8333-944445555666';
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = { id: string; orderId: string; productId: string; fileName: string; isActive: boolean };

describe(`back office: downloads on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let one: Intent;
  let two: Intent;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    // A Windows link per product (officedeploymenttool.exe for Standard and Professional Plus,
    // OfficeSetup.exe for Home & Business) and a Mac one for the two editions that run on a Mac.
    one = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'first@example.com');
    two = await buyWithDemo(
      t,
      [
        { id: HOME_BUSINESS, quantity: 1 },
        { id: PRO_PLUS, quantity: 1 },
      ],
      'second@example.com',
    );
  });
  afterAll(() => t.close());

  const get = (path: string, auth = admin) => t.http().get(path).set('authorization', auth);
  const list = (params: Record<string, unknown> = {}, auth = admin) =>
    get(
      `/api/admin/downloads?${Object.entries(params)
        .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
        .join('&')}`,
      auth,
    );
  const ids = (res: { body: Row[] }) => res.body.map((r) => r.id);
  const links = () => t.db.getRepository(DownloadLink).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  const post = (body: object, auth = admin) =>
    t.http().post('/api/admin/downloads').set('authorization', auth).send(body);
  const put = (id: string, body: object, auth = admin) =>
    t.http().put(`/api/admin/downloads/${id}`).set('authorization', auth).send(body);

  it('lists links newest first with Content-Range, never with their tokens', async () => {
    const stored = await links();
    expect(stored).toHaveLength(5);
    const res = await list().expect(200);
    expect(res.headers['content-range']).toBe('downloads 0-4/5');
    const newest = [...stored].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(ids(res)).toEqual(newest.map((l) => l.id));
    const link = stored.find((l) => l.productId === STANDARD && l.platform === 'Windows')!;
    expect(res.body.find((r: Row) => r.id === link.id)).toEqual({
      id: link.id,
      orderId: one.orderId,
      productId: STANDARD,
      fileName: 'officedeploymenttool.exe',
      platform: 'Windows',
      fileUrl: link.fileUrl,
      fileSize: '3.5 MB',
      maxDownloads: 5,
      downloadCount: 0,
      isActive: true,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt!.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toContain(link.token);
  });

  it('pages, sorts and answers getMany', async () => {
    const page = await list({ range: [1, 1] }).expect(200);
    expect(page.headers['content-range']).toBe('downloads 1-1/5');
    expect(page.body).toHaveLength(1);
    const past = await list({ range: [5, 9] }).expect(200);
    expect(past.headers['content-range']).toBe('downloads */5');
    expect(past.body).toEqual([]);

    const byName = await list({ sort: ['fileName', 'ASC'] }).expect(200);
    // SQLite compares bytes (upper case first); MySQL/MariaDB's collation ignores case.
    const odt = 'officedeploymenttool.exe';
    const pkg = 'Microsoft_Office_Installer.pkg';
    expect(byName.body.map((r: Row) => r.fileName)).toEqual(
      DRIVER === 'sqlite' ? [pkg, pkg, 'OfficeSetup.exe', odt, odt] : [pkg, pkg, odt, odt, 'OfficeSetup.exe'],
    );

    const [first, second] = await links();
    await t.db.getRepository(DownloadLink).update(second!.id, { downloadCount: 3 });
    const byCount = await list({ sort: ['downloadCount', 'DESC'] }).expect(200);
    expect(byCount.body[0]).toMatchObject({ id: second!.id, downloadCount: 3 });
    await t.db.getRepository(DownloadLink).update(second!.id, { downloadCount: 0 });

    const many = await list({ filter: { id: [first!.id, second!.id, UNKNOWN_ID] } }).expect(200);
    expect(ids(many).sort()).toEqual([first!.id, second!.id].sort());
    expect(many.headers['content-range']).toBe('downloads 0-1/2');
    const none = await list({ filter: { id: [] } }).expect(200);
    expect(none.headers['content-range']).toBe('downloads */0');
  });

  it('filters by text (file name, product, order id prefix), status, order and product', async () => {
    const link = (productId: string, platform: 'Windows' | 'Mac' = 'Windows') =>
      t.db.getRepository(DownloadLink).findOneByOrFail({ productId, platform });
    const [standard, standardMac, homeBusiness, homeBusinessMac, proPlus] = await Promise.all([
      link(STANDARD),
      link(STANDARD, 'Mac'),
      link(HOME_BUSINESS),
      link(HOME_BUSINESS, 'Mac'),
      link(PRO_PLUS),
    ]);
    const q = async (filter: object) => ids(await list({ filter }).expect(200)).sort();

    // File name: a substring, any case.
    expect(await q({ q: 'SETUP' })).toEqual([homeBusiness.id]);
    expect(await q({ q: 'deploymentTOOL' })).toEqual([standard.id, proPlus.id].sort());
    // Product: its id or its catalogue title.
    expect(await q({ q: 'Professional Plus' })).toEqual([proPlus.id]);
    expect(await q({ q: 'home-business' })).toEqual([homeBusiness.id, homeBusinessMac.id].sort());
    expect(await q({ q: '.pkg' })).toEqual([standardMac.id, homeBusinessMac.id].sort());
    // Order id: a prefix, any case; not the middle of an id.
    expect(await q({ q: two.orderId.slice(0, 8).toUpperCase() })).toEqual(
      [homeBusiness.id, homeBusinessMac.id, proPlus.id].sort(),
    );
    expect(await q({ q: two.orderId.slice(9, 23) })).toEqual([]);
    // LIKE wildcards are literal.
    expect(await q({ q: '%' })).toEqual([]);
    // A literal underscore: only the Mac installer's name has one.
    expect(await q({ q: '_' })).toEqual([standardMac.id, homeBusinessMac.id].sort());
    expect(await q({ q: '   ' })).toHaveLength(5);

    expect(await q({ orderId: one.orderId.toUpperCase() })).toEqual([standard.id, standardMac.id].sort());
    expect(await q({ productId: PRO_PLUS })).toEqual([proPlus.id]);
    expect(await q({ isActive: true })).toHaveLength(5);
    expect(await q({ isActive: false })).toEqual([]);
    expect(await q({ q: 'office', orderId: two.orderId })).toEqual(
      [homeBusiness.id, homeBusinessMac.id, proPlus.id].sort(),
    );

    for (const bad of [
      { filter: { isActive: 'yes' } },
      { filter: { productId: 'office-2024-home' } },
      { filter: { orderId: 42 } },
      { filter: { token: 'abc' } },
      { filter: { id: [1] } },
      { filter: 'nope' },
      { sort: ['token', 'ASC'] },
      { sort: ['createdAt', 'UP'] },
      { range: [0, 1000] },
      { range: [3, 1] },
    ]) {
      const res = await list(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('shows one link; unknown or malformed ids are 404', async () => {
    const [link] = await links();
    const res = await get(`/api/admin/downloads/${link!.id}`, support).expect(200);
    expect(res.body).toMatchObject({ id: link!.id, orderId: one.orderId, productId: STANDARD });
    expect(res.body.token).toBeUndefined();
    expect((await get(`/api/admin/downloads/${UNKNOWN_ID}`).expect(404)).body.message).toBe(
      'Download link not found',
    );
    await get('/api/admin/downloads/not-an-id').expect(404);
  });

  it('lets an admin create a link for an order, with a new token, 30 days and an audit entry', async () => {
    const before = Date.now();
    const res = await post({
      orderId: ` ${one.orderId.toUpperCase()} `,
      productId: STANDARD,
      fileName: '  Office Setup (64-bit).exe ',
      fileUrl: 'https://example.com/files/setup.exe',
      fileSize: ' 2.1 GB ',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderId: one.orderId,
      productId: STANDARD,
      fileName: 'Office Setup (64-bit).exe',
      platform: 'Windows',
      fileUrl: 'https://example.com/files/setup.exe',
      fileSize: '2.1 GB',
      maxDownloads: 5,
      downloadCount: 0,
      isActive: true,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const expires = new Date(res.body.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + DOWNLOAD_LINK_DAYS * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DOWNLOAD_LINK_DAYS * DAY_MS + 1000);

    const stored = await t.db.getRepository(DownloadLink).findOneByOrFail({ id: res.body.id });
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const tokens = (await links()).map((l) => l.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    // The new link works like fulfilment's.
    const download = await t.http().get(`/api/downloads/${stored.token}`).redirects(0).expect(302);
    expect(download.headers.location).toBe('https://example.com/files/setup.exe');

    const [entry] = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'downloads.create', resourceId: res.body.id });
    expect(entry).toMatchObject({
      resource: 'downloads',
      actorUsername: expect.stringMatching(/^admin-/),
      after: {
        orderId: one.orderId,
        productId: STANDARD,
        fileName: 'Office Setup (64-bit).exe',
        fileSize: '2.1 GB',
        maxDownloads: 5,
      },
    });
    expect(JSON.stringify(entry)).not.toContain(stored.token);

    // A link for a Mac installer says so; only the two systems the catalogue knows are accepted.
    const mac = {
      orderId: one.orderId,
      productId: STANDARD,
      fileName: 'Office.pkg',
      fileUrl: 'https://example.com/o.pkg',
    };
    expect((await post({ ...mac, platform: 'Mac' }).expect(201)).body.platform).toBe('Mac');
    expect(problems((await post({ ...mac, platform: 'Linux' }).expect(400)).body)).toEqual([
      'Platform must be one of Windows, Mac',
    ]);

    const other = await post({
      orderId: two.orderId,
      productId: PRO_PLUS,
      fileName: 'a.exe',
      fileUrl: 'http://localhost:3000/a.exe',
      fileSize: '',
      maxDownloads: 12,
    }).expect(201);
    expect(other.body).toMatchObject({ fileSize: null, maxDownloads: 12, orderId: two.orderId });
    const listed = await list({ filter: { orderId: two.orderId } }).expect(200);
    expect(listed.headers['content-range']).toBe('downloads 0-3/4');
  });

  it("rejects an invalid link with the spec's messages", async () => {
    const valid = {
      orderId: one.orderId,
      productId: STANDARD,
      fileName: 'setup.exe',
      fileUrl: 'https://example.com/setup.exe',
    };
    const count = (await links()).length;
    const messages = async (body: object) => problems((await post(body).expect(400)).body);

    expect(await messages({})).toEqual([
      'Order ID is required',
      'Product ID is required',
      'File name is required',
      'Must be a valid URL',
    ]);
    expect(await messages({ orderId: '  ', productId: '', fileName: ' ', fileUrl: '' })).toEqual([
      'Order ID is required',
      'Product ID is required',
      'File name is required',
      'Must be a valid URL',
    ]);
    for (const fileUrl of ['not a url', 'ftp://example.com/a', 'javascript:alert(1)', 'https://', 42]) {
      expect(await messages({ ...valid, fileUrl })).toEqual(['Must be a valid URL']);
    }
    expect(await messages({ ...valid, maxDownloads: 0 })).toEqual(['Max downloads must be at least 1']);
    expect(await messages({ ...valid, maxDownloads: -3 })).toEqual(['Max downloads must be at least 1']);
    expect(await messages({ ...valid, maxDownloads: 2.5 })).toEqual(['Max downloads must be a whole number']);
    expect(await messages({ ...valid, maxDownloads: 1001 })).toEqual(['Max downloads must be at most 1000']);
    expect(await messages({ ...valid, productId: 'office-2024-home' })).toEqual([
      'Product ID must be one of office-2024-standard, office-2024-home-business, office-2024-professional-plus',
    ]);
    expect(await messages({ ...valid, fileName: 'x'.repeat(256) })).toEqual([
      'File name must be at most 255 characters',
    ]);
    expect(await messages({ ...valid, fileSize: 'x'.repeat(33) })).toEqual([
      'File size must be at most 32 characters',
    ]);
    expect(await messages({ ...valid, orderId: UNKNOWN_ID })).toEqual(['Order not found']);
    // A link is a delivery: for a product of a paid order that is not owed a refund.
    expect(await messages({ ...valid, productId: PRO_PLUS })).toEqual([
      `This order does not contain ${PRO_PLUS}`,
    ]);
    const unpaid = (await createIntent(t).expect(201)).body as Intent;
    expect((await post({ ...valid, orderId: unpaid.orderId }).expect(409)).body.message).toBe(
      "Download links are for paid orders; this order's payment is pending",
    );
    await t.db.getRepository(Order).update({ id: two.orderId }, { refundDue: 'order-cancelled' });
    try {
      expect(
        (await post({ ...valid, orderId: two.orderId, productId: PRO_PLUS }).expect(409)).body.message,
      ).toBe(REFUND_DUE_UNDELIVERED);
    } finally {
      await t.db.getRepository(Order).update({ id: two.orderId }, { refundDue: null });
    }
    expect(await messages({ ...valid, orderId: 'not-an-order' })).toEqual(['Order not found']);
    expect(await messages({ ...valid, token: 'mine' })).toEqual(['property token should not exist']);
    expect(await messages({ ...valid, downloadCount: 0 })).toEqual([
      'property downloadCount should not exist',
    ]);
    expect(await messages({ ...valid, isActive: false })).toEqual(['property isActive should not exist']);
    expect((await links()).length).toBe(count);
  });

  it('lets an admin turn a link off and on, recording before and after', async () => {
    const [link] = await links();
    const off = await put(link!.id, { isActive: false }).expect(200);
    expect(off.body).toMatchObject({ id: link!.id, isActive: false, fileName: link!.fileName });
    await t.http().get(`/api/downloads/${link!.token}`).redirects(0).expect(410);
    expect(ids(await list({ filter: { isActive: false } }).expect(200))).toEqual([link!.id]);

    const on = await put(link!.id, { isActive: true }).expect(200);
    expect(on.body.isActive).toBe(true);
    const entries = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'downloads.update', resourceId: link!.id }, order: { id: 'ASC' } });
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ isActive: true }, { isActive: false }],
      [{ isActive: false }, { isActive: true }],
    ]);

    expect(problems((await put(link!.id, {}).expect(400)).body)).toEqual(['isActive must be true or false']);
    expect(problems((await put(link!.id, { isActive: 'no' }).expect(400)).body)).toEqual([
      'isActive must be true or false',
    ]);
    expect(problems((await put(link!.id, { isActive: true, maxDownloads: 50 }).expect(400)).body)).toEqual([
      'property maxDownloads should not exist',
    ]);
    expect((await put(UNKNOWN_ID, { isActive: true }).expect(404)).body.message).toBe(
      'Download link not found',
    );
    await put('nope', { isActive: true }).expect(404);
  });

  it('lets support read but not change; anonymous callers get 401', async () => {
    const [link] = await links();
    await list({}, support).expect(200);
    const valid = { orderId: one.orderId, productId: STANDARD, fileName: 'a', fileUrl: 'https://a.example/' };
    expect((await post(valid, support).expect(403)).body.message).toBe(
      'Your role does not allow this action',
    );
    await put(link!.id, { isActive: false }, support).expect(403);
    expect((await t.db.getRepository(DownloadLink).findOneByOrFail({ id: link!.id })).isActive).toBe(true);

    await t.http().get('/api/admin/downloads').expect(401);
    await t.http().get(`/api/admin/downloads/${link!.id}`).expect(401);
    await t.http().post('/api/admin/downloads').send(valid).expect(401);
    await t.http().put(`/api/admin/downloads/${link!.id}`).send({ isActive: false }).expect(401);
  });

  it('documents every route in Swagger, behind the bearer token', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const routes: [string, string[]][] = [
      ['/api/admin/downloads', ['get', 'post']],
      ['/api/admin/downloads/{id}', ['get', 'put']],
    ];
    for (const [path, methods] of routes) {
      expect(Object.keys(doc.paths[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) {
        expect(doc.paths[path][method]).toMatchObject({
          summary: expect.any(String),
          security: [{ bearer: [] }],
        });
        expect(doc.paths[path][method].tags).toEqual(['admin: downloads']);
      }
    }
  });
});
