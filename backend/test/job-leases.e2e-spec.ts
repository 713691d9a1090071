import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { waitFor } from '@store/testing';
import { parseDatabaseUrl, type AppConfig } from '../src/config/app-config.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { createDataSource, dataSourceOptions } from '../src/database/data-source-options.js';
import { SCHEMA } from '../src/schema/entities.js';
import { migrate } from '../src/database/migrate.js';
import { HOUSEKEEPING_JOB, ReservationSweeper } from '../src/fulfilment/reservation-sweeper.js';
import { JobLease } from '../src/job-leases/entities/job-lease.entity.js';
import { JobLeases } from '../src/job-leases/job-leases.service.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { OUTBOX_OPTIONS, type OutboxOptions } from '../src/emails/outbox.options.js';
import { OutboxService } from '../src/emails/outbox.service.js';
import { OUTBOX_POLL_JOB, OutboxWorker } from '../src/emails/outbox.worker.js';
import { connectRedis } from '../src/redis/redis.module.js';
import { createIntent } from './support/checkout.js';
import {
  closeClient,
  closedRedisUrl,
  describeWithRedis,
  dropKeys,
  TEST_REDIS_URL,
  testKeyPrefix,
} from './support/redis.js';
import { DRIVER, migratedDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each JobLeases stands for one process: its own data source (its own pool, or its own connection to one
// SQLite file) and, for the Redis leases, its own client.
describe(`one leader per housekeeping job (JobLeases) on ${DRIVER}`, () => {
  const dataSources: DataSource[] = [];
  const clients: Redis[] = [];
  const prefixes: string[] = [];
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    // The Redis outage test logs at ERROR on purpose.
    Logger.overrideLogger(['fatal']);
    ({ url, drop } = await migratedDatabaseUrl());
    const problems: string[] = [];
    const config = parseDatabaseUrl(url, (path) => path, problems);
    expect(problems).toEqual([]);
    for (let i = 0; i < 3; i++)
      dataSources.push(await createDataSource(dataSourceOptions(config, SCHEMA)).initialize());
    await migrate(dataSources[0]!);
  });

  afterAll(async () => {
    for (const redis of clients) await closeClient(redis);
    for (const prefix of prefixes) await dropKeys(prefix);
    for (const db of dataSources) await db.destroy();
    await drop?.();
    Logger.overrideLogger(['error']);
  });

  /** Three processes whose leases are in the database, or in one Redis under a fresh prefix. */
  async function processes(store: 'database' | 'redis'): Promise<JobLeases[]> {
    if (store === 'database') return dataSources.map((db) => new JobLeases(db, null, { redis: null }));
    const prefix = testKeyPrefix('leases-redis');
    prefixes.push(prefix);
    return Promise.all(
      dataSources.map(async (db) => {
        const redis = await connectRedis(TEST_REDIS_URL);
        clients.push(redis);
        return new JobLeases(db, redis, { redis: { url: TEST_REDIS_URL, keyPrefix: prefix } });
      }),
    );
  }

  let jobCounter = 0;
  const newJob = () => `test-job-${jobCounter++}`;

  // In Redis: skipped without one (describeWithRedis).
  for (const store of ['database', 'redis'] as const)
    (store === 'redis' ? describeWithRedis : describe)(`with the leases in the ${store}`, () => {
      it('lets exactly one of several processes racing for a job run it, round after round', async () => {
        const leases = await processes(store);
        for (let race = 0; race < 10; race++) {
          const job = newJob();
          let running = 0;
          let overlapped = false;
          const ran = await Promise.all(
            leases.map((lease) =>
              lease.runIfLeader(job, 5_000, async () => {
                overlapped ||= ++running > 1;
                await sleep(20);
                running--;
              }),
            ),
          );
          expect(ran.filter(Boolean)).toHaveLength(1);
          expect(overlapped).toBe(false);
          // The leader keeps the job on its next rounds; the others keep skipping it.
          const leader = ran.indexOf(true);
          for (let round = 0; round < 2; round++) {
            const again = await Promise.all(
              leases.map((lease) => lease.runIfLeader(job, 5_000, async () => {})),
            );
            expect(again.map((r, i) => [i, r])).toEqual(leases.map((_, i) => [i, i === leader]));
          }
        }
      });

      it('hands the job to another process once a leader that died lets its lease expire', async () => {
        const [a, b] = await processes(store);
        const job = newJob();
        // Long enough for b's first try to come before it expires on a busy machine.
        const ttl = 1_500;
        const started = Date.now();
        expect(await a!.runIfLeader(job, ttl, async () => {})).toBe(true);
        // `a` dies here: it never runs a round again, so nothing extends its lease.
        expect(await b!.runIfLeader(job, ttl, async () => {})).toBe(false);
        await waitFor(() => b!.runIfLeader(job, ttl, async () => {}), { timeoutMs: 20_000, intervalMs: 50 });
        expect(Date.now() - started).toBeGreaterThanOrEqual(ttl - 50);
        // Were `a` only paused, it would now find the job taken.
        expect(await a!.runIfLeader(job, ttl, async () => {})).toBe(false);
      });

      it('keeps the lease while a round outlasts it, and gives it back when the process stops', async () => {
        const [a, b] = await processes(store);
        const job = newJob();
        // A round extends its lease once less than half is left, looking every quarter: a pause of the
        // process longer than a quarter can let it expire, which a busy machine's must not reach.
        const ttl = 3_000;
        let tries = 0;
        const long = a!.runIfLeader(job, ttl, async () => {
          // One and a half lease lifetimes: the round extends the lease as it goes.
          for (const end = Date.now() + 1.5 * ttl; Date.now() < end; await sleep(50)) {
            tries++;
            expect(await b!.runIfLeader(job, ttl, async () => {})).toBe(false);
          }
        });
        await expect(long).resolves.toBe(true);
        expect(tries).toBeGreaterThan(10);

        // A process that stops waits for its round, then lets go at once rather than after the lease expired.
        let begun = false;
        const slow = a!.runIfLeader(job, 60_000, async () => {
          begun = true;
          await sleep(200);
        });
        await waitFor(() => begun);
        const stopping = a!.beforeApplicationShutdown();
        await expect(slow).resolves.toBe(true);
        await stopping;
        expect(await b!.runIfLeader(job, 60_000, async () => {})).toBe(true);
        // And takes nothing new while it stops.
        expect(await a!.runIfLeader(newJob(), 60_000, async () => {})).toBe(false);
      });
    });

  it('takes the leases in the database while Redis does not answer, still one leader per job', async () => {
    const down = await closedRedisUrl();
    const prefix = testKeyPrefix('leases-down');
    const leases = await Promise.all(
      dataSources.map(async (db) => {
        const redis = await connectRedis(down);
        clients.push(redis);
        return new JobLeases(db, redis, { redis: { url: down, keyPrefix: prefix } });
      }),
    );
    const job = newJob();
    const ran = await Promise.all(leases.map((lease) => lease.runIfLeader(job, 5_000, async () => {})));
    expect(ran.filter(Boolean)).toHaveLength(1);
    const row = await dataSources[0]!.getRepository(JobLease).findOneByOrFail({ job });
    expect(row.holder).toBe(leases[ran.indexOf(true)]!.holder);
  });
});

// One app (a process of the store) and a JobLeases on its database standing for another process.
describe(`housekeeping and the outbox poll skip their rounds when another process leads (${DRIVER})`, () => {
  let t: TestApp;
  let other: JobLeases;
  let ours: JobLeases;

  beforeAll(async () => {
    t = await startTestApp();
    ours = t.app.get(JobLeases);
    other = new JobLeases(t.db, null, { redis: null } as Pick<AppConfig, 'redis'>);
  });
  afterAll(() => t.close());

  /** Makes `other` the job's leader (this app took the lease first, at start). */
  async function otherLeads(job: string): Promise<void> {
    await ours.release(job);
    expect(await other.claim(job, 60_000)).toBe(true);
  }

  it("leaves the housekeeping's rounds to the leader", async () => {
    await t.db.getRepository(Coupon).insert({ code: 'LEADER', percentOff: 10, maxRedemptions: 5 });
    await createIntent(t, { couponCode: 'LEADER' }).expect(201);
    const held = async () => (await t.db.getRepository(Coupon).findOneByOrFail({ code: 'LEADER' })).heldCount;
    expect(await held()).toBe(1);
    const sweeper = t.app.get(ReservationSweeper);
    const abandoned = () => new Date(Date.now() + 16 * 60_000);

    await otherLeads(HOUSEKEEPING_JOB);
    expect(await sweeper.leaderRound(abandoned())).toBe(false);
    expect(await held()).toBe(1);

    // The leader stops: this process takes the job over and releases the abandoned reservation.
    await other.release(HOUSEKEEPING_JOB);
    expect(await sweeper.leaderRound(abandoned())).toBe(true);
    expect(await held()).toBe(0);
  });

  it('sends what this process queues at once, and leaves the poll to the leader', async () => {
    const worker = t.app.get(OutboxWorker);
    const options = t.app.get<OutboxOptions>(OUTBOX_OPTIONS);
    const outbox = () => t.db.getRepository(OutboxEmail);
    await worker.stop();
    await otherLeads(OUTBOX_POLL_JOB);
    Object.assign(options, { pollIntervalMs: 50, pollLeaseMs: 2_000 });
    worker.start();

    // Queued here: woken on commit, sent by this process although it does not lead the poll.
    const queued = await t.db.transaction((m) =>
      t.app
        .get(OutboxService)
        .enqueue(m, { kind: 'test', to: 'fast@example.com', subject: 'Fast', text: 'x', html: 'x' }),
    );
    await waitFor(async () => (await outbox().findOneByOrFail({ id: queued.id })).status === 'sent', {
      timeoutMs: 20_000,
      what: 'the message queued here to be sent',
    });
    // The woken look may still be looking for more; it is over once the worker is back to its polls, which
    // run under the leader's lease.
    const pollRounds = jest.spyOn(ours, 'runIfLeader');
    const pollsFromNow = async (count: number) => {
      pollRounds.mockClear();
      await waitFor(() => pollRounds.mock.calls.filter(([job]) => job === OUTBOX_POLL_JOB).length >= count, {
        what: `${count} rounds of the outbox poll`,
      });
    };
    try {
      await pollsFromNow(1);

      // Due without anyone waking a worker (a retry coming due, another process's dead claim): only a poll
      // finds it, and this process does not poll.
      const cipher = t.app.get(OutboxCipher);
      const { identifiers } = await outbox().insert({
        kind: 'test',
        to: 'polled@example.com',
        subject: 'Polled',
        text: cipher.seal('x'),
        html: cipher.seal('x'),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(),
      });
      const id = Number(identifiers[0]!.id);
      await pollsFromNow(3);
      expect((await outbox().findOneByOrFail({ id })).status).toBe('pending');

      // The leader stops: this process's next poll takes the lease and sends it.
      await other.release(OUTBOX_POLL_JOB);
      await waitFor(async () => (await outbox().findOneByOrFail({ id })).status === 'sent', {
        timeoutMs: 20_000,
        what: 'the leader’s poll to send it',
      });
    } finally {
      pollRounds.mockRestore();
    }
    expect(await other.claim(OUTBOX_POLL_JOB, 60_000)).toBe(false);
  });
});
