import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxService } from '../src/emails/outbox.service.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { buyWithDemo, STANDARD, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

type Row = { id: number; to: string; status: string; kind: string };

const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzaG9wcGVyQGV4YW1wbGUuY29tIn0.c2lnbmF0dXJl';
const TYPED_KEY = 'qx7pm-4rt2b-kd9wv-h3n8c-zj6fy';

describe(`back office: e-mails (outbox) on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let order: Intent;
  let keys: string[];
  /** The delivery e-mail (sent), a sign-in link (failed) and a contact notification (pending). */
  let delivery: OutboxEmail;
  let accessLink: OutboxEmail;
  let notification: OutboxEmail;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    // The worker only runs when a test says so, so every status below stays as set.
    const worker = t.app.get(OutboxWorker);
    await worker.stop();
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    order = await buyWithDemo(t, [{ id: STANDARD, quantity: 2 }], 'buyer@example.com');
    const cipher = t.app.get(LicenseKeyCipher);
    keys = (await t.db.getRepository(LicenseKey).findBy({ orderId: order.orderId })).map((k) =>
      cipher.decrypt(k.keyCiphertext),
    );
    await worker.drain();

    const outbox = t.app.get(OutboxService);
    const enqueue = (kind: string, to: string, text: string, audience?: 'staff') =>
      t.db.transaction((m) =>
        outbox.enqueue(m, { kind, to, subject: `About ${kind}`, text, html: `<p>${text}</p>`, audience }),
      );
    const link = await enqueue(
      'access-link',
      'Shopper@Example.com',
      `Here is your link: http://localhost:3000/account?token=${ACCESS_TOKEN}\nIt works for 30 minutes.`,
    );
    await t.db
      .getRepository(OutboxEmail)
      .update(link.id, { status: 'failed', attempts: 3, lastError: '550 mailbox unavailable' });
    await enqueue(
      'contact-notification',
      'help@store.test',
      `The customer wrote: my key ${TYPED_KEY} fails`,
      'staff', // as MessagesService writes it: no customer footer
    );
    [delivery, accessLink, notification] = await t.db
      .getRepository(OutboxEmail)
      .find({ order: { id: 'ASC' } });
  });
  afterAll(() => t.close());

  const list = (params: Record<string, unknown> = {}, auth = admin) =>
    t
      .http()
      .get(
        `/api/admin/emails?${Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&')}`,
      )
      .set('authorization', auth);
  const ids = (res: { body: Row[] }) => res.body.map((r) => r.id);
  const get = (id: number | string, auth = admin) =>
    t.http().get(`/api/admin/emails/${id}`).set('authorization', auth);
  const resend = (id: number | string, auth = admin) =>
    t.http().post(`/api/admin/emails/${id}/resend`).set('authorization', auth);

  it('has the three messages this suite expects', () => {
    expect(keys).toHaveLength(2);
    expect([delivery, accessLink, notification].map((m) => [m.kind, m.status])).toEqual([
      ['order-delivery', 'sent'],
      ['access-link', 'failed'],
      ['contact-notification', 'pending'],
    ]);
  });

  it('lists messages newest first with Content-Range and no bodies; pages, sorts and answers getMany', async () => {
    const res = await list().expect(200);
    expect(res.headers['content-range']).toBe('emails 0-2/3');
    expect(ids(res)).toEqual([notification.id, accessLink.id, delivery.id]);
    expect(res.body[2]).toEqual({
      id: delivery.id,
      to: 'buyer@example.com',
      subject: delivery.subject,
      kind: 'order-delivery',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: delivery.createdAt.toISOString(),
      sentAt: delivery.sentAt!.toISOString(),
      orderId: order.orderId,
    });
    expect(res.body[1]).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: '550 mailbox unavailable',
    });

    const page = await list({ range: [1, 1] }).expect(200);
    expect(page.headers['content-range']).toBe('emails 1-1/3');
    expect(ids(page)).toEqual([accessLink.id]);
    expect((await list({ range: [3, 3] }).expect(200)).headers['content-range']).toBe('emails */3');
    expect(ids(await list({ sort: ['id', 'ASC'] }).expect(200))).toEqual([
      delivery.id,
      accessLink.id,
      notification.id,
    ]);
    // Recipients are stored in lower case, so both databases sort them alike.
    expect((await list({ sort: ['to', 'ASC'] }).expect(200)).body.map((r: Row) => r.to)).toEqual([
      'buyer@example.com',
      'help@store.test',
      'shopper@example.com',
    ]);

    const many = await list({ filter: { id: [notification.id, delivery.id, 777777] }, sort: ['id', 'ASC'] });
    expect(ids(many)).toEqual([delivery.id, notification.id]);
    expect(many.headers['content-range']).toBe('emails 0-1/2');
  });

  it('filters by status, kind, order and recipient prefix (any case)', async () => {
    const q = async (filter: object) => ids(await list({ filter, sort: ['id', 'ASC'] }).expect(200));
    expect(await q({ status: 'sent' })).toEqual([delivery.id]);
    expect(await q({ status: 'failed' })).toEqual([accessLink.id]);
    expect(await q({ status: 'pending' })).toEqual([notification.id]);
    expect(await q({ kind: 'access-link' })).toEqual([accessLink.id]);
    expect(await q({ kind: 'access' })).toEqual([]);
    expect(await q({ orderId: order.orderId.toUpperCase() })).toEqual([delivery.id]);
    expect(await q({ q: 'SHOPPER@' })).toEqual([accessLink.id]);
    expect(await q({ q: 'b' })).toEqual([delivery.id]);
    expect(await q({ q: 'example.com' })).toEqual([]);
    expect(await q({ q: '_' })).toEqual([]);
    expect(await q({ q: 'h', status: 'pending' })).toEqual([notification.id]);

    for (const bad of [
      { filter: { status: 'queued' } },
      { filter: { orderId: 5 } },
      { filter: { text: 'key' } },
      { filter: { id: ['seven'] } },
      { sort: ['subject', 'ASC'] },
      { range: [-1, 3] },
    ]) {
      const res = await list(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('shows one message with licence keys masked, link tokens hidden and no HTML', async () => {
    const tokens = (await t.db.getRepository(DownloadLink).findBy({ orderId: order.orderId })).map(
      (l) => l.token,
    );
    // Standard runs on Windows and Mac: a link for each.
    expect(tokens).toHaveLength(2);
    for (const auth of [admin, support]) {
      const res = await get(delivery.id, auth).expect(200);
      expect(res.body).toEqual({
        id: delivery.id,
        to: 'buyer@example.com',
        subject: delivery.subject,
        kind: 'order-delivery',
        status: 'sent',
        attempts: 1,
        lastError: null,
        createdAt: delivery.createdAt.toISOString(),
        sentAt: delivery.sentAt!.toISOString(),
        orderId: order.orderId,
        text: expect.any(String),
      });
      const text: string = res.body.text;
      for (const key of keys) {
        expect(text).not.toContain(key);
        expect(text).toContain(`Licence key: XXXXX-XXXXX-XXXXX-XXXXX-${key.slice(-5)}`);
      }
      // Every key-shaped text is a masked one.
      expect(text.match(/[A-Z0-9]{5}(-[A-Z0-9]{5}){4}/g)?.sort()).toEqual(
        keys.map((key) => `XXXXX-XXXXX-XXXXX-XXXXX-${key.slice(-5)}`).sort(),
      );
      for (const token of tokens) expect(text).not.toContain(token);
      expect(text).toContain('/api/downloads/[hidden]');
      expect(text).toContain(order.orderId);
    }
    // The stored body still has the keys in full: only what staff see is masked.
    const stored = await t.app.get(OutboxService).read(delivery.id);
    for (const key of keys) expect(stored.text).toContain(key);

    const link = (await get(accessLink.id, support).expect(200)).body.text as string;
    expect(link).not.toContain(ACCESS_TOKEN);
    expect(link).toContain('http://localhost:3000/account?token=[hidden]');
    const typed = (await get(notification.id).expect(200)).body.text as string;
    expect(typed).toBe('The customer wrote: my key XXXXX-XXXXX-XXXXX-XXXXX-zj6fy fails');

    for (const id of ['777777', 'abc', '0']) {
      expect((await get(id).expect(404)).body.message).toBe('E-mail not found');
    }
  });

  it('lets support and admins resend: a copy of a sent message, the same row for a pending one', async () => {
    const copy = await resend(delivery.id, support).expect(202);
    expect(copy.body).toEqual({
      id: expect.any(Number),
      to: 'buyer@example.com',
      subject: delivery.subject,
      kind: 'order-delivery',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: expect.any(String),
      sentAt: null,
      orderId: order.orderId,
    });
    expect(copy.body.id).toBeGreaterThan(notification.id);
    expect((await t.db.getRepository(OutboxEmail).findOneByOrFail({ id: delivery.id })).status).toBe('sent');
    const copied = await t.app.get(OutboxService).read(copy.body.id);
    for (const key of keys) expect(copied.text).toContain(key);

    const failed = await resend(accessLink.id).expect(202);
    expect(failed.body).toMatchObject({
      kind: 'access-link',
      status: 'pending',
      attempts: 0,
      lastError: null,
    });

    const same = await resend(notification.id, admin).expect(202);
    expect(same.body).toMatchObject({ id: notification.id, status: 'pending' });

    const entries = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'emails.resend' }, order: { id: 'ASC' } });
    expect(entries.map((e) => [e.resource, e.resourceId, e.after, e.actorUsername.split('-')[0]])).toEqual([
      ['emails', String(delivery.id), { queuedId: copy.body.id, copied: true }, 'support'],
      ['emails', String(accessLink.id), { queuedId: failed.body.id, copied: true }, 'admin'],
      ['emails', String(notification.id), { queuedId: notification.id, copied: false }, 'admin'],
    ]);
    expect((await list().expect(200)).headers['content-range']).toBe('emails 0-4/5');

    expect((await resend(777777).expect(404)).body.message).toBe('E-mail not found');
    await resend('abc').expect(404);
  });

  it('answers 401 without a token', async () => {
    await t.http().get('/api/admin/emails').expect(401);
    await t.http().get(`/api/admin/emails/${delivery.id}`).expect(401);
    await t.http().post(`/api/admin/emails/${delivery.id}/resend`).expect(401);
    expect(await t.db.getRepository(OutboxEmail).count()).toBe(5);
  });

  it('documents every route in Swagger, behind the bearer token', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const routes: [string, string[]][] = [
      ['/api/admin/emails', ['get']],
      ['/api/admin/emails/{id}', ['get']],
      ['/api/admin/emails/{id}/resend', ['post']],
    ];
    for (const [path, methods] of routes) {
      expect(Object.keys(doc.paths[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) {
        expect(doc.paths[path][method]).toMatchObject({
          summary: expect.any(String),
          security: [{ bearer: [] }],
        });
        expect(doc.paths[path][method].tags).toEqual(['admin: emails']);
      }
    }
  });
});
