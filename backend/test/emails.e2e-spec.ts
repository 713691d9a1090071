import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import { In, type Repository } from 'typeorm';
import { decodeHeader, parseMail, SmtpSink, waitFor } from '@store/testing';
import { JobLeases } from '../src/job-leases/job-leases.service.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { MailTransport } from '../src/emails/mail-transport.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { OUTBOX_OPTIONS, type OutboxOptions } from '../src/emails/outbox.options.js';
import { OutboxService, type NewOutboxEmail } from '../src/emails/outbox.service.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { MAX_ATTEMPTS } from '../src/emails/retry-schedule.js';
import { renderStoreFooter, withStoreFooter } from '../src/emails/store-footer.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { createIntent } from './support/checkout.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const LICENCE_KEY = 'QX7PM-4RT2B-KD9WV-H3N8C-ZJ6FY';
const BODIES = { text: `Your key: ${LICENCE_KEY}`, html: `<p>Your key: <code>${LICENCE_KEY}</code></p>` };
const tempDir = () => mkdtempSync(join(tmpdir(), 'store-mail-'));

/** What a customer receives for the helper's bodies: those, then the store's contacts and hours. */
const sentBodies = (t: TestApp) => withStoreFooter(BODIES, renderStoreFooter(t.config));

/** Helpers over one test app's outbox. */
function outboxOf(t: TestApp) {
  const outbox = t.app.get(OutboxService);
  const worker = t.app.get(OutboxWorker);
  const repo: Repository<OutboxEmail> = t.db.getRepository(OutboxEmail);
  let counter = 0;
  // These tests drive the worker themselves (drain, wake): enqueue() here does not wake it on commit.
  let quiet = 0;
  const wake = worker.wake.bind(worker);
  worker.wake = () => {
    if (!quiet) wake();
  };
  return {
    outbox,
    worker,
    repo,
    /** Queues a message in its own transaction, as business code does, without waking the worker. */
    enqueue: async (message: Partial<NewOutboxEmail> = {}) => {
      quiet++;
      try {
        return await t.db.transaction((manager) =>
          outbox.enqueue(manager, {
            kind: 'test',
            to: 'customer@example.com',
            subject: `Test message ${++counter}`,
            ...BODIES,
            ...message,
          }),
        );
      } finally {
        quiet--;
      }
    },
    row: (id: number) => repo.findOneByOrFail({ id }),
    /** Pretends the back-off has elapsed. */
    makeDue: (id: number) => repo.update(id, { nextAttemptAt: new Date(Date.now() - 1000) }),
  };
}

describe('mail outbox over SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let o: ReturnType<typeof outboxOf>;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestApp({ SMTP_URL: sink.url, MAIL_DIR: tempDir() });
    o = outboxOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  afterEach(() => {
    sink.accept();
    sink.slowDown(0);
  });

  /** The messages with this subject, once at least one has arrived. */
  const delivered = (subject: string) =>
    waitFor(
      () => {
        const mails = sink.withSubject(subject);
        return mails.length > 0 && mails;
      },
      { what: `delivery of "${subject}"` },
    );

  it('stores the bodies encrypted, reads them back, and sends text and HTML parts', async () => {
    const queued = await o.enqueue({ subject: 'Your Office 2024 key', orderId: 'order-1' });
    expect(await o.row(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      orderId: 'order-1',
      lockedUntil: null,
    });

    const [stored] = await t.db.query<{ text: string; html: string }[]>(
      'SELECT text, html FROM mail_outbox WHERE id = ?',
      [queued.id],
    );
    for (const column of [stored!.text, stored!.html]) {
      expect(column).toMatch(/^v1:/);
      expect(column).not.toContain(LICENCE_KEY);
      expect(column).not.toContain('Your key');
    }
    const read = await o.outbox.read(queued.id);
    expect(read.text).toBe(sentBodies(t).text);
    expect(read.html).toBe(sentBodies(t).html);

    o.outbox.wake();
    const [mail] = await delivered('Your Office 2024 key');
    expect(mail!.to).toEqual(['customer@example.com']);
    expect(decodeHeader(mail!.headers.get('from')!)).toBe(t.config.mail.from);
    expect(mail!.headers.get('reply-to')).toBe(t.config.mail.supportEmail);
    expect(mail!.headers.get('to')).toBe('customer@example.com');
    expect(mail!.headers.get('message-id')).toMatch(new RegExp(`^<outbox-${queued.id}\\.\\d+@localhost>$`));
    expect(mail!.contentType).toMatch(/^multipart\/alternative/);
    expect(mail!.text).toBe(sentBodies(t).text);
    expect(mail!.html).toBe(sentBodies(t).html);

    const sent = await waitFor(async () => {
      const row = await o.row(queued.id);
      return row.status === 'sent' && row;
    });
    expect(sent).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("ends a customer's e-mail with the store's contacts and support hours; staff mail is sent as written", async () => {
    await o.enqueue({ subject: 'For the customer' });
    await o.enqueue({ subject: 'For the staff', to: 'help@store.test', audience: 'staff' });
    o.outbox.wake();
    const [customer] = await delivered('For the customer');
    const { store, mail } = t.config;
    for (const body of [customer!.text!, customer!.html!]) {
      expect(body).toContain(`Your key: `);
      for (const fact of [
        store.name,
        mail.supportEmail,
        store.supportPhone,
        'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST',
        'Mon-Fri 9AM-6PM EST',
        'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
      ])
        expect(body).toContain(fact);
    }
    expect(customer!.text).toMatch(/^Your key: \S+\n\n-- \n/);
    expect(customer!.html).toContain(`href="mailto:${mail.supportEmail}"`);

    const [staff] = await delivered('For the staff');
    expect(staff!.text).toBe(BODIES.text);
    expect(staff!.html).toBe(BODIES.html);
  });

  it('wakes the worker when the transaction that wrote a message commits: not before, not on rollback', async () => {
    const wake = jest.spyOn(o.worker, 'wake');
    try {
      const message = {
        kind: 'test',
        to: 'customer@example.com',
        subject: 'Woken',
        text: 'x',
        html: '<p>x</p>',
      };
      await t.db.transaction(async (manager) => {
        await o.outbox.enqueue(manager, message);
        expect(wake).not.toHaveBeenCalled();
      });
      expect(wake).toHaveBeenCalledTimes(1);
      wake.mockClear();
      await expect(
        t.db.transaction(async (manager) => {
          await o.outbox.enqueue(manager, { ...message, subject: 'Rolled back' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(wake).not.toHaveBeenCalled();
    } finally {
      wake.mockRestore();
    }
    await delivered('Woken');
    expect(sink.withSubject('Rolled back')).toHaveLength(0);
  });

  it('finds a message nobody woke it for at the next poll', async () => {
    const queued = await o.enqueue({ subject: 'Found by polling' });
    await waitFor(async () => (await o.row(queued.id)).status === 'sent', { what: 'the poll' });
    expect(sink.withSubject('Found by polling')).toHaveLength(1);
  });

  it('withholds a message carrying keys whose order was disputed or refunded before its turn, and sends the rest', async () => {
    const intent = (await createIntent(t).expect(201)).body as { orderId: string };
    const orders = t.db.getRepository(Order);
    await orders.update(intent.orderId, { paymentStatus: 'completed', status: 'fulfilled' });
    const keys = { kind: 'order-delivery', orderId: intent.orderId };
    const deliverable = await o.enqueue({ ...keys, subject: 'Keys, order deliverable' });
    // Sent by this drain or by a poll already under way that took it first (under CI's lanes the poll's send
    // had not finished when the drain returned): each drain below is followed by a wait for the outcome.
    const settled = (id: number, status: string) =>
      waitFor(async () => (await o.row(id)).status === status, { what: `message ${id} ${status}` });
    await o.worker.drain();
    await settled(deliverable.id, 'sent');

    await orders.update(intent.orderId, { paymentStatus: 'disputed' });
    const disputed = await o.enqueue({ ...keys, subject: 'Keys, order disputed' });
    const replacement = await o.enqueue({ ...keys, kind: 'key-replacement', subject: 'Key, order disputed' });
    const notice = await o.enqueue({
      orderId: intent.orderId,
      kind: 'order-refund',
      subject: 'No keys in here',
    });
    await o.worker.drain();
    for (const id of [disputed.id, replacement.id]) await settled(id, 'withheld');
    await settled(notice.id, 'sent');
    for (const id of [disputed.id, replacement.id])
      expect(await o.row(id)).toMatchObject({
        status: 'withheld',
        lastError: 'the order is no longer deliverable (disputed, payment disputed)',
        sentAt: null,
      });
    expect((await o.row(notice.id)).status).toBe('sent');

    await orders.update(intent.orderId, { paymentStatus: 'refunded' });
    const refunded = await o.enqueue({ ...keys, subject: 'Keys, order refunded' });
    await o.worker.drain();
    await settled(refunded.id, 'withheld');
    expect(sink.withSubject('Keys, order disputed')).toHaveLength(0);
    expect(sink.withSubject('Key, order disputed')).toHaveLength(0);
    expect(sink.withSubject('Keys, order refunded')).toHaveLength(0);
    expect(sink.withSubject('No keys in here')).toHaveLength(1);
  });

  it('keeps a refused message pending with the error, then sends it once the server accepts', async () => {
    sink.refuse(451, 'Greylisted, please try again later');
    const queued = await o.enqueue({ subject: 'Refused at first' });
    o.outbox.wake();
    const failed = await waitFor(async () => {
      const row = await o.row(queued.id);
      return row.attempts === 1 && row.lockedUntil === null && row;
    });
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toContain('451');
    expect(failed.lastError).toContain('Greylisted');
    expect(failed.lastError).not.toContain(LICENCE_KEY);
    // The first retry is due 15 s later.
    const wait = failed.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(10_000);
    expect(wait).toBeLessThanOrEqual(15_000);
    expect(sink.withSubject('Refused at first')).toHaveLength(0);

    sink.accept();
    // Not due yet: a drain leaves it alone.
    await o.worker.drain();
    expect(await o.row(queued.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(sink.withSubject('Refused at first')).toHaveLength(0);

    await o.makeDue(queued.id);
    await o.worker.drain();
    const sent = await waitFor(async () => {
      const row = await o.row(queued.id);
      return row.status === 'sent' && row;
    });
    expect(sent).toMatchObject({ attempts: 2, lockedUntil: null });
    // Nothing left to send it again.
    await o.worker.drain();
    expect(sink.withSubject('Refused at first')).toHaveLength(1);
  });

  it('sends each message exactly once while several workers race for the same rows', async () => {
    const ids = await t.db.transaction(async (manager) => {
      const rows: number[] = [];
      for (let i = 0; i < 24; i++) {
        rows.push(
          (
            await o.outbox.enqueue(manager, {
              kind: 'test',
              to: `racer${i}@example.com`,
              subject: `Race #${i}#`,
              text: 'x',
              html: '<p>x</p>',
            })
          ).id,
        );
      }
      return rows;
    });
    // Two more workers on the same database, as other processes would run them.
    const makeWorker = () =>
      new OutboxWorker(
        t.db,
        t.app.get(OutboxCipher),
        t.app.get(MailTransport),
        t.app.get<OutboxOptions>(OUTBOX_OPTIONS),
        t.app.get(JobLeases),
      );
    const workers = [o.worker, makeWorker(), makeWorker()];
    const results = await Promise.all(workers.flatMap((w) => [w.drain(), w.drain()]));

    await waitFor(async () => (await o.repo.countBy({ id: In(ids), status: 'sent' })) === ids.length, {
      what: 'every racer to be sent',
    });
    for (let i = 0; i < ids.length; i++) expect(sink.withSubject(`Race #${i}#`)).toHaveLength(1);
    const rows = await o.repo.findBy({ id: In(ids) });
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const sentByDrains = results.reduce((sum, r) => sum + r.sent, 0);
    expect(sentByDrains).toBeLessThanOrEqual(ids.length);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    // They really did compete: the work was shared out.
    expect(results.filter((r) => r.sent > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('gives a message up as failed after the last attempt, and resend delivers a copy', async () => {
    sink.refuse(550, 'No such mailbox here');
    const attemptsBefore = sink.attempts;
    const queued = await o.enqueue({ subject: 'Bounced for a day' });
    for (let guard = 0; guard < 3 * MAX_ATTEMPTS; guard++) {
      const row = await o.row(queued.id);
      if (row.status !== 'pending') break;
      await o.makeDue(queued.id);
      await o.worker.drain();
    }
    const failed = await o.row(queued.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lockedUntil: null,
      sentAt: null,
    });
    expect(failed.lastError).toContain('550');
    expect(sink.attempts - attemptsBefore).toBe(MAX_ATTEMPTS);
    // Failed messages are not picked up again.
    await o.makeDue(queued.id);
    await o.worker.drain();
    expect((await o.row(queued.id)).attempts).toBe(MAX_ATTEMPTS);
    expect(sink.withSubject('Bounced for a day')).toHaveLength(0);

    sink.accept();
    const copy = await o.outbox.resend(queued.id);
    expect(copy.id).not.toBe(queued.id);
    expect(copy).toMatchObject({
      kind: 'test',
      to: 'customer@example.com',
      subject: 'Bounced for a day',
      status: 'pending',
      attempts: 0,
    });
    const [mail] = await delivered('Bounced for a day');
    // The stored bodies, footer included, once: a resend does not add a second footer.
    expect(mail!.text).toBe(sentBodies(t).text);
    await waitFor(async () => (await o.row(copy.id)).status === 'sent');
    // The original stays as the record of the failure.
    expect(await o.row(queued.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(sink.withSubject('Bounced for a day')).toHaveLength(1);
  });

  it('resends a sent message as a new copy', async () => {
    const queued = await o.enqueue({ subject: 'Sent then resent' });
    o.outbox.wake();
    await waitFor(async () => (await o.row(queued.id)).status === 'sent');
    const copy = await o.outbox.resend(queued.id);
    expect(copy.id).not.toBe(queued.id);
    await waitFor(() => sink.withSubject('Sent then resent').length === 2);
    expect((await o.outbox.read(copy.id)).text).toBe(sentBodies(t).text);
  });

  it('makes a pending message due now on resend, without copying it', async () => {
    sink.refuse();
    const queued = await o.enqueue({ subject: 'Resent while waiting' });
    o.outbox.wake();
    await waitFor(async () => {
      const row = await o.row(queued.id);
      return row.attempts === 1 && row.lockedUntil === null;
    });
    sink.accept();
    const same = await o.outbox.resend(queued.id);
    expect(same.id).toBe(queued.id);
    expect(same.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    await waitFor(async () => (await o.row(queued.id)).status === 'sent');
    expect(sink.withSubject('Resent while waiting')).toHaveLength(1);
    expect(await o.repo.countBy({ subject: 'Resent while waiting' })).toBe(1);
  });

  it('answers 404 for resend and read of an unknown message', async () => {
    await expect(o.outbox.resend(987_654)).rejects.toBeInstanceOf(NotFoundException);
    await expect(o.outbox.read(987_654)).rejects.toBeInstanceOf(NotFoundException);
  });

  it('makes subjects one line and refuses a recipient it could not send to', async () => {
    const queued = await o.enqueue({ subject: 'Line one\r\nBcc: someone@example.com' });
    expect((await o.row(queued.id)).subject).toBe('Line one Bcc: someone@example.com');
    await expect(o.enqueue({ to: 'a@example.com\r\nBcc: b@example.com' })).rejects.toThrow(/recipient/);
    await expect(o.enqueue({ kind: 'x'.repeat(33) })).rejects.toThrow(/kind/);
    o.outbox.wake();
    const [mail] = await delivered('Line one');
    expect(mail!.to).toEqual(['customer@example.com']);
    expect(mail!.headers.has('bcc')).toBe(false);
  });

  it('stops cleanly: the send in flight completes and is recorded, then nothing more is sent', async () => {
    sink.slowDown(400);
    const before = sink.attempts;
    const queued = await o.enqueue({ subject: 'In flight at shutdown' });
    o.outbox.wake();
    await waitFor(() => sink.attempts > before, { what: 'the send to start' });
    await o.worker.stop();
    expect(o.worker.isRunning).toBe(false);
    expect(await o.row(queued.id)).toMatchObject({ status: 'sent', lockedUntil: null });
    expect(sink.withSubject('In flight at shutdown')).toHaveLength(1);

    sink.slowDown(0);
    const later = await o.enqueue({ subject: 'Queued while stopped' });
    o.outbox.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await o.row(later.id)).toMatchObject({ status: 'pending', attempts: 0 });

    o.worker.start();
    await waitFor(async () => (await o.row(later.id)).status === 'sent');
  });
});

describe('mail outbox with an SMTP server that is down', () => {
  let t: TestApp;

  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DIR: tempDir() });
  });
  afterAll(() => t?.close());

  it('records the connection error on the row and carries on', async () => {
    const o = outboxOf(t);
    const queued = await o.enqueue();
    o.outbox.wake();
    const row = await waitFor(async () => {
      const current = await o.row(queued.id);
      return current.attempts === 1 && current.lockedUntil === null && current;
    });
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(o.worker.isRunning).toBe(true);
    await t.http().get('/api/health').expect(200);
  });
});

describe('mail outbox without SMTP_URL', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = join(tempDir(), 'not', 'yet', 'there');
    t = await startTestApp({ MAIL_DIR: dir });
  });
  afterAll(() => t?.close());

  it('writes each message as an .eml file under MAIL_DIR and marks it sent', async () => {
    const o = outboxOf(t);
    expect(existsSync(dir)).toBe(false);
    const queued = await o.enqueue({ subject: 'Written to a file', to: 'shopper@example.com' });
    o.outbox.wake();
    const [file] = await waitFor(
      () => {
        const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        return files.length > 0 && files;
      },
      { what: 'the .eml file' },
    );
    expect(file).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3}Z-${queued.id}\\.eml$`),
    );
    expect(readdirSync(dir)).toEqual([file]);

    const mail = parseMail(readFileSync(join(dir, file!), 'utf8'));
    expect(decodeHeader(mail.headers.get('from')!)).toBe(t.config.mail.from);
    expect(mail.headers.get('to')).toBe('shopper@example.com');
    expect(mail.headers.get('subject')).toBe('Written to a file');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail.parts.get('text/plain')).toBe(sentBodies(t).text);
    expect(mail.parts.get('text/html')).toBe(sentBodies(t).html);

    await waitFor(async () => (await o.row(queued.id)).status === 'sent');
  });
});
