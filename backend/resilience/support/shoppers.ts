// Simulated shoppers and staff for the races and faults specs: every call goes through the harness's
// real HTTP server and is counted for the figures.
import {
  BILLING,
  STANDARD,
  shopperAddress,
  waitFor,
  type Intent,
  type ReceivedMail,
  type SmtpSink,
} from '@store/testing';
import { generateLicenseKey } from '../../src/license-keys/license-key-cipher.js';
import { StoreHarness, type HarnessOptions, type TestDatabase } from './store-process.js';

export { BILLING, STANDARD, shopperAddress, type Intent };

/** The download links of a paid Standard order: a Windows and a Mac installer. */
export const STANDARD_LINKS = 2;

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Counts what a spec sends and the 5xx answers it gets. `expect5xx` marks answers that the spec
 * provokes on purpose (a database outage): they are not counted as server errors.
 */
export class Tally {
  requests = 0;
  serverErrors = 0;
  /** The unexpected 5xx answers, for the failure message. */
  readonly errors: string[] = [];

  /** Where the requests go: one process, or the load balancer in front of several. */
  constructor(private readonly h: () => Pick<StoreHarness, 'request' | 'adminAuth'>) {}

  /** Signs in as the admin (one request): the Authorization header's value. */
  adminAuth(): Promise<string> {
    this.requests++;
    return this.h().adminAuth();
  }

  async call(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string>; expect5xx?: boolean } = {},
  ): Promise<Answer> {
    this.requests++;
    const answer = await this.h().request(method, path, options);
    if (answer.status >= 500 && !options.expect5xx) {
      this.serverErrors++;
      this.errors.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer;
  }

  /** POST /api/create-payment-intent for one shopper (own address, own e-mail). */
  createIntent(email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return this.call('POST', '/api/create-payment-intent', {
      json: {
        cartItems: [{ id: STANDARD, quantity: 1 }],
        billing: { ...BILLING, email },
        ...extra,
      },
      headers: { 'x-forwarded-for': shopperAddress(), ...headers },
    });
  }

  /** POST /api/payments/demo/confirm. */
  confirmDemo(intent: Intent, outcome?: 'succeed' | 'decline') {
    return this.call('POST', '/api/payments/demo/confirm', {
      json: { orderId: intent.orderId, clientSecret: intent.clientSecret, ...(outcome ? { outcome } : {}) },
      headers: { 'x-forwarded-for': shopperAddress() },
    });
  }

  /** POST /api/admin/license-keys/import with a CSV of the keys. */
  importKeys(auth: string, productId: string, keys: string[], activationLimit?: number) {
    const rows = keys.map((key) => `${productId},${key}${activationLimit ? `,${activationLimit}` : ''}`);
    const header = activationLimit ? 'productId,licenseKey,activationLimit' : 'productId,licenseKey';
    return this.call('POST', '/api/admin/license-keys/import', {
      body: `${header}\n${rows.join('\n')}\n`,
      headers: { authorization: auth, 'content-type': 'text/csv' },
    });
  }
}

/**
 * The store a describe block tests, with its tally: started before the block's first test, closed after
 * its last. Read `h` and `t` inside hooks and tests (they are set once the block starts).
 */
export function storeForBlock(options?: HarnessOptions): { h: StoreHarness; t: Tally } {
  const store = {} as { h: StoreHarness; t: Tally };
  beforeAll(async () => {
    store.h = await StoreHarness.start(options);
    store.t = new Tally(() => store.h);
  });
  afterAll(async () => {
    await store.h?.close();
  });
  return store;
}

/** `count` fresh licence keys. */
export const freshKeys = (count: number) => Array.from({ length: count }, () => generateLicenseKey());

/** The licence keys written in full in a delivery e-mail's plain-text body. */
export function keysIn(mail: ReceivedMail): string[] {
  return [...(mail.text ?? '').matchAll(/Licence key: ([A-Z0-9]{5}(?:-[A-Z0-9]{5}){4})/g)].map((m) => m[1]!);
}

/** The order reference a delivery e-mail's subject names (the first 8 characters of the id, upper-case). */
export const orderRef = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/**
 * A delivery e-mail's subject: with keys ("Your Office licence keys for order X"), a back-order's ("Order X
 * confirmed: your licence keys follow within 24 hours", #34), or the follow-up with late keys.
 */
export const DELIVERY_SUBJECT = /licence keys for order [A-Z0-9]{8}$|^Order [A-Z0-9]{8} confirmed: /;

/** The first delivery e-mail of an order, with its keys or saying they follow. */
export const FIRST_DELIVERY_SUBJECT = /^Your Office licence keys for order |^Order [A-Z0-9]{8} confirmed: /;

/** Delivery e-mails (first and follow-up) received for one order. */
export function deliveryMails(mails: ReceivedMail[], orderId: string): ReceivedMail[] {
  return mails.filter(
    (mail) => DELIVERY_SUBJECT.test(mail.subject) && mail.subject.includes(` ${orderRef(orderId)}`),
  );
}

/** One buyer of {@link thirtyBuyersForTenKeys}: the e-mail they gave, their intent and both answers. */
export interface Purchase {
  email: string;
  intent: Intent;
  created: Answer;
  paid: Answer & { body: { status: string; paymentStatus: string } };
}

/**
 * The first half of "30 buyers for 10 keys" (races: one process; cluster: three behind nginx): 10 fresh
 * keys imported, then 30 buyers (`<prefix>-<n>@race.example.com`) at once, each creating an intent and
 * paying it with the demo provider. All 30 are paid, 10 fulfilled and 20 waiting for keys, and every
 * buyer has been sent the first e-mail. Answers the keys imported and the purchases.
 */
export async function thirtyBuyersForTenKeys(
  t: Tally,
  admin: string,
  mail: SmtpSink,
  prefix: string,
): Promise<{ first: string[]; purchases: Purchase[] }> {
  const first = freshKeys(10);
  const imported = await t.importKeys(admin, STANDARD, first);
  expect(imported.status).toBe(200);
  expect(imported.body).toEqual({ imported: 10, duplicates: 0, invalid: [], ordersCompleted: 0 });

  const buyers = Array.from({ length: 30 }, (_, i) => `${prefix}-${i}@race.example.com`);
  const purchases = await Promise.all(
    buyers.map(async (email): Promise<Purchase> => {
      const created = await t.createIntent(email);
      expect(created.status).toBe(201);
      const intent = created.body as Intent;
      const paid = await t.confirmDemo(intent);
      expect(paid.status).toBe(200);
      return { email, intent, created, paid: paid as Purchase['paid'] };
    }),
  );
  expect(purchases.filter((p) => p.paid.body.status === 'fulfilled')).toHaveLength(10);
  expect(purchases.filter((p) => p.paid.body.status === 'processing')).toHaveLength(20);
  expect(purchases.every((p) => p.paid.body.paymentStatus === 'completed')).toBe(true);

  // Every buyer is told: ten e-mails with a key, twenty saying the key follows.
  await waitFor(() => mail.received.filter((m) => FIRST_DELIVERY_SUBJECT.test(m.subject)).length >= 30, {
    timeoutMs: 30_000,
    what: '30 first delivery e-mails',
  });
  return { first, purchases };
}

/**
 * The last half, once the other 20 keys are imported: the 20 follow-up e-mails arrive, each buyer
 * receives exactly one key, at their address, and the keys received are exactly `allKeys`. Answers the
 * keys received.
 */
export async function expectOneKeyEach(
  db: TestDatabase,
  mail: SmtpSink,
  purchases: Purchase[],
  allKeys: string[],
): Promise<string[]> {
  await waitFor(() => mail.withSubject('Your remaining licence keys for order').length >= 20, {
    timeoutMs: 30_000,
    what: '20 follow-up e-mails',
  });
  await outboxSettled(db);
  const received: string[] = [];
  for (const { email, intent } of purchases) {
    const mails = deliveryMails(mail.received, intent.orderId);
    expect(mails.every((m) => m.to.length === 1 && m.to[0] === email)).toBe(true);
    const keys = mails.flatMap(keysIn);
    expect(keys).toHaveLength(1);
    received.push(...keys);
  }
  expect([...received].sort()).toEqual([...allKeys].sort());
  return received;
}

/** Sleeps: for what a scenario makes last (a lock held, a client's pace), never to wait for the store. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the outbox has nothing left to send: every message sent, given up or withheld, none claimed
 * or waiting for its time (a dead process's claim is taken over and sent first). From then on no copy of a
 * message can still arrive, which is what a count of e-mails received needs; the sink keeps each message
 * before it answers the server, which records the send only then.
 */
export async function outboxSettled(db: TestDatabase, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => (await db.query("SELECT id FROM mail_outbox WHERE status = 'pending'")).length === 0,
    { timeoutMs, intervalMs: 100, what: 'the outbox to settle (no message pending)' },
  );
}

/** Numbers from rows that may hold them as strings or bigints (MariaDB COUNT) or numbers (SQLite). */
export const num = (value: unknown) => Number(value);

/** The outbox row a received e-mail came from, by its Message-ID (`<outbox-<id>.<time>@…>`). */
export function outboxIdOf(mail: ReceivedMail): number | null {
  const match = /<outbox-(\d+)\./.exec(mail.headers.get('message-id') ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Checks that every outbox row was received exactly once; a row in `inDoubt` (claimed by a process
 * killed before it recorded the send) may have been received twice, as the same message. Answers the
 * number of copies beyond the first.
 */
export function expectEachOnce(
  mails: ReceivedMail[],
  rows: { id: unknown }[],
  inDoubt: Set<number> = new Set(),
): number {
  const copies = new Map<number, number>();
  for (const mail of mails) {
    const id = outboxIdOf(mail);
    if (id !== null) copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  let extra = 0;
  for (const row of rows) {
    const id = Number(row.id);
    const n = copies.get(id) ?? 0;
    const allowed = inDoubt.has(id) ? [1, 2] : [1];
    expect({ outboxId: id, copies: allowed.includes(n) ? 'ok' : n }).toEqual({ outboxId: id, copies: 'ok' });
    extra += Math.max(0, n - 1);
  }
  // Nothing arrived that the outbox does not hold.
  expect([...copies.keys()].filter((id) => !rows.some((row) => Number(row.id) === id))).toEqual([]);
  return extra;
}

/**
 * Read while a killed server is down: the outbox rows claimed and not yet recorded. Those its worker held
 * are in doubt: SMTP cannot tell a sender that died between the server's "250 OK" and its own record
 * whether the message went, so such a message is sent again once the dead claim expires (at least once
 * beats losing the keys; it is the same message with the same Message-ID, which mail clients show once).
 * One worker sends one message at a time, so there are at most as many as there are live `workers`
 * (other processes' claims, read at the same moment, are counted in too: a superset).
 */
export async function claimedByTheDead(db: TestDatabase, workers = 1): Promise<Set<number>> {
  const rows = await db.query<{ id: unknown }>(
    "SELECT id FROM mail_outbox WHERE status = 'pending' AND lockedUntil IS NOT NULL",
  );
  expect(rows.length).toBeLessThanOrEqual(workers);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Nothing half done after a crash: every paid order (of `orderIds`, or all) fulfilled with one key, one
 * download link and one e-mail, every unpaid one with none; no key lost or invented (`keysInDatabase` in
 * all, each in stock or with exactly one paid order). One statement per check, each a consistent picture.
 * Answers the orders read and how many are paid.
 */
export async function expectNothingHalfDone(db: TestDatabase, keysInDatabase: number, orderIds?: string[]) {
  const only = orderIds ? ` WHERE o.id IN (${orderIds.map(() => '?').join(',')})` : '';
  const orders = await db.query<{
    id: string;
    status: string;
    paymentStatus: string;
    awaitingKeys: unknown;
    keys: unknown;
    links: unknown;
    mails: unknown;
  }>(
    'SELECT o.id, o.status, o.paymentStatus, o.awaitingKeys, ' +
      '(SELECT COUNT(*) FROM license_keys k WHERE k.orderId = o.id) AS `keys`, ' +
      '(SELECT COUNT(*) FROM download_links d WHERE d.orderId = o.id) AS links, ' +
      `(SELECT COUNT(*) FROM mail_outbox m WHERE m.orderId = o.id) AS mails FROM orders o${only}`,
    orderIds ?? [],
  );
  for (const order of orders) {
    const paid = order.paymentStatus === 'completed';
    const one = paid ? 1 : 0;
    // Paid: fulfilled with its key, its links (Standard runs on Windows and Mac: one for each) and its
    // e-mail. Not paid: none of them.
    expect([order.id, order.status, num(order.awaitingKeys)]).toEqual([
      order.id,
      paid ? 'fulfilled' : 'processing',
      0,
    ]);
    expect([order.id, num(order.keys), num(order.links), num(order.mails)]).toEqual([
      order.id,
      one,
      one * STANDARD_LINKS,
      one,
    ]);
  }
  const keys = await db.query<{ orderId: string | null; paid: string | null }>(
    'SELECT k.orderId, o.paymentStatus AS paid FROM license_keys k LEFT JOIN orders o ON o.id = k.orderId',
  );
  expect(keys).toHaveLength(keysInDatabase);
  expect(keys.filter((k) => k.orderId !== null).every((k) => k.paid === 'completed')).toBe(true);
  return { orders, paid: orders.filter((o) => o.paymentStatus === 'completed').length };
}
