import { SmtpSink, type ScratchDatabase } from '@store/testing';
import {
  ACCESS_LINK_ANSWER,
  ACCESS_LINK_KIND,
  ACCESS_LINK_REQUEST_KIND,
} from '../src/account/account.service.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { buyWithDemo, shopperAddress } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, migratedDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

const SUBJECT = 'Your link to your licences';

/**
 * The storefront's sign-in links (#32 §4): limited per recipient whatever the client address, in the
 * database every process shares, and the request does the same work whether or not the address has orders.
 * Two apps on one database stand for two processes; their outbox workers only run when a test drains them,
 * so each step's outcome is known.
 */
describe(`sign-in links asked for on the storefront on ${DRIVER}`, () => {
  let smtp: SmtpSink;
  let shared: ScratchDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    shared = await migratedDatabaseUrl();
    const env = { DATABASE_URL: shared.url, SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' };
    a = await startTestApp(env);
    b = await startTestApp(env);
    for (const t of [a, b]) await t.app.get(OutboxWorker).stop();
    // Two apps started: past 30 s on MariaDB under CI's lanes. A hang detector.
  }, 120_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.drop();
    await smtp.close();
  });

  /** Asked for from a fresh client address each time, as the scan did. */
  const requestLink = async (t: TestApp, email: string) => {
    const res = await t
      .http()
      .post('/api/account/link')
      .set('x-forwarded-for', shopperAddress())
      .send({ email })
      .expect(202);
    expect(res.body).toEqual({ message: ACCESS_LINK_ANSWER });
  };
  const drain = async (t: TestApp) => {
    await t.app.get(OutboxWorker).drain();
  };
  const linksTo = (to: string) =>
    a.db
      .getRepository(OutboxEmail)
      .find({ where: { kind: ACCESS_LINK_REQUEST_KIND, to }, order: { id: 'ASC' } });
  const received = (to: string) => smtp.received.filter((m) => m.subject === SUBJECT && m.to.includes(to));
  /** Moves the address's sent links back in time by `ms`, as if they were sent that long before. */
  const age = async (to: string, ms: number) => {
    const sent = (await linksTo(to)).filter((m) => m.status === 'sent');
    for (const m of sent)
      await a.db.getRepository(OutboxEmail).update(m.id, { sentAt: new Date(m.sentAt!.getTime() - ms) });
  };

  it('queues the same job for an address with orders and one without; only the customer gets an e-mail', async () => {
    await buyWithDemo(a, undefined, 'known@example.com');
    await drain(a);
    await requestLink(a, 'known@example.com');
    await requestLink(a, 'unknown@example.com');
    // The request wrote one message for each, the same way, without looking the address up.
    const [known] = await linksTo('known@example.com');
    const [unknown] = await linksTo('unknown@example.com');
    for (const m of [known, unknown])
      expect(m).toMatchObject({ status: 'pending', attempts: 0, orderId: null });

    await drain(a);
    expect(received('known@example.com')).toHaveLength(1);
    expect(received('unknown@example.com')).toEqual([]);
    expect((await linksTo('known@example.com')).map((m) => m.status)).toEqual(['sent']);
    // Nothing is kept of an address that is no customer's.
    expect(await linksTo('unknown@example.com')).toEqual([]);
  });

  it('sends one customer 3 links in 15 minutes, whichever process and client address asked', async () => {
    await buyWithDemo(a, undefined, 'flooded@example.com');
    await drain(a);
    for (let i = 0; i < 5; i++) await requestLink(a, 'flooded@example.com');
    await drain(a);
    expect(received('flooded@example.com')).toHaveLength(3);
    // The other process counts what the first one sent.
    for (let i = 0; i < 5; i++) await requestLink(b, 'flooded@example.com');
    await drain(b);
    expect(received('flooded@example.com')).toHaveLength(3);

    const links = await linksTo('flooded@example.com');
    expect(links.map((m) => m.status)).toEqual([...Array(3).fill('sent'), ...Array(7).fill('withheld')]);
    for (const m of links.slice(3))
      expect(m.lastError).toBe('the address was sent 3 sign-in links in 15 minutes');

    // A quarter of an hour later the customer can ask again.
    await age('flooded@example.com', 16 * 60_000);
    await requestLink(b, 'flooded@example.com');
    await drain(a);
    expect(received('flooded@example.com')).toHaveLength(4);
  });

  it('sends one customer at most 10 links in a day', async () => {
    await buyWithDemo(a, undefined, 'daily@example.com');
    await drain(a);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3; i++) await requestLink(round % 2 ? b : a, 'daily@example.com');
      await drain(round % 2 ? a : b);
      await age('daily@example.com', 16 * 60_000);
    }
    expect(received('daily@example.com')).toHaveLength(10);
    await requestLink(a, 'daily@example.com');
    await drain(a);
    expect(received('daily@example.com')).toHaveLength(10);
    const withheld = (await linksTo('daily@example.com')).filter((m) => m.status === 'withheld');
    expect(withheld.map((m) => m.lastError)).toEqual(
      Array(3).fill('the address was sent 10 sign-in links in a day'),
    );

    // A day later, links go out again.
    await age('daily@example.com', 24 * 3600_000);
    await requestLink(b, 'daily@example.com');
    await drain(b);
    expect(received('daily@example.com')).toHaveLength(11);
  });

  it('counts the links staff send from the customer view, which are not held back', async () => {
    await buyWithDemo(a, undefined, 'called@example.com');
    await drain(a);
    const support = await signIn(a, 'support');
    const staffSends = () =>
      a
        .http()
        .post('/api/admin/customers/called%40example.com/access-link')
        .set('authorization', support)
        .expect(202);
    await staffSends();
    await drain(a);
    for (let i = 0; i < 3; i++) await requestLink(b, 'called@example.com');
    await drain(b);
    // Staff's link and two of the three asked for.
    expect(received('called@example.com')).toHaveLength(3);
    expect((await linksTo('called@example.com')).map((m) => m.status)).toEqual(['sent', 'sent', 'withheld']);

    // The customer phones: staff send one all the same (staff's own limit is one a minute).
    await a.db
      .getRepository(OutboxEmail)
      .update(
        { kind: ACCESS_LINK_KIND, to: 'called@example.com' },
        { createdAt: new Date(Date.now() - 120_000) },
      );
    await staffSends();
    await drain(a);
    expect(received('called@example.com')).toHaveLength(4);
  });
});
