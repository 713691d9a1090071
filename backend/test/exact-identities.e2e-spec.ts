import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { ExactIdentities1764100000000 } from '../src/database/migrations/1764100000000-exact-identities.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { ACCESS_LINK_REQUEST_KIND } from '../src/account/account.service.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, buyWithDemo, createIntent, shopperAddress } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

/**
 * Identities and secrets compare exactly on every driver (#15 item 1). MySQL/MariaDB's default collations
 * ignore case and accents, so on those these requests used to reach someone else's orders and accounts.
 */
describe(`identities and secrets compared exactly on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  /** The sign-in links the outbox sent to `to`, once it has looked at every one asked for. */
  const accessLinksTo = async (to: string) => {
    await t.app.get(OutboxWorker).drain();
    await t.app.get(OutboxWorker).settled();
    return t.db.getRepository(OutboxEmail).countBy({ kind: ACCESS_LINK_REQUEST_KIND, to, status: 'sent' });
  };
  const requestLink = (email: string) =>
    t.http().post('/api/account/link').set('x-forwarded-for', shopperAddress()).send({ email }).expect(202);

  it('mails no access link for a look-alike address of a customer', async () => {
    await buyWithDemo(t, undefined, 'victim@company.com');
    await requestLink('victim@cömpany.com');
    await requestLink('victim@xn--cmpany-wxa.com');
    await requestLink('vıctim@company.com');
    await t.app.get(OutboxWorker).drain();
    await t.app.get(OutboxWorker).settled();
    expect(
      await t.db.getRepository(OutboxEmail).countBy({ kind: ACCESS_LINK_REQUEST_KIND, status: 'sent' }),
    ).toBe(0);

    // The same address in capitals is the same address.
    await requestLink(' VICTIM@Company.COM ');
    expect(await accessLinksTo('victim@company.com')).toBe(1);
  });

  it('stores an internationalised domain in its ASCII form, a different address from its look-alike', async () => {
    const intent = await buyWithDemo(t, undefined, 'Shopper@Bücher.example');
    const order = await t.db.getRepository(Order).findOneByOrFail({ id: intent.orderId });
    expect(order.customerEmail).toBe('shopper@xn--bcher-kva.example');

    const found = await t
      .http()
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ q: 'Shopper@Bücher.Example' }) })
      .set('authorization', await signIn(t, 'support'))
      .expect(200);
    expect(found.body.map((o: { id: string }) => o.id)).toEqual([intent.orderId]);

    await requestLink('shopper@bucher.example');
    expect(await accessLinksTo('shopper@bucher.example')).toBe(0);
    await requestLink('SHOPPER@BÜCHER.example');
    expect(await accessLinksTo('shopper@xn--bcher-kva.example')).toBe(1);
  });

  it('refuses an address with a non-ASCII local part at checkout, naming the field', async () => {
    const res = await createIntent(t, { billing: { ...BILLING, email: 'jöe@example.com' } }).expect(400);
    expect(problems(res.body)).toEqual([
      'Please enter an email address without accents or non-Latin letters before the @',
    ]);
  });

  describe('staff usernames', () => {
    const login = (username: string, ip: string, password: string = DEV_DEFAULTS.adminPassword) =>
      t.http().post('/api/admin/login').set('x-forwarded-for', ip).send({ username, password });

    it('do not sign a look-alike in as the administrator', async () => {
      for (const [i, username] of ['ádmin', 'admın', 'àdmin', 'ADMİN'].entries()) {
        await login(username, `10.210.0.${i + 1}`).expect(401);
      }
    });

    it('are matched in lower case, as they are stored', async () => {
      const res = await login(' Admin ', '10.210.1.1').expect(200);
      expect(res.body.user.username).toBe('admin');
    });

    it('share one throttle budget across letter case', async () => {
      for (let i = 0; i < 5; i++) await login('admin', '10.210.2.1', 'wrong-password').expect(401);
      await login('ADMIN', '10.210.2.1').expect(429);
    });
  });

  it('brings the e-mails and usernames stored before to their canonical forms (the migration)', async () => {
    const first = await buyWithDemo(t, undefined, 'legacy-one@example.com');
    const second = await buyWithDemo(t, undefined, 'legacy-two@example.com');
    const orders = t.db.getRepository(Order);
    await orders.update({ id: first.orderId }, { customerEmail: 'Legacy-One@EXAMPLE.com' });
    await orders.update({ id: second.orderId }, { customerEmail: 'Légacy@Bücher.Example' });
    await t.db.getRepository(StaffMember).update({ username: 'admin' }, { username: 'Admin' });

    const runner = t.db.createQueryRunner();
    try {
      await runner.beforeMigration();
      await new ExactIdentities1764100000000().up(runner);
    } finally {
      await runner.afterMigration();
      await runner.release();
    }

    expect((await orders.findOneByOrFail({ id: first.orderId })).customerEmail).toBe(
      'legacy-one@example.com',
    );
    expect((await orders.findOneByOrFail({ id: second.orderId })).customerEmail).toBe(
      'légacy@xn--bcher-kva.example',
    );
    expect(await t.db.getRepository(StaffMember).existsBy({ username: 'admin' })).toBe(true);
  });

  it('upgrades usernames that differ only in letter case (SQLite kept them apart) without failing', async () => {
    const users = t.db.getRepository(StaffMember);
    const passwordHash = (await users.findOneByOrFail({ username: 'admin' })).passwordHash;
    const lower = await users.save({ username: 'twin.staff', passwordHash, role: 'support' });
    const mixed = await users.save({ username: 'Twin.Staff', passwordHash, role: 'support' });
    const upper = await users.save({ username: 'TWIN.STAFF', passwordHash, role: 'support' });
    const alone = await users.save({ username: 'Single.Staff', passwordHash, role: 'support' });

    const runner = t.db.createQueryRunner();
    try {
      await runner.beforeMigration();
      await new ExactIdentities1764100000000().up(runner);
    } finally {
      await runner.afterMigration();
      await runner.release();
    }

    const nameOf = async (id: number) => (await users.findOneByOrFail({ id })).username;
    // The one already signing in as `twin.staff` keeps it; the others get their id appended.
    expect(await nameOf(lower.id)).toBe('twin.staff');
    expect(await nameOf(mixed.id)).toBe(`twin.staff-${mixed.id}`);
    expect(await nameOf(upper.id)).toBe(`twin.staff-${upper.id}`);
    expect(await nameOf(alone.id)).toBe('single.staff');
  });

  it('answers 404 for a download token with its letters in another case', async () => {
    const intent = await buyWithDemo(t, undefined, 'downloader@example.com');
    const link = await t.db.getRepository(DownloadLink).findOneByOrFail({ orderId: intent.orderId });
    const swapped = [...link.token]
      .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
      .join('');
    expect(swapped).not.toBe(link.token);
    await t.http().get(`/api/downloads/${swapped}`).expect(404);
    await t.http().get(`/api/downloads/${link.token}`).expect(302);
  });

  it('does not take a coupon code with an accent for the code', async () => {
    const validate = (code: string) =>
      t.http().post('/api/coupons/validate').set('x-forwarded-for', shopperAddress()).send({ code });
    await validate(' save10 ').expect(200);
    await validate('SÄVE10').expect(404);
    await validate('SAVE１0').expect(404);
    await createIntent(t, { couponCode: 'sàve10' }).expect(409);
  });
});
