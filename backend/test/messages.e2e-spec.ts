import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeHeader, SmtpSink, waitFor } from '@store/testing';
import { Message } from '../src/messages/entities/message.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { signIn } from './support/staff.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SUPPORT = 'help@store.test';
const STAFF_ALERTS = 'staff-alerts@store.test';

describe('POST /api/contact', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let clients = 0;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    // Behind a proxy the client address comes from X-Forwarded-For; every test posts from its own.
    t = await startTestApp({
      TRUST_PROXY: 'loopback',
      SMTP_URL: sink.url,
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'store-contact-mail-')),
      SUPPORT_EMAIL: SUPPORT,
      STAFF_ALERT_EMAIL: STAFF_ALERTS,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const newClient = () => `10.2.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
  const post = (body: unknown, ip = newClient()) =>
    t
      .http()
      .post('/api/contact')
      .set('x-forwarded-for', ip)
      .send(body as object);
  const valid = {
    name: 'Jane Doe',
    email: 'jane@example.com',
    subject: 'Activation question',
    category: 'licensing',
    message: 'My key says it was already activated.',
  };
  const counts = async () => ({
    messages: await t.db.getRepository(Message).count(),
    mails: await t.db.getRepository(OutboxEmail).count(),
  });
  /** The id of the message stored last (the answer names none; the tests of this file post one at a time). */
  const lastId = async () =>
    (await t.db.getRepository(Message).find({ order: { id: 'DESC' }, take: 1 }))[0]!.id;
  const notificationFor = (id: number) =>
    waitFor(
      () => {
        const mails = sink.withSubject(`Contact form #${id}:`);
        return mails.length > 0 && mails;
      },
      { what: `the notification of contact message #${id}` },
    );

  it('stores the message and e-mails staff a text and an HTML part', async () => {
    const res = await post({
      name: '  Jane <b>Doe</b> ',
      email: ' jane@example.com ',
      subject: ' Key & activation ',
      category: 'licensing',
      message: '  Hello,\n<script>alert("hi")</script> secret-marker-4711\n\nJane  ',
    }).expect(201);
    // No id: a sequential one would tell how many messages the store has.
    expect(res.body).toEqual({ received: true });
    const id = await lastId();

    const stored = await t.db.getRepository(Message).findOneByOrFail({ id });
    expect(stored).toMatchObject({
      name: 'Jane <b>Doe</b>',
      email: 'jane@example.com',
      subject: 'Key & activation',
      category: 'licensing',
      message: 'Hello,\n<script>alert("hi")</script> secret-marker-4711\n\nJane',
      status: 'new',
    });

    const [mail, ...others] = await notificationFor(id);
    expect(others).toHaveLength(0);
    // Staff are alerted at STAFF_ALERT_EMAIL (SUPPORT_EMAIL when it is not set).
    expect(mail!.to).toEqual([STAFF_ALERTS]);
    expect(mail!.headers.get('to')).toBe(STAFF_ALERTS);
    expect(decodeHeader(mail!.headers.get('from')!)).toBe(t.config.mail.from);
    expect(mail!.subject).toBe(`Contact form #${id}: Key & activation`);
    expect(mail!.contentType).toMatch(/^multipart\/alternative/);
    expect(mail!.text).toContain('Name: Jane <b>Doe</b>');
    expect(mail!.text).toContain('Email: jane@example.com');
    expect(mail!.text).toContain('Category: Licensing Questions');
    expect(mail!.text).toContain('Subject: Key & activation');
    expect(mail!.text).toContain('Hello,\n<script>alert("hi")</script> secret-marker-4711\n\nJane');
    expect(mail!.html).toContain('Jane &lt;b&gt;Doe&lt;/b&gt;');
    expect(mail!.html).toContain('Key &amp; activation');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; secret-marker-4711');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<b>Doe</b>');
    // A notification for the store's own staff: no customer footer with the store's contacts.
    expect(mail!.text).not.toContain('Business hours:');
    expect(mail!.html).not.toContain('Business hours:');

    const outbox = await waitFor(async () => {
      const row = await t.db.getRepository(OutboxEmail).findOneBy({ kind: 'contact-notification' });
      return row?.status === 'sent' && row;
    });
    expect(outbox).toMatchObject({ to: STAFF_ALERTS, attempts: 1, orderId: null });
    const [raw] = await t.db.query<{ text: string; html: string }[]>(
      'SELECT text, html FROM mail_outbox WHERE id = ?',
      [outbox.id],
    );
    for (const column of [raw!.text, raw!.html]) {
      expect(column).toMatch(/^v1:/);
      expect(column).not.toContain('secret-marker-4711');
      expect(column).not.toContain('jane@example.com');
    }

    // The dashboard counts the messages not yet answered.
    const admin = await signIn(t, 'admin');
    const dashboard = async () =>
      (
        await t
          .http()
          .get('/api/admin/dashboard')
          .set('authorization', admin)
          .set('cache-control', 'no-cache')
          .expect(200)
      ).body as { newMessages: number };
    const waiting = await t.db.getRepository(Message).countBy({ status: 'new' });
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect((await dashboard()).newMessages).toBe(waiting);
    await t.db.getRepository(Message).update(id, { status: 'answered' });
    expect((await dashboard()).newMessages).toBe(waiting - 1);
  });

  it('takes the category as optional', async () => {
    const { category: _category, ...withoutCategory } = valid;
    await post(withoutCategory).expect(201);
    const none = await lastId();
    await post({ ...valid, category: '' }).expect(201);
    const empty = await lastId();
    for (const id of [none, empty]) {
      expect((await t.db.getRepository(Message).findOneByOrFail({ id })).category).toBeNull();
      const [mail] = await notificationFor(id);
      expect(mail!.text).toContain('Category: Not specified');
    }
  });

  it('keeps the subject and name to one line, so nothing typed becomes a header', async () => {
    await post({
      ...valid,
      name: 'Eve\r\nBcc: victim@example.com',
      subject: 'Hello\r\nBcc: victim@example.com\r\nX-Injected: yes',
    }).expect(201);
    const id = await lastId();
    const stored = await t.db.getRepository(Message).findOneByOrFail({ id });
    expect(stored.subject).toBe('Hello Bcc: victim@example.com X-Injected: yes');
    expect(stored.name).toBe('Eve Bcc: victim@example.com');
    const [mail] = await notificationFor(id);
    expect(mail!.to).toEqual([STAFF_ALERTS]);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.subject).toBe(`Contact form #${id}: Hello Bcc: victim@example.com X-Injected: yes`);
  });

  describe('validation', () => {
    const expect400 = async (body: unknown, message: string[]) => {
      const before = await counts();
      const res = await post(body).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: message.join('; '),
        error: 'Bad Request',
        errors: message.map((m) => ({ field: expect.any(String), message: m })),
        requestId: expect.any(String),
      });
      expect(await counts()).toEqual(before);
    };
    const allRequired = [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ];

    it('names every missing field', () => expect400({}, allRequired));

    it('treats blank fields as missing', () =>
      expect400({ name: '  ', email: ' ', subject: '\t', message: '\n \n' }, allRequired));

    it('treats fields of the wrong type as missing', () =>
      expect400({ name: 42, email: ['a@b.c'], subject: { x: 1 }, message: true }, allRequired));

    it('names each missing field on its own', async () => {
      for (const field of ['name', 'email', 'subject', 'message'] as const) {
        const { [field]: _omitted, ...rest } = valid;
        await expect400(rest, [`${field[0]!.toUpperCase()}${field.slice(1)} is required`]);
      }
    });

    it('refuses an invalid e-mail address', async () => {
      await expect400({ ...valid, email: 'not-an-email' }, ['Please enter a valid email address']);
      await expect400({ ...valid, email: 'jane@' }, ['Please enter a valid email address']);
      await expect400({ ...valid, email: 'Jane <jane@example.com>' }, ['Please enter a valid email address']);
    });

    it('refuses fields over their maximum length', async () => {
      const longEmail = `${'a'.repeat(243)}@example.com`;
      expect(longEmail).toHaveLength(255);
      await expect400(
        {
          name: 'n'.repeat(201),
          email: longEmail,
          subject: 's'.repeat(301),
          message: 'm'.repeat(5001),
        },
        [
          'Name must be at most 200 characters',
          'Email must be at most 254 characters',
          'Subject must be at most 300 characters',
          'Message must be at most 5000 characters',
        ],
      );
      // Exactly at the limits is fine.
      await post({
        ...valid,
        name: 'n'.repeat(200),
        subject: 's'.repeat(300),
        message: 'm'.repeat(5000),
      }).expect(201);
    });

    it('refuses an unknown category, naming the allowed ones', () =>
      expect400({ ...valid, category: 'sales' }, [
        'Category must be one of technical, billing, licensing, installation, general',
      ]));

    it('refuses properties it does not know', () =>
      expect400({ ...valid, status: 'answered' }, ['property status should not exist']));
  });

  it('allows five posts a minute from one address, then answers 429', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < 5; i++) await post({ ...valid, subject: `Throttle test ${i}` }, ip).expect(201);
    const blocked = await post({ ...valid, subject: 'Throttle test blocked' }, ip).expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Invalid posts count too, and are refused before they are read.
    await post({}, ip).expect(429);
    const stored = await t.db
      .getRepository(Message)
      .createQueryBuilder('c')
      .where('c.subject LIKE :prefix', { prefix: 'Throttle test%' })
      .getCount();
    expect(stored).toBe(5);
    // Another address is not affected.
    await post(valid, '10.3.3.4').expect(201);
  });

  it('is documented in Swagger', async () => {
    const doc = await t.http().get('/api/docs-json').expect(200);
    const operation = doc.body.paths['/api/contact']?.post;
    expect(operation.tags).toEqual(['contact']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    const schema = doc.body.components.schemas.CreateContactMessageDto;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'subject', 'message']));
    expect(schema.required).not.toContain('category');
    expect(schema.properties.category.enum).toEqual([
      'technical',
      'billing',
      'licensing',
      'installation',
      'general',
    ]);
  });
});
