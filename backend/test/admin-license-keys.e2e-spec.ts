import { IsNull } from 'typeorm';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { InventoryService } from '../src/license-keys/inventory.service.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxService } from '../src/emails/outbox.service.js';
import { Order } from '../src/orders/entities/order.entity.js';
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
import { problemsOrMessage } from './support/problems.js';

const BASE = '/api/admin/license-keys';
const UNKNOWN_ID = '6f1c7e4e-1111-4222-8333-944445555666';
const FORMAT_MESSAGE = 'License key must be 5 groups of 5 letters or digits';
const PRODUCT_MESSAGE =
  'Product ID must be one of office-2024-standard, office-2024-home-business, office-2024-professional-plus';
// Middle and last groups with letters beyond F, so a search for one cannot also be an order-id prefix.
const STD_1 = 'QWRTY-11111-MNPQR-33333-ZZZA1';
const STD_2 = 'QWRTY-44444-STUVW-66666-ZZZB2';
const HOME = 'HOMEB-77777-XYZXY-99999-ZZZC3';
const MASKED = /^XXXXX-XXXXX-XXXXX-XXXXX-[A-Z0-9]{5}$/;

type Row = {
  id: string;
  orderId: string | null;
  productId: string;
  licenseKey: string;
  activationCount: number;
  activationLimit: number;
  status: string;
  createdAt: string;
};

describe(`back office: licence keys on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let order: Intent;
  /** The STANDARD key sold to `order`, and the one left in the inventory. */
  let sold: LicenseKey;
  let spare: LicenseKey;
  let home: LicenseKey;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: '0' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    await t.app.get(InventoryService).importKeys([
      { productId: STANDARD, licenseKey: STD_1 },
      { productId: STANDARD, licenseKey: STD_2 },
      { productId: HOME_BUSINESS, licenseKey: HOME, activationLimit: 3 },
    ]);
    order = await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }]);
    const keys = t.db.getRepository(LicenseKey);
    sold = await keys.findOneByOrFail({ orderId: order.orderId });
    spare = (await keys.findBy({ productId: STANDARD })).find((k) => k.id !== sold.id)!;
    home = await keys.findOneByOrFail({ productId: HOME_BUSINESS });
    await keys.update(home.id, { activationCount: 2 });
    await keys.update(spare.id, { status: 'revoked' });
  });
  afterAll(() => t.close());

  const plain = (key: LicenseKey) => t.app.get(LicenseKeyCipher).decrypt(key.keyCiphertext);
  const get = (path: string, auth = admin) => t.http().get(path).set('authorization', auth);
  const list = (
    params: { filter?: object; sort?: [string, string]; range?: [number, number] },
    auth = admin,
  ) => {
    const query = Object.entries(params)
      .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
      .join('&');
    return get(`${BASE}?${query}`, auth);
  };
  const ids = (res: { body: Row[] }) => res.body.map((row) => row.id);
  const search = async (text: string) => ids(await list({ filter: { q: text } }).expect(200)).sort();
  const reveals = () =>
    t.db.getRepository(AuditEntry).find({ where: { action: 'license-keys.reveal' }, order: { id: 'ASC' } });

  describe('list', () => {
    it('answers rows with Content-Range, keys in full for an admin, recording one reveal', async () => {
      const before = (await reveals()).length;
      const res = await list({ sort: ['activationCount', 'DESC'] }).expect(200);
      expect(res.headers['content-range']).toBe('license-keys 0-2/3');
      expect(res.body[0]).toEqual({
        id: home.id,
        orderId: null,
        productId: HOME_BUSINESS,
        licenseKey: HOME,
        activationCount: 2,
        activationLimit: 3,
        status: 'active',
        reserved: false,
        batchId: null,
        costCents: null,
        createdAt: expect.any(String),
      });
      expect(res.body.map((row: Row) => row.licenseKey).sort()).toEqual([HOME, STD_1, STD_2].sort());
      const after = await reveals();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({
        resource: 'license-keys',
        resourceId: null,
        after: { licenseKeyIds: ids(res) },
      });
      expect(after.at(-1)!.actorUsername).toMatch(/^admin-/);
    });

    it('masks keys for support, without a reveal entry', async () => {
      const before = (await reveals()).length;
      const res = await list({}, support).expect(200);
      expect(res.body).toHaveLength(3);
      for (const row of res.body as Row[]) {
        expect(row.licenseKey).toMatch(MASKED);
        expect([STD_1, STD_2, HOME].map((k) => k.slice(-5))).toContain(row.licenseKey.slice(-5));
      }
      expect(await reveals()).toHaveLength(before);
    });

    it('searches by exact key, last group, product id or title and order-id prefix', async () => {
      const q = search;
      expect(await q(plain(sold))).toEqual([sold.id]);
      expect(await q(`  ${plain(sold).toLowerCase()} `)).toEqual([sold.id]);
      expect(await q(HOME.slice(-5).toLowerCase())).toEqual([home.id]);
      expect(await q(HOME_BUSINESS)).toEqual([home.id]);
      expect(await q(STANDARD)).toEqual([sold.id, spare.id].sort());
      expect(await q(order.orderId.slice(0, 8))).toEqual([sold.id]);
      expect(await q(order.orderId.toUpperCase())).toEqual([sold.id]);
      // By the product's title, as the table shows it: any part of it, in any case.
      expect(await q('Home & Business')).toEqual([home.id]);
      expect(await q('office 2024 standard')).toEqual([sold.id, spare.id].sort());
      expect(await q('Office 2024')).toEqual([sold.id, spare.id, home.id].sort());
      expect(await q('no such thing')).toEqual([]);
      const none = await list({ filter: { q: 'no such thing' } }).expect(200);
      expect(none.headers['content-range']).toBe('license-keys */0');
    });

    it("searches by the first 3 to 5 characters of any of a key's groups, or of several typed from the start", async () => {
      const q = search;
      const groups = plain(sold).split('-');
      // The first group, whole or begun.
      expect(await q('QWRTY')).toEqual([sold.id, spare.id].sort());
      expect(await q('qwr')).toEqual([sold.id, spare.id].sort());
      expect(await q('homeb')).toEqual([home.id]);
      // A middle group's start, and the last group's.
      expect(await q(groups[2]!.slice(0, 3))).toEqual([sold.id]);
      expect(await q(groups[2]!.slice(0, 4).toLowerCase())).toEqual([sold.id]);
      expect(await q('ZZZ')).toEqual([sold.id, spare.id, home.id].sort());
      // Groups typed from the start of the key: each part must be in the same key.
      expect(await q(plain(sold).slice(0, 9))).toEqual([sold.id]);
      expect(await q(plain(sold).slice(0, 11))).toEqual([sold.id]);
      expect(await q(`${groups[0]} ${groups[1]} ${groups[2]!.slice(0, 3)}`)).toEqual([sold.id]);
      expect(await q(plain(sold).slice(0, 23))).toEqual([sold.id]);
      expect(await q('QWRTY-XYZXY')).toEqual([]);
      // Parts of one or two characters are not searched: a group being typed, or nothing.
      expect(await q('QWRTY-X')).toEqual([sold.id, spare.id].sort());
      expect(await q('QW')).toEqual([]);
      expect(await q('Z')).toEqual([]);
      expect(await q('QW-ZZ')).toEqual([]);
      // Not a group's start, or more than a group.
      expect(await q('WRTY')).toEqual([]);
      expect(await q('QWRTYZ')).toEqual([]);
      expect(await q(plain(sold).replace(/-/g, ''))).toEqual([]);
    });

    it('filters by status, product, assignment and ids', async () => {
      const f = async (filter: object) => ids(await list({ filter }).expect(200)).sort();
      expect(await f({ status: 'revoked' })).toEqual([spare.id]);
      expect(await f({ status: 'active' })).toEqual([sold.id, home.id].sort());
      expect(await f({ status: 'expired' })).toEqual([]);
      expect(await f({ productId: HOME_BUSINESS })).toEqual([home.id]);
      expect(await f({ assigned: true })).toEqual([sold.id]);
      expect(await f({ assigned: false })).toEqual([spare.id, home.id].sort());
      expect(await f({ assigned: false, productId: STANDARD })).toEqual([spare.id]);
      expect(await f({ id: [sold.id, home.id] })).toEqual([sold.id, home.id].sort());
      expect(await f({ id: [] })).toEqual([]);
    });

    it('sorts and pages in the database', async () => {
      const sorted = async (sort: [string, string]) => ids(await list({ sort }).expect(200));
      expect((await sorted(['activationCount', 'DESC']))[0]).toBe(home.id);
      expect((await sorted(['activationCount', 'ASC'])).at(-1)).toBe(home.id);
      expect((await sorted(['status', 'DESC']))[0]).toBe(spare.id);
      expect((await sorted(['productId', 'ASC']))[0]).toBe(home.id);
      expect((await sorted(['productId', 'DESC'])).at(-1)).toBe(home.id);
      await list({ sort: ['createdAt', 'ASC'] }).expect(200);
      const page = await list({ sort: ['activationCount', 'DESC'], range: [1, 1] }).expect(200);
      expect(page.headers['content-range']).toBe('license-keys 1-1/3');
      expect(page.body).toHaveLength(1);
      expect(page.body[0].id).not.toBe(home.id);
    });

    it('refuses bad filter, sort and range values with 400', async () => {
      const cases: [object, string][] = [
        [{ filter: { status: 'lost' } }, 'filter status must be one of active, revoked, expired, faulty'],
        [
          { filter: { productId: 'office-2024-home' } },
          'filter productId must be one of office-2024-standard, office-2024-home-business, office-2024-professional-plus',
        ],
        [{ filter: { assigned: 'yes' } }, 'filter assigned must be true or false'],
        [{ filter: { keyLookup: 'x' } }, 'filter keyLookup is not supported'],
        [{ filter: { id: 'x' } }, 'filter id must be a list of at most 500 strings'],
        [
          { sort: ['keyCiphertext', 'ASC'] },
          'sort field must be one of createdAt, status, productId, activationCount',
        ],
        [{ range: [0, 1000] }, 'range may cover at most 500 rows'],
      ];
      for (const [params, message] of cases) {
        const res = await list(params as Parameters<typeof list>[0]).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message,
          error: 'Bad Request',
          requestId: expect.any(String),
        });
      }
    });
  });

  describe('one key', () => {
    it('shows a key in full to an admin (audited) and masked to support; 404 otherwise', async () => {
      const res = await get(`${BASE}/${sold.id}`).expect(200);
      expect(res.body).toEqual({
        id: sold.id,
        orderId: order.orderId,
        productId: STANDARD,
        licenseKey: plain(sold),
        activationCount: 0,
        activationLimit: 1,
        status: 'active',
        reserved: false,
        batchId: null,
        costCents: null,
        createdAt: expect.any(String),
      });
      expect((await reveals()).at(-1)).toMatchObject({
        resourceId: sold.id,
        after: { licenseKeyIds: [sold.id] },
      });
      const before = (await reveals()).length;
      const masked = await get(`${BASE}/${sold.id}`, support).expect(200);
      expect(masked.body.licenseKey).toBe(`XXXXX-XXXXX-XXXXX-XXXXX-${plain(sold).slice(-5)}`);
      expect(await reveals()).toHaveLength(before);
      await get(`${BASE}/${UNKNOWN_ID}`).expect(404);
      await get(`${BASE}/not-an-id`).expect(404);
    });
  });

  describe('create', () => {
    /** Paid while Pro Plus and Standard were out of stock: it waits for 2 + 1 keys. */
    let waiting: Intent;
    beforeAll(async () => {
      waiting = await buyWithDemo(
        t,
        [
          { id: PRO_PLUS, quantity: 2 },
          { id: STANDARD, quantity: 1 },
        ],
        'waits@example.com',
      );
    });
    const post = (body: object, auth = admin) => t.http().post(BASE).set('authorization', auth).send(body);
    const valid = () => ({
      orderId: waiting.orderId,
      productId: STANDARD,
      licenseKey: '  abcde-fghij-klmno-pqrst-uvw12 ',
    });
    const deliveryEmails = () =>
      t.db.getRepository(OutboxEmail).countBy({ orderId: waiting.orderId, kind: 'order-delivery' });

    it('creates a key for an order: upper-cased, assigned, audited without the key', async () => {
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: waiting.orderId })).toMatchObject({
        status: 'processing',
        awaitingKeys: true,
      });
      expect(await deliveryEmails()).toBe(1);
      const res = await post(valid()).expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        orderId: waiting.orderId,
        productId: STANDARD,
        licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW12',
        activationCount: 0,
        activationLimit: 1,
        status: 'active',
        reserved: false,
        batchId: null,
        costCents: null,
        createdAt: expect.any(String),
      });
      const stored = await t.db.getRepository(LicenseKey).findOneByOrFail({ id: res.body.id });
      expect(stored).toMatchObject({ orderId: waiting.orderId, keyLastGroup: 'UVW12', status: 'active' });
      expect(stored.assignedAt).toBeInstanceOf(Date);
      expect(plain(stored)).toBe('ABCDE-FGHIJ-KLMNO-PQRST-UVW12');
      const [entry] = await t.db
        .getRepository(AuditEntry)
        .findBy({ action: 'license-keys.create', resourceId: res.body.id });
      expect(entry!.after).toEqual({
        orderId: waiting.orderId,
        productId: STANDARD,
        activationLimit: 1,
        status: 'active',
        keyLastGroup: 'UVW12',
        batchId: null,
        costCents: null,
      });
      expect(JSON.stringify(entry)).not.toContain('ABCDE-FGHIJ');
      expect(await search('fghi')).toEqual([res.body.id]);
      expect(await search('PQRST-KLM')).toEqual([res.body.id]);
      // Delivered as when stock arrives: the customer gets this key; the order still waits for Pro Plus.
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: waiting.orderId })).toMatchObject({
        status: 'processing',
        awaitingKeys: true,
      });
      expect(await deliveryEmails()).toBe(2);

      const limited = await post({
        ...valid(),
        licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW13',
        productId: PRO_PLUS,
        activationLimit: 5,
      }).expect(201);
      expect(limited.body).toMatchObject({ productId: PRO_PLUS, activationLimit: 5 });
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: waiting.orderId })).toMatchObject({
        status: 'processing',
        awaitingKeys: true,
      });
    });

    it('completes a waiting order with its last key, e-mailing once; refuses keys the order has no room for', async () => {
      const emails = await deliveryEmails();
      const notInOrder = await post({
        ...valid(),
        productId: HOME_BUSINESS,
        licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW20',
      });
      expect(notInOrder.status).toBe(400);
      expect(notInOrder.body).toEqual({
        statusCode: 400,
        message: 'This order does not contain office-2024-home-business',
        error: 'Bad Request',
        requestId: expect.any(String),
      });

      await post({ ...valid(), productId: PRO_PLUS, licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW21' }).expect(
        201,
      );
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: waiting.orderId })).toMatchObject({
        status: 'fulfilled',
        awaitingKeys: false,
      });
      expect(await deliveryEmails()).toBe(emails + 1);
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: waiting.orderId })).toBe(3);

      // Beyond the quantity: refused, nothing stored, no e-mail.
      for (const productId of [PRO_PLUS, STANDARD]) {
        const res = await post({ ...valid(), productId, licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW22' });
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(
          /^This order already has its (1 licence key|2 licence keys) for office-2024-/,
        );
      }
      const full = await post({
        ...valid(),
        orderId: order.orderId,
        licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW22',
      });
      expect(full.status).toBe(409);
      expect(full.body.message).toBe(
        'This order already has its 1 licence key for office-2024-standard; revoke one to replace it',
      );
      expect(await deliveryEmails()).toBe(emails + 1);
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: waiting.orderId })).toBe(3);

      // An unpaid order gets its keys when it is paid, not before.
      const unpaid = (await createIntent(t, { cartItems: [{ id: STANDARD, quantity: 1 }] }).expect(201)).body;
      const early = await post({
        ...valid(),
        orderId: unpaid.orderId,
        licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW22',
      });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe("Keys are given to paid orders; this order's payment is pending");
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: unpaid.orderId })).toBe(0);
    });

    it('gives the last key an order lacks to one of two concurrent requests', async () => {
      const solo = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'solo@example.com');
      const results = await Promise.all(
        ['UVW31', 'UVW32'].map((group) =>
          post({
            orderId: solo.orderId,
            productId: PRO_PLUS,
            licenseKey: `ABCDE-FGHIJ-KLMNO-PQRST-${group}`,
          }),
        ),
      );
      expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: solo.orderId })).toBe(1);
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: solo.orderId })).toMatchObject({
        status: 'fulfilled',
        awaitingKeys: false,
      });
      expect(
        await t.db.getRepository(OutboxEmail).countBy({ orderId: solo.orderId, kind: 'order-delivery' }),
      ).toBe(2);
    });

    it('replaces a revoked key, and a resent e-mail holds the replacement instead of the revoked key', async () => {
      await t.app
        .get(InventoryService)
        .importKeys([{ productId: PRO_PLUS, licenseKey: 'REPLA-CEMEN-TKEYA-BCDEF-GH100' }]);
      const buyer = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 1 }], 'replace@example.com');
      const [first] = await t.db.getRepository(LicenseKey).findBy({ orderId: buyer.orderId });
      await t
        .http()
        .put(`${BASE}/${first!.id}`)
        .set('authorization', admin)
        .send({ status: 'revoked' })
        .expect(200);
      const replacement = 'REPLA-CEMEN-TKEYA-BCDEF-GH123';
      await post({ orderId: buyer.orderId, productId: PRO_PLUS, licenseKey: replacement }).expect(201);
      // The order now has its one working key again: no room for another.
      const another = await post({
        orderId: buyer.orderId,
        productId: PRO_PLUS,
        licenseKey: 'REPLA-CEMEN-TKEYA-BCDEF-GH124',
      });
      expect(another.status).toBe(409);

      const resend = await t
        .http()
        .post(`/api/admin/orders/${buyer.orderId}/resend-email`)
        .set('authorization', admin)
        .expect(202);
      const { text } = await t.app.get(OutboxService).read(resend.body.emailId);
      expect(text).toContain(replacement);
      expect(text).not.toContain(plain(first!));
    });

    it('puts a key typed in without an order into the inventory, where a waiting order takes it', async () => {
      const stock = await post({
        productId: HOME_BUSINESS,
        licenseKey: 'STOCK-11111-22222-33333-ZZZE5',
        orderId: '',
      }).expect(201);
      expect(stock.body).toMatchObject({ orderId: null, productId: HOME_BUSINESS, status: 'active' });
      expect(await t.db.getRepository(LicenseKey).findOneByOrFail({ id: stock.body.id })).toMatchObject({
        orderId: null,
        assignedAt: null,
      });
      const [entry] = await t.db
        .getRepository(AuditEntry)
        .findBy({ action: 'license-keys.create', resourceId: stock.body.id });
      expect(entry!.after).toMatchObject({ orderId: null, productId: HOME_BUSINESS, keyLastGroup: 'ZZZE5' });
      await post({ productId: HOME_BUSINESS, licenseKey: 'stock-11111-22222-33333-zzze5' }).expect(409);

      // A paid order waiting for a Home & Business key (the two in stock are not enough) gets the next one.
      const waitingForHome = await buyWithDemo(
        t,
        [{ id: HOME_BUSINESS, quantity: 3 }],
        'wants.home@example.com',
      );
      expect(await t.db.getRepository(Order).findOneByOrFail({ id: waitingForHome.orderId })).toMatchObject({
        awaitingKeys: true,
      });
      const next = await post({
        productId: HOME_BUSINESS,
        licenseKey: 'STOCK-44444-55555-66666-ZZZF6',
      }).expect(201);
      expect(next.body.orderId).toBe(waitingForHome.orderId);
    });

    it("answers the spec's messages for missing and invalid fields", async () => {
      const messages = async (body: object) => problemsOrMessage((await post(body).expect(400)).body);
      // No order is a key for the inventory: only the product and the key are required.
      expect(await messages({})).toEqual(['Product ID is required', 'License key is required']);
      expect(await messages({ orderId: ' ', productId: '', licenseKey: '   ' })).toEqual([
        'Product ID is required',
        'License key is required',
      ]);
      expect(await messages({ ...valid(), activationLimit: 0 })).toEqual([
        'Activation limit must be at least 1',
      ]);
      expect(await messages({ ...valid(), activationLimit: 1.5 })).toEqual([
        'Activation limit must be a whole number',
      ]);
      expect(await messages({ ...valid(), productId: 'office-2024-home' })).toEqual([PRODUCT_MESSAGE]);
      expect(await messages({ ...valid(), licenseKey: 'ABCDE-FGHIJ' })).toEqual([FORMAT_MESSAGE]);
      expect(await messages({ ...valid(), licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW1!' })).toEqual([
        FORMAT_MESSAGE,
      ]);
      expect(await messages({ ...valid(), status: 'revoked' })).toEqual(['property status should not exist']);
      expect(await messages({ ...valid(), orderId: UNKNOWN_ID })).toBe('Order ID does not match any order');
      expect(await messages({ ...valid(), orderId: 'not-an-order' })).toBe(
        'Order ID does not match any order',
      );
    });

    it('refuses a key that already exists (409), in any case', async () => {
      const res = await post({ ...valid(), licenseKey: STD_2.toLowerCase() }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message: 'This license key already exists',
        error: 'Conflict',
        requestId: expect.any(String),
      });
      await post({ ...valid(), licenseKey: 'ABCDE-FGHIJ-KLMNO-PQRST-UVW12' }).expect(409);
    });
  });

  describe('status changes', () => {
    const put = (id: string, body: object, auth = admin) =>
      t.http().put(`${BASE}/${id}`).set('authorization', auth).send(body);

    it('revokes an active key and re-activates it, recording before and after', async () => {
      const revoked = await put(sold.id, { status: 'revoked' }).expect(200);
      expect(revoked.body).toMatchObject({ id: sold.id, status: 'revoked', licenseKey: plain(sold) });
      const active = await put(sold.id, { status: 'active' }).expect(200);
      expect(active.body).toMatchObject({ id: sold.id, status: 'active' });
      const entries = await t.db
        .getRepository(AuditEntry)
        .find({ where: { action: 'license-keys.update', resourceId: sold.id }, order: { id: 'ASC' } });
      expect(entries.map((e) => [e.before, e.after])).toEqual([
        [{ status: 'active' }, { status: 'revoked' }],
        [{ status: 'revoked' }, { status: 'active' }],
      ]);
    });

    it('sets an expired key active again', async () => {
      await t.db.getRepository(LicenseKey).update(home.id, { status: 'expired' });
      await put(home.id, { status: 'active' }).expect(200);
      expect((await t.db.getRepository(LicenseKey).findOneByOrFail({ id: home.id })).status).toBe('active');
    });

    it('refuses every other change with 400', async () => {
      const message = async (id: string, body: object) =>
        problemsOrMessage((await put(id, body).expect(400)).body);
      expect(await message(sold.id, { status: 'active' })).toBe('This license key is already active');
      expect(await message(sold.id, { status: 'expired' })).toBe('An active license key can only be revoked');
      // Faulty comes only with a replacement from the key's report (key-reports), and is final.
      expect(await message(sold.id, { status: 'faulty' })).toBe('An active license key can only be revoked');
      expect(await message(spare.id, { status: 'revoked' })).toBe('This license key is already revoked');
      expect(await message(spare.id, { status: 'expired' })).toBe(
        'A revoked license key can only be set to active',
      );
      await t.db.getRepository(LicenseKey).update(home.id, { status: 'expired' });
      expect(await message(home.id, { status: 'revoked' })).toBe(
        'An expired license key can only be set to active',
      );
      await t.db.getRepository(LicenseKey).update(home.id, { status: 'faulty' });
      expect(await message(home.id, { status: 'active' })).toBe('A faulty license key cannot be changed');
      await t.db.getRepository(LicenseKey).update(home.id, { status: 'expired' });
      expect(await message(sold.id, { status: 'lost' })).toEqual([
        'status must be one of active, revoked, expired, faulty',
      ]);
      expect(await message(sold.id, {})).toEqual(['status is required']);
      expect(await message(sold.id, { status: 'revoked', activationLimit: 9 })).toEqual([
        'property activationLimit should not exist',
      ]);
      expect(await message(sold.id, { licenseKey: STD_1 })).toEqual([
        'property licenseKey should not exist',
        'status is required',
      ]);
      await put(UNKNOWN_ID, { status: 'revoked' }).expect(404);
      expect((await t.db.getRepository(LicenseKey).findOneByOrFail({ id: sold.id })).status).toBe('active');
    });

    it('makes a key active again only within its order’s quantity, and only for a paid order (409)', async () => {
      const FULL = `This order already has its 1 licence key for ${STANDARD}; revoke one to replace it`;
      const conflict = async (id: string) => (await put(id, { status: 'active' }).expect(409)).body.message;
      // The order holds one Standard: revoked, replaced by a key typed in by staff.
      await put(sold.id, { status: 'revoked' }).expect(200);
      const replacement = await t
        .http()
        .post(BASE)
        .set('authorization', admin)
        .send({ orderId: order.orderId, productId: STANDARD, licenseKey: 'RPLCE-11111-22222-33333-ZZZD4' })
        .expect(201);
      expect(await conflict(sold.id)).toBe(FULL);
      expect((await t.db.getRepository(LicenseKey).findOneByOrFail({ id: sold.id })).status).toBe('revoked');
      // The replacement revoked in turn leaves room for the first key again.
      await put(replacement.body.id, { status: 'revoked' }).expect(200);
      await put(sold.id, { status: 'active' }).expect(200);
      // A refunded order gets no key back.
      await put(sold.id, { status: 'revoked' }).expect(200);
      await t.db.getRepository(Order).update(order.orderId, { paymentStatus: 'refunded' });
      try {
        expect(await conflict(sold.id)).toBe(
          "Keys are given to paid orders; this order's payment is refunded",
        );
      } finally {
        await t.db.getRepository(Order).update(order.orderId, { paymentStatus: 'completed' });
      }
      await put(sold.id, { status: 'active' }).expect(200);
    });
  });

  describe('import', () => {
    const csvBody = (text: string, auth = admin) =>
      t.http().post(`${BASE}/import`).set('authorization', auth).set('content-type', 'text/csv').send(text);
    const upload = (text: string | Buffer, auth = admin, field = 'keys') =>
      t
        .http()
        .post(`${BASE}/import`)
        .set('authorization', auth)
        .attach(field, Buffer.isBuffer(text) ? text : Buffer.from(text), {
          filename: 'keys.csv',
          contentType: 'text/csv',
        });

    it('imports a text/csv body: counts, duplicates in the file and the database, invalid rows by line', async () => {
      const csv = [
        'productId,licenseKey,activationLimit',
        `${STANDARD},IMPRT-00000-00000-00000-AAAA1,2`,
        '',
        `${HOME_BUSINESS}, imprt-00000-00000-00000-aaaa2 ,`,
        `${STANDARD},IMPRT-00000-00000-00000-AAAA1`,
        `${STANDARD},${STD_1}`,
        `office-2024-home,IMPRT-00000-00000-00000-AAAA3`,
        `${STANDARD},not-a-key`,
        `${STANDARD},IMPRT-00000-00000-00000-AAAA4,0`,
        `${STANDARD},`,
        ',,',
        `${PRO_PLUS},IMPRT-00000-00000-00000-AAAA5,x`,
      ].join('\r\n');
      const res = await csvBody(csv).expect(200);
      expect(res.body).toEqual({
        imported: 2,
        duplicates: 2,
        invalid: [
          { line: 7, reason: 'Unknown product ID "office-2024-home"' },
          { line: 8, reason: FORMAT_MESSAGE },
          { line: 9, reason: 'Activation limit must be a whole number of at least 1' },
          { line: 10, reason: 'License key is required' },
          { line: 12, reason: 'Activation limit must be a whole number of at least 1' },
        ],
        ordersCompleted: 0,
      });
      const cipher = t.app.get(LicenseKeyCipher);
      const first = await t.db
        .getRepository(LicenseKey)
        .findOneByOrFail({ keyLookup: cipher.lookupHash('IMPRT-00000-00000-00000-AAAA1') });
      expect(first).toMatchObject({
        productId: STANDARD,
        orderId: null,
        activationLimit: 2,
        status: 'active',
      });
      const second = await t.db
        .getRepository(LicenseKey)
        .findOneByOrFail({ keyLookup: cipher.lookupHash('IMPRT-00000-00000-00000-AAAA2') });
      expect(second).toMatchObject({ productId: HOME_BUSINESS, activationLimit: 1 });
      expect(await search('imprt')).toEqual([first.id, second.id].sort());
      expect(await search('IMPRT-00000-00000-00000-AAA')).toEqual([first.id, second.id].sort());

      const [entry] = await t.db
        .getRepository(AuditEntry)
        .find({ where: { action: 'license-keys.import' }, order: { id: 'DESC' }, take: 1 });
      expect(entry!.after).toEqual({ rows: 9, imported: 2, duplicates: 2, invalid: 5, ordersCompleted: 0 });
    });

    it('imports a multipart upload, with columns in any order and a byte-order mark', async () => {
      const csv = `\ufeffLicense Key,notes,product_id\nIMPRT-00000-00000-00000-BBBB1,first,${STANDARD}\nIMPRT-00000-00000-00000-AAAA1,dup,${STANDARD}\n"IMPRT-00000-00000-00000-BBBB2","with ""quotes""",${PRO_PLUS}\n`;
      const res = await upload(csv).expect(200);
      expect(res.body).toEqual({ imported: 2, duplicates: 1, invalid: [], ordersCompleted: 0 });
      expect((await upload('productId,licenseKey\n', admin, 'file').expect(200)).body).toEqual({
        imported: 0,
        duplicates: 0,
        invalid: [],
        ordersCompleted: 0,
      });
    });

    it('refuses files it cannot use with a clear 400, 413 or 415', async () => {
      const message = async (req: ReturnType<typeof csvBody>, status = 400) =>
        (await req.expect(status)).body.message;
      expect(await message(csvBody(`productId,key\n${STANDARD},${STD_1}\n`))).toBe(
        'The header row has no licenseKey column (expected productId, licenseKey, activationLimit; activationLimit is optional)',
      );
      expect(await message(upload(`licenseKey\n${STD_1}\n`))).toMatch(
        /^The header row has no productId column/,
      );
      expect(await message(csvBody(''))).toBe('The file is empty: it needs a header row');
      expect(await message(csvBody('productId,licenseKey,productId\n'))).toBe(
        'The header row names the productId column more than once',
      );
      expect(await message(csvBody(`productId,licenseKey\n${STANDARD},"ABCDE\n`))).toBe(
        'The file is not valid CSV (line 2): a quoted value is not closed',
      );
      const rows = Array.from({ length: 10_001 }, () => `${STANDARD},${STD_1}`);
      expect(await message(csvBody(['productId,licenseKey', ...rows].join('\n')))).toBe(
        'The file has 10001 rows; import at most 10000 at a time',
      );
      const huge = `productId,licenseKey\n${`${STANDARD},${STD_1}\n`.repeat(25_000)}`;
      expect(huge.length).toBeGreaterThan(1024 * 1024);
      await csvBody(huge).expect(413);
      await upload(huge).expect(413);
      const json = await t
        .http()
        .post(`${BASE}/import`)
        .set('authorization', admin)
        .send({ csv: 'productId,licenseKey' })
        .expect(415);
      expect(json.body.message).toBe(
        'Send the CSV as a text/csv body or as a file in a multipart/form-data upload',
      );
      const noFile = await t
        .http()
        .post(`${BASE}/import`)
        .set('authorization', admin)
        .field('note', 'no file here')
        .expect(400);
      expect(noFile.body.message).toBe('Upload one CSV file');
      const form = (contentType: string, body: string) =>
        t
          .http()
          .post(`${BASE}/import`)
          .set('authorization', admin)
          .set('content-type', contentType)
          .send(body)
          .expect(400);
      const cutShort = `--b\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\n\r\nproductId,lic`;
      for (const res of [
        await form('multipart/form-data; boundary=b', cutShort),
        await form('multipart/form-data', `${cutShort}\r\n--b--\r\n`),
        await form('multipart/form-data; boundary=b', ''),
      ])
        expect(res.body.message).toBe('The multipart upload is malformed');
    });
  });

  describe('roles', () => {
    it('lets support read but not change anything (403), and nobody in without a token (401)', async () => {
      await t.http().post(BASE).set('authorization', support).send({}).expect(403);
      await t
        .http()
        .put(`${BASE}/${sold.id}`)
        .set('authorization', support)
        .send({ status: 'revoked' })
        .expect(403);
      await t
        .http()
        .post(`${BASE}/import`)
        .set('authorization', support)
        .set('content-type', 'text/csv')
        .send(`productId,licenseKey\n${STANDARD},IMPRT-00000-00000-00000-CCCC1\n`)
        .expect(403);
      await t
        .http()
        .post(`${BASE}/import`)
        .set('authorization', support)
        .attach('file', Buffer.from('productId,licenseKey\n'), 'keys.csv')
        .expect(403);
      expect(await t.db.getRepository(LicenseKey).countBy({ keyLastGroup: 'CCCC1' })).toBe(0);
      await t.http().get(BASE).expect(401);
      await t.http().get(`${BASE}/${sold.id}`).expect(401);
      await t.http().post(BASE).send({}).expect(401);
      await t.http().put(`${BASE}/${sold.id}`).send({ status: 'revoked' }).expect(401);
      await t
        .http()
        .post(`${BASE}/import`)
        .set('content-type', 'text/csv')
        .send('productId,licenseKey\n')
        .expect(401);
    });

    it('documents every route in the OpenAPI document', async () => {
      const doc = await get('/api/docs-json').expect(200);
      expect(Object.keys(doc.body.paths[BASE])).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(doc.body.paths[`${BASE}/{id}`])).toEqual(expect.arrayContaining(['get', 'put']));
      expect(Object.keys(doc.body.paths[`${BASE}/import`].post.requestBody.content)).toEqual([
        'text/csv',
        'multipart/form-data',
      ]);
    });
  });
});

describe(`back office: licence key import completes waiting orders on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', SEED_DEMO_KEYS: '0' });
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  it('fulfils an order that was waiting for keys once they are imported', async () => {
    const intent = await buyWithDemo(t, [{ id: PRO_PLUS, quantity: 2 }], 'waiting@example.com');
    const orders = t.db.getRepository(Order);
    expect(await orders.findOneByOrFail({ id: intent.orderId })).toMatchObject({
      paymentStatus: 'completed',
      status: 'processing',
      awaitingKeys: true,
    });

    const one = await t
      .http()
      .post('/api/admin/license-keys/import')
      .set('authorization', admin)
      .set('content-type', 'text/csv; charset=utf-8')
      .send(`productId,licenseKey\n${PRO_PLUS},WAITS-00000-00000-00000-KEYA1\n`)
      .expect(200);
    expect(one.body).toEqual({ imported: 1, duplicates: 0, invalid: [], ordersCompleted: 0 });
    expect((await orders.findOneByOrFail({ id: intent.orderId })).awaitingKeys).toBe(true);

    const two = await t
      .http()
      .post('/api/admin/license-keys/import')
      .set('authorization', admin)
      .attach(
        'file',
        Buffer.from(`productId,licenseKey\n${PRO_PLUS},WAITS-00000-00000-00000-KEYA2\n`),
        'keys.csv',
      )
      .expect(200);
    expect(two.body).toEqual({ imported: 1, duplicates: 0, invalid: [], ordersCompleted: 1 });
    expect(await orders.findOneByOrFail({ id: intent.orderId })).toMatchObject({
      status: 'fulfilled',
      awaitingKeys: false,
    });
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(2);
  });

  it('gives a re-activated inventory key to a paid order waiting for one', async () => {
    const [spareKey] = await t.app
      .get(InventoryService)
      .importKeys([{ productId: HOME_BUSINESS, licenseKey: 'REACT-IVATE-00000-00000-KEYB1' }])
      .then(async () =>
        t.db.getRepository(LicenseKey).findBy({ productId: HOME_BUSINESS, orderId: IsNull() }),
      );
    const put = (status: string) =>
      t.http().put(`/api/admin/license-keys/${spareKey!.id}`).set('authorization', admin).send({ status });
    await put('revoked').expect(200);
    const intent = await buyWithDemo(t, [{ id: HOME_BUSINESS, quantity: 1 }], 'reactivated@example.com');
    const orders = t.db.getRepository(Order);
    expect((await orders.findOneByOrFail({ id: intent.orderId })).awaitingKeys).toBe(true);

    await put('active').expect(200);
    expect(await orders.findOneByOrFail({ id: intent.orderId })).toMatchObject({
      status: 'fulfilled',
      awaitingKeys: false,
    });
    expect((await t.db.getRepository(LicenseKey).findOneByOrFail({ id: spareKey!.id })).orderId).toBe(
      intent.orderId,
    );
  });

  it('masks a key whose ciphertext was altered instead of failing the whole list', async () => {
    const keys = t.db.getRepository(LicenseKey);
    const [bad, good] = await keys.find({ order: { id: 'ASC' } });
    const sealed = bad!.keyCiphertext;
    await keys.update(bad!.id, { keyCiphertext: `${sealed.slice(0, -4)}AAAA` });
    const res = await t.http().get('/api/admin/license-keys').set('authorization', admin).expect(200);
    const byId = new Map((res.body as Row[]).map((row) => [row.id, row.licenseKey]));
    expect(byId.get(bad!.id)).toBe(`XXXXX-XXXXX-XXXXX-XXXXX-${bad!.keyLastGroup}`);
    expect(byId.get(good!.id)).toBe(t.app.get(LicenseKeyCipher).decrypt(good!.keyCiphertext));
    const [reveal] = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'license-keys.reveal' }, order: { id: 'DESC' }, take: 1 });
    // Every key of the page is revealed and recorded, except the one that does not open.
    const revealed = (reveal!.after as { licenseKeyIds: string[] }).licenseKeyIds;
    expect(revealed).toContain(good!.id);
    expect(revealed).not.toContain(bad!.id);
    expect(revealed).toHaveLength(byId.size - 1);
    await keys.update(bad!.id, { keyCiphertext: sealed });
  });
});
