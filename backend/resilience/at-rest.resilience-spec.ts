// Licence keys at rest: after keys are bought and delivered (demo payments, real SMTP), no delivered key
// (nor any key of the inventory) is anywhere on disk or in the server's logs in clear, or in a trivial
// encoding of it; and a stored ciphertext altered by one byte fails closed: every read shows the key as
// unavailable (masked, flagged), the operations that need it answer a JSON 409 and send nothing, and no
// answer is a 500 or carries what the altered bytes decrypt to.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BILLING, HOME_BUSINESS, PRO_PLUS, STANDARD } from '../test/support/checkout.js';
import { errorAnswerProblems, rawRequest } from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { outboxSettled } from './support/shoppers.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

const KEY = /\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b/g;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const newKey = () =>
  Array.from({ length: 5 }, () =>
    Array.from(randomBytes(5), (b) => ALPHABET[b % ALPHABET.length]).join(''),
  ).join('-');

/** The key as it might be stored by mistake: in clear, without hyphens, lower case, hex, base64. */
const encodings = (key: string) => [
  key,
  key.replace(/-/g, ''),
  key.toLowerCase(),
  Buffer.from(key).toString('hex'),
  Buffer.from(key).toString('base64').replace(/=+$/, ''),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Three delivery e-mails and two access links. */
const EXPECTED_EMAILS = 5;

let requests = 0;
let serverErrors = 0;

describe(`licence keys at rest (${DRIVER})`, () => {
  let h: StoreHarness;
  let admin: string;
  const inventory: string[] = [];
  const delivered: string[] = [];
  const orders: string[] = [];
  const buyer = `at-rest-${randomBytes(3).toString('hex')}@example.com`;

  const request = async (...args: Parameters<StoreHarness['request']>) => {
    requests++;
    const res = await h.request(...args);
    if (res.status >= 500) serverErrors++;
    return res;
  };

  async function waitForMail(count: number, what: string) {
    const deadline = Date.now() + 30_000;
    while (h.mail.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`${what}: ${h.mail.received.length} of ${count} e-mails arrived`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A sign-in link for the buyer, from the e-mail it receives; answers the customer's bearer token. */
  async function customerToken(): Promise<string> {
    const before = h.mail.received.length;
    const res = await request('POST', '/api/account/link', {
      json: { email: buyer },
      headers: { 'x-forwarded-for': `10.71.${before}.1` },
    });
    expect(res.status).toBe(202);
    await waitForMail(before + 1, 'access link');
    const mail = h.mail.received[before]!;
    const token = /account\?token=([^\s"'<>&]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    return `Bearer ${decodeURIComponent(token!)}`;
  }

  beforeAll(async () => {
    h = await StoreHarness.start();
    admin = await h.adminAuth();
    requests++;
    for (const product of [STANDARD, HOME_BUSINESS, PRO_PLUS])
      for (let i = 0; i < 4; i++) inventory.push(`${product},${newKey()}`);
    const imported = await rawRequest(h, 'POST', '/api/admin/license-keys/import', {
      headers: { authorization: admin, 'content-type': 'text/csv' },
      body: `productId,licenseKey\n${inventory.join('\n')}\n`,
    });
    requests++;
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: inventory.length });

    // Three orders, five units, paid with the demo provider; each e-mails its keys.
    const carts = [
      [{ id: STANDARD, quantity: 2 }],
      [{ id: HOME_BUSINESS, quantity: 1 }],
      [
        { id: PRO_PLUS, quantity: 1 },
        { id: STANDARD, quantity: 1 },
      ],
    ];
    for (const [i, cartItems] of carts.entries()) {
      const headers = { 'x-forwarded-for': `10.70.0.${i + 1}` };
      const intent = await request('POST', '/api/create-payment-intent', {
        json: { cartItems, billing: { ...BILLING, email: buyer } },
        headers,
      });
      expect(intent.status).toBe(201);
      const { orderId, clientSecret } = intent.body as { orderId: string; clientSecret: string };
      orders.push(orderId);
      expect(
        (await request('POST', '/api/payments/demo/confirm', { json: { orderId, clientSecret }, headers }))
          .status,
      ).toBe(200);
    }
    await waitForMail(carts.length, 'delivery e-mails');
    for (const mail of h.mail.received) delivered.push(...((mail.text ?? '').match(KEY) ?? []));
  });

  afterAll(async () => {
    recordFigures('at-rest', {
      requests,
      serverErrors,
      keysDelivered: delivered.length,
      duplicates: delivered.length - new Set(delivered).size,
      emailsSent: h?.mail.received.length ?? 0,
      // Three deliveries and two access links were asked for; the refused resend sends none.
      emailsLost: Math.max(0, EXPECTED_EMAILS - (h?.mail.received.length ?? 0)),
    });
    await h?.close();
  });

  it('delivered every unit a key of its inventory, by e-mail', () => {
    expect(delivered).toHaveLength(5);
    expect(new Set(delivered).size).toBe(5);
    const stock = inventory.map((row) => row.split(',')[1]!);
    for (const key of delivered) expect(stock).toContain(key);
  });

  it('shows the customer their keys in full through the access link', async () => {
    const res = await request('GET', '/api/account/orders', {
      headers: { authorization: await customerToken() },
    });
    expect(res.status).toBe(200);
    const keys = (res.body as { licenseKeys: { licenseKey: string; available: boolean }[] }[]).flatMap(
      (o) => o.licenseKeys,
    );
    expect(keys.map((k) => k.licenseKey).sort()).toEqual([...delivered].sort());
    expect(keys.every((k) => k.available)).toBe(true);
  });

  it('keeps no key in clear anywhere on disk: database files (WAL included) or table rows, mail files, logs', async () => {
    const keys = inventory.map((row) => row.split(',')[1]!);
    const found: string[] = [];
    const search = (where: string, text: string) => {
      for (const key of keys)
        for (const form of encodings(key)) if (text.includes(form)) found.push(`${form} in ${where}`);
    };
    if (DRIVER === 'sqlite') {
      const files = h.db.filesOnDisk();
      expect(files.some((f) => f.endsWith('store.sqlite'))).toBe(true);
      for (const file of files) search(file, readFileSync(file).toString('latin1'));
    } else {
      const tables = await h.db.query<{ name: string }>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
      );
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['license_keys', 'mail_outbox', 'orders']),
      );
      for (const { name } of tables) {
        const rows = await h.db.query(`SELECT * FROM \`${name}\``);
        const text = JSON.stringify(rows, (_k, v: unknown) =>
          v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer'
            ? Buffer.from((v as { data: number[] }).data).toString('latin1')
            : v,
        );
        search(`table ${name}`, text);
      }
    }
    // Everything else the server wrote: its log, and any mail written to files.
    for (const file of filesUnder(h.dir))
      if (!file.includes('store.sqlite')) search(file, readFileSync(file).toString('latin1'));
    expect(found).toEqual([]);
    // The table does hold them, sealed: one v1 ciphertext per key, and only the last group in clear.
    const rows = await h.db.query<{ keyCiphertext: string; keyLastGroup: string }>(
      'SELECT keyCiphertext, keyLastGroup FROM license_keys',
    );
    expect(rows).toHaveLength(keys.length);
    for (const row of rows) expect(row.keyCiphertext).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(rows.map((r) => r.keyLastGroup).sort()).toEqual(keys.map((k) => k.slice(-5)).sort());
  });

  describe('a stored ciphertext altered by one byte', () => {
    let keyId: string;
    let original: string;
    let orderId: string;

    beforeAll(async () => {
      // The key of the second order (one unit), its ciphertext with one byte of the sealed text flipped.
      orderId = orders[1]!;
      const [row] = await h.db.query<{ id: string; keyCiphertext: string }>(
        'SELECT id, keyCiphertext FROM license_keys WHERE orderId = ?',
        [orderId],
      );
      keyId = row!.id;
      const raw = Buffer.from(row!.keyCiphertext.slice(3), 'base64');
      raw[12 + 16 + 3]! ^= 0x01; // past the IV and the tag: the ciphertext itself
      await h.db.query('UPDATE license_keys SET keyCiphertext = ? WHERE id = ?', [
        `v1:${raw.toString('base64')}`,
        keyId,
      ]);
      original = h.mail.received[1]!.text!.match(KEY)![0]!;
    });

    const masked = () => `XXXXX-XXXXX-XXXXX-XXXXX-${original.slice(-5)}`;

    it('shows it to the customer masked and flagged unavailable; the other keys still in full', async () => {
      const res = await request('GET', '/api/account/orders', {
        headers: { authorization: await customerToken() },
      });
      expect(res.status).toBe(200);
      const keys = (
        res.body as { id: string; licenseKeys: { licenseKey: string; available: boolean }[] }[]
      ).flatMap((o) => o.licenseKeys);
      expect(keys.filter((k) => !k.available)).toEqual([
        expect.objectContaining({ licenseKey: masked(), available: false }),
      ]);
      expect(
        keys
          .filter((k) => k.available)
          .map((k) => k.licenseKey)
          .sort(),
      ).toEqual(delivered.filter((k) => k !== original).sort());
    });

    it('shows it to an admin masked, in the key list, the key itself and the order', async () => {
      const one = await request('GET', `/api/admin/license-keys/${keyId}`, {
        headers: { authorization: admin },
      });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: keyId, licenseKey: masked() });

      const list = await request(
        'GET',
        `/api/admin/license-keys?filter=${encodeURIComponent(JSON.stringify({ q: orderId }))}`,
        {
          headers: { authorization: admin },
        },
      );
      expect(list.status).toBe(200);
      const rows = list.body as { id: string; licenseKey: string }[];
      expect(rows.find((r) => r.id === keyId)?.licenseKey).toBe(masked());

      const order = await request('GET', `/api/admin/orders/${orderId}`, {
        headers: { authorization: admin },
      });
      expect(order.status).toBe(200);
      expect((order.body as { licenseKeys: { id: string; licenseKey: string }[] }).licenseKeys).toEqual([
        expect.objectContaining({ id: keyId, licenseKey: masked() }),
      ]);
    });

    it('refuses to e-mail the order again (JSON 409), and sends nothing', async () => {
      const before = h.mail.received.length;
      const res = await rawRequest(h, 'POST', `/api/admin/orders/${orderId}/resend-email`, {
        headers: { authorization: admin },
      });
      requests++;
      if (res.status >= 500) serverErrors++;
      expect(res.status).toBe(409);
      expect(errorAnswerProblems(res)).toEqual([]);
      expect((res.body as { message: string }).message).toMatch(/cannot be read/);
      const queued = await h.db.query<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM mail_outbox WHERE orderId = ? AND status = 'pending'",
        [orderId],
      );
      expect(Number(queued[0]!.n)).toBe(0);
      await outboxSettled(h.db);
      expect(h.mail.received).toHaveLength(before);
    });

    it('still logs no key in clear, only that the key does not decrypt', () => {
      const logs = h.logs();
      for (const key of delivered) expect(logs).not.toContain(key);
      expect(logs).toContain(`Licence key ${keyId} does not decrypt`);
      expect(logs).not.toMatch(/at .*secret-box/);
      expect(serverErrors).toBe(0);
    });
  });
});
