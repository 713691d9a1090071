// The cluster pass: the store scaled out as a deployment runs it (docker-compose.yml): three built
// processes on one MariaDB/MySQL database and one Redis, behind Debian's nginx (round-robin, the one
// proxy hop the processes trust). Everything goes through nginx: three processes starting at once on an
// empty database, 30 buyers for 10 keys, the sign-in limit counted once for all processes, and one process
// killed with SIGKILL in the middle of purchases. SQLite is the single-process embedded default: skipped.
import { waitFor } from '@store/testing';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../src/auth/auth.controller.js';
import { keysWithTtl } from '../test/support/redis.js';
import { StoreCluster } from './support/cluster.js';
import { recordFigures } from './support/figures.js';
import {
  DELIVERY_SUBJECT,
  BILLING,
  claimedByTheDead,
  deliveryMails,
  expectEachOnce,
  expectNothingHalfDone,
  expectOneKeyEach,
  freshKeys,
  keysIn,
  num,
  outboxSettled,
  shopperAddress,
  STANDARD,
  Tally,
  thirtyBuyersForTenKeys,
  type Answer,
  type Intent,
} from './support/shoppers.js';
import {
  expectAllServingWithoutError,
  expectMigratedOnce,
  expectSeededOnce,
} from './support/startup-checks.js';
import { DRIVER } from './support/store-process.js';

const PROCESSES = 3;

jest.setTimeout(300_000);

/** A line in the run's output on how the kill fell. */
const note = (line: string) => process.stdout.write(`  [cluster on ${DRIVER}] ${line}\n`);

const describeOnServer = DRIVER === 'sqlite' ? describe.skip : describe;
if (DRIVER === 'sqlite')
  note('skipped: SQLite is one embedded file for one process; the pass runs on MariaDB/MySQL');

describeOnServer(
  `${PROCESSES} processes behind nginx on one ${DRIVER} database and one Redis (skipped on SQLite: one embedded file, one process)`,
  () => {
    const holder: { cluster?: StoreCluster } = {};
    const cluster = () => holder.cluster!;
    const t = new Tally(cluster);
    /** Which processes answered, by the upstream nginx names ("127.0.0.1:port"). */
    const upstreamOf = (answer: Answer) => answer.headers.get('x-upstream') ?? '';

    beforeAll(async () => {
      // Demo keys on: the seed race was theirs. MAIL_SEND_TIMEOUT_SECONDS=2: a killed process's claim on
      // an e-mail is taken over 4 s later.
      await StoreCluster.start(PROCESSES, { SEED_DEMO_KEYS: '1', MAIL_SEND_TIMEOUT_SECONDS: '2' }, holder);
    });
    afterAll(async () => {
      await holder.cluster?.close();
    });
    afterEach(() => {
      // Any 5xx the test did not provoke fails the test that saw it.
      expect(t.errors).toEqual([]);
    });

    it('starts all three at once on an empty database: one migration run, one seed, no ERROR; nginx reaches each', async () => {
      const { db, servers } = cluster();
      await expectAllServingWithoutError(servers);
      await expectMigratedOnce(db, servers);
      await expectSeededOnce(db, servers);
      const answers = [];
      for (let i = 0; i < PROCESSES * 2; i++) answers.push(await t.call('GET', '/api/products'));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.map(upstreamOf))).toEqual(new Set(servers.map((s) => `127.0.0.1:${s.port}`)));
      recordFigures('cluster: three starting at once', {
        requests: t.requests,
        serverErrors: t.serverErrors,
      });
    });

    it('30 buyers for 10 keys across the three: 10 delivered, 20 paid and waiting; no key twice, every e-mail once', async () => {
      const { db, mail } = cluster();
      const requestsBefore = t.requests;
      const admin = await t.adminAuth();
      // Only the 10 keys of this test in stock for the product (the seed's demo keys go).
      await db.query('DELETE FROM license_keys WHERE productId = ? AND orderId IS NULL', [STANDARD]);
      const { first, purchases } = await thirtyBuyersForTenKeys(t, admin, mail, 'cluster');
      // The load was spread over the three processes.
      expect(new Set(purchases.flatMap((p) => [p.created, p.paid].map(upstreamOf))).size).toBe(PROCESSES);

      const ids = purchases.map((p) => p.intent.orderId);
      const marks = ids.map(() => '?').join(',');
      const orders = await db.query<{ status: string; paymentStatus: string; awaitingKeys: unknown }>(
        `SELECT status, paymentStatus, awaitingKeys FROM orders WHERE id IN (${marks})`,
        ids,
      );
      expect(orders.every((o) => o.paymentStatus === 'completed')).toBe(true);
      expect(orders.filter((o) => o.status === 'fulfilled' && !num(o.awaitingKeys))).toHaveLength(10);
      expect(orders.filter((o) => o.status === 'processing' && num(o.awaitingKeys))).toHaveLength(20);
      const perOrder = await db.query<{ n: unknown }>(
        `SELECT COUNT(*) AS n FROM license_keys WHERE orderId IN (${marks}) GROUP BY orderId`,
        ids,
      );
      expect(perOrder.map((row) => num(row.n))).toEqual(Array(10).fill(1));

      // The other 20 keys arrive: the waiting orders are completed, whichever process imports them.
      const rest = freshKeys(20);
      const restock = await t.importKeys(admin, STANDARD, rest);
      expect(restock.body).toEqual({ imported: 20, duplicates: 0, invalid: [], ordersCompleted: 20 });
      const received = await expectOneKeyEach(db, mail, purchases, [...first, ...rest]);
      const outbox = await db.query<{ id: unknown; kind: string }>('SELECT id, kind FROM mail_outbox');
      // 50 to the buyers, and one to staff when orders started waiting for keys (#21 §2): one alert for the
      // crossing, whichever of the three processes saw it.
      expect(outbox.filter((row) => row.kind === 'orders-waiting')).toHaveLength(1);
      expect(outbox).toHaveLength(51);
      const extra = expectEachOnce(mail.received, outbox);
      const deliveries = mail.received.filter((m) => DELIVERY_SUBJECT.test(m.subject));

      recordFigures('cluster: 30 buyers, 10 keys', {
        requests: t.requests - requestsBefore,
        serverErrors: t.serverErrors,
        keysDelivered: received.length,
        duplicates: received.length - new Set(received).size + extra,
        emailsSent: deliveries.length,
        emailsLost: Math.max(0, 50 - deliveries.length),
      });
    });

    it(`refuses the ${LOGIN_ATTEMPTS_PER_MINUTE + 1}th wrong password of one client whichever process answers`, async () => {
      const { balancer, servers, adminPassword, redisKeyPrefix } = cluster();
      const requestsBefore = t.requests;
      const attacker = '10.66.0.1';
      const login = (password: string, claimed = attacker) =>
        t.call('POST', '/api/admin/login', {
          json: { username: 'admin', password },
          headers: { 'x-forwarded-for': claimed },
        });
      const wrong = [];
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) wrong.push(await login(`wrong-password-${i}`));
      expect(wrong.map((a) => a.status)).toEqual(Array(LOGIN_ATTEMPTS_PER_MINUTE).fill(401));
      // One more from each process in turn: every one refuses.
      const refused = [];
      for (let i = 0; i < PROCESSES; i++) refused.push(await login(`wrong-password-more-${i}`));
      expect(refused.map((a) => a.status)).toEqual(Array(PROCESSES).fill(429));
      expect(refused.every((a) => Number(a.headers.get('retry-after')) > 0)).toBe(true);
      const everyProcess = new Set(servers.map((s) => `127.0.0.1:${s.port}`));
      expect(new Set(wrong.map(upstreamOf))).toEqual(everyProcess);
      expect(new Set(refused.map(upstreamOf))).toEqual(everyProcess);

      // The client's own X-Forwarded-For changes nothing: the processes trust nginx's entry only.
      t.requests++;
      const spoofed = await balancer!.request('POST', '/api/admin/login', {
        json: { username: 'admin', password: 'wrong-password-spoofed' },
        headers: { 'x-forwarded-for': '10.99.0.1' },
        from: StoreCluster.sourceFor(attacker),
      });
      expect(spoofed.status).toBe(429);
      // Even the right password waits from there; another client signs in.
      expect((await login(adminPassword)).status).toBe(429);
      expect((await login(adminPassword, '10.66.0.2')).status).toBe(200);
      // Counted in Redis, under this store's prefix.
      expect((await keysWithTtl(redisKeyPrefix)).size).toBeGreaterThan(0);

      recordFigures('cluster: global sign-in limit', {
        requests: t.requests - requestsBefore,
        serverErrors: t.serverErrors,
      });
    });

    it('one process killed with SIGKILL mid-purchase: every paid order gets its key and one e-mail, nothing doubled', async () => {
      const { db, mail, servers } = cluster();
      const requestsBefore = t.requests;
      const admin = await t.adminAuth();
      const keysBefore = num(
        (await db.query<{ n: unknown }>('SELECT COUNT(*) AS n FROM license_keys'))[0]!.n,
      );
      const stock = freshKeys(25);
      expect((await t.importKeys(admin, STANDARD, stock)).status).toBe(200);
      const victim = servers[1]!;
      const victimUpstream = `127.0.0.1:${victim.port}`;

      interface Shopper {
        email: string;
        address: string;
        key: string;
        intent?: Intent;
        confirmed: boolean;
        cutOff: number;
      }
      const shoppers: Shopper[] = Array.from({ length: 20 }, (_, i) => ({
        email: `cluster-crash-${i}@fault.example.com`,
        address: shopperAddress(),
        key: `cluster-crash-${i}-${Date.now()}`,
        confirmed: false,
        cutOff: 0,
      }));
      /**
       * A request cut off by the kill: nginx answers 502 (a POST half sent is not replayed elsewhere), naming
       * the killed process. Anything else is a server error.
       */
      const cutOff = (shopper: Shopper, answer: Answer) => {
        expect([answer.status, upstreamOf(answer).split(', ').pop()]).toEqual([502, victimUpstream]);
        shopper.cutOff++;
      };
      const buy = async (shopper: Shopper) => {
        const headers = { 'x-forwarded-for': shopper.address };
        const created = await t.call('POST', '/api/create-payment-intent', {
          json: {
            cartItems: [{ id: STANDARD, quantity: 1 }],
            billing: { ...BILLING, email: shopper.email },
          },
          headers: { ...headers, 'idempotency-key': shopper.key },
          expect5xx: true,
        });
        if (created.status >= 500) return cutOff(shopper, created);
        expect(created.status).toBe(201);
        shopper.intent = created.body as Intent;
        const paid = await t.call('POST', '/api/payments/demo/confirm', {
          json: { orderId: shopper.intent.orderId, clientSecret: shopper.intent.clientSecret },
          headers,
          expect5xx: true,
        });
        if (paid.status >= 500) return cutOff(shopper, paid);
        expect(paid.status).toBe(200);
        shopper.confirmed = true;
      };

      // All 20 at once, across the three; one process is killed once a few payments have been confirmed.
      const purchases = Promise.all(shoppers.map(buy));
      await waitFor(() => shoppers.filter((s) => s.confirmed).length >= 2, {
        timeoutMs: 20_000,
        intervalMs: 1,
        what: 'a few confirmed payments',
      });
      const confirmedAtKill = shoppers.filter((s) => s.confirmed).length;
      await victim.kill();
      // E-mails claimed and not yet recorded at the kill: the dead one's may come twice (see claimedByTheDead).
      const inDoubt = await claimedByTheDead(db, PROCESSES);
      await purchases;
      const interrupted = shoppers.filter((s) => s.cutOff > 0).length;

      // The shoppers cut off try again (same Idempotency-Key, then pay): nginx sends them to the living.
      await Promise.all(shoppers.filter((s) => !s.confirmed).map(buy));
      expect(shoppers.every((s) => s.confirmed)).toBe(true);
      const ids = shoppers.map((s) => s.intent!.orderId);
      expect(new Set(ids).size).toBe(20);

      const final = await expectNothingHalfDone(db, keysBefore + stock.length, ids);
      expect(final.orders).toHaveLength(20);
      expect(final.paid).toBe(20);
      await waitFor(
        () => shoppers.every((s) => deliveryMails(mail.received, s.intent!.orderId).length >= 1),
        {
          timeoutMs: 60_000,
          what: 'every order to be mailed',
        },
      );
      // The dead process's claim taken over and its e-mail sent again: a second copy would be here.
      await outboxSettled(db);
      const outbox = await db.query<{ id: unknown }>('SELECT id FROM mail_outbox');
      const extra = expectEachOnce(mail.received, outbox, inDoubt);
      const mailedKeys = shoppers.flatMap((s) => keysIn(deliveryMails(mail.received, s.intent!.orderId)[0]!));
      expect(mailedKeys).toHaveLength(20);
      expect(new Set(mailedKeys).size).toBe(20);
      expect(mailedKeys.every((key) => stock.includes(key))).toBe(true);
      const unsent = await db.query("SELECT id FROM mail_outbox WHERE status <> 'sent'");
      expect(unsent).toEqual([]);

      // The killed process comes back on its port; nginx sends it requests again once it is up.
      await victim.startServer();
      await waitFor(async () => upstreamOf(await t.call('GET', '/api/health')) === victimUpstream, {
        timeoutMs: 30_000,
        intervalMs: 200,
        what: 'nginx to send requests to the restarted process',
      });
      await expectAllServingWithoutError(servers);

      recordFigures('cluster: kill -9 of one process mid-purchase', {
        requests: t.requests - requestsBefore,
        serverErrors: t.serverErrors,
        keysDelivered: mailedKeys.length,
        duplicates: extra,
        emailsSent: shoppers.reduce((n, s) => n + deliveryMails(mail.received, s.intent!.orderId).length, 0),
        emailsLost: shoppers.filter((s) => deliveryMails(mail.received, s.intent!.orderId).length === 0)
          .length,
      });
      note(
        `kill -9 of one of ${PROCESSES} fell after ${confirmedAtKill} confirmed payments, cutting off ` +
          `${interrupted} purchases (nginx 502, retried); ${inDoubt.size} e-mail(s) in doubt, ${extra} sent twice`,
      );
    });
  },
);
