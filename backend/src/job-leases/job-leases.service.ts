import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../redis/redis.module.js';
import { RedisFallback } from '../redis/redis-fallback.js';
import { DatabaseLeaseStore } from './database-lease-store.js';
import type { LeaseStore } from './lease-store.js';
import { RedisLeaseStore } from './redis-lease-store.js';

/**
 * One leader per housekeeping job when several processes serve the store: a job's periodic round runs in
 * the process holding the job's lease, and the others skip it. The lease is kept in Redis with REDIS_URL
 * (in the database while Redis does not answer: never "everybody runs", never "nobody runs"), otherwise
 * in the database's `job_leases` table. A leader keeps its lease by running its rounds (each extends it,
 * and a long round extends it as it goes); a leader that dies stops extending it, and once it expires the
 * next process to try takes over. A stopping process gives its leases back, so another leads at once.
 *
 * The lease saves work, it does not make the jobs correct: every job must stay safe to run in several
 * processes at once (they do: conditional UPDATEs and leased outbox claims), since a leader that stalls
 * for longer than its lease can briefly overlap with the next.
 */
@Injectable()
export class JobLeases implements BeforeApplicationShutdown {
  private readonly logger = new Logger('JobLeases');
  /** This process, as named in the leases it holds. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly database: LeaseStore;
  private readonly redis: LeaseStore | null;
  private readonly fallback = new RedisFallback(this.logger, 'taking job leases in the database');
  /**
   * The jobs whose lease this process holds: where (Redis, or the database during an outage), and until
   * when it surely still does (performance.now()).
   */
  private readonly held = new Map<string, { store: LeaseStore; until: number }>();
  /** Every job this process has asked to lead (their leadership is reported by /api/metrics). */
  private readonly jobsAsked = new Set<string>();
  /** Rounds running under a lease; shutdown waits for them before giving the leases back. */
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;

  constructor(
    @InjectDataSource() db: DataSource,
    @Inject(REDIS) redis: Redis | null,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'redis'>,
  ) {
    this.database = new DatabaseLeaseStore(db);
    this.redis = redis && config.redis ? new RedisLeaseStore(redis, config.redis.keyPrefix) : null;
  }

  /**
   * Runs `work` if this process leads `job`, taking the lease when it is free or expired and extending it
   * to `ttlMs` from now when it is already ours, and extending it while `work` runs. Answers whether
   * `work` ran. Throws when neither Redis nor the database answers; `work`'s own errors are passed on.
   */
  async runIfLeader(job: string, ttlMs: number, work: () => Promise<void>): Promise<boolean> {
    if (this.closing || !(await this.claim(job, ttlMs))) return false;
    if (this.closing) {
      // Taken while this process stops: given back rather than left to expire.
      await this.release(job);
      return false;
    }
    const extend = setInterval(() => {
      const extending = this.claim(job, ttlMs).catch(() => this.held.delete(job));
      this.running.add(extending);
      void extending.finally(() => this.running.delete(extending));
    }, ttlMs / 4);
    extend.unref();
    const round = work().finally(() => clearInterval(extend));
    this.running.add(round);
    try {
      await round;
    } finally {
      this.running.delete(round);
    }
    return true;
  }

  /** Whether this process leads `job` now, taking or extending its lease for `ttlMs`. */
  async claim(job: string, ttlMs: number): Promise<boolean> {
    const asked = performance.now();
    this.jobsAsked.add(job);
    // Ours for more than half its time still: no need to ask again yet.
    if ((this.held.get(job)?.until ?? 0) - asked > ttlMs / 2) return true;
    const claimIn = async (store: LeaseStore) =>
      (await store.claim(job, this.holder, ttlMs)) ? store : null;
    const store = await (this.redis
      ? this.fallback.run(
          () => claimIn(this.redis!),
          () => claimIn(this.database),
        )
      : claimIn(this.database));
    if (store && !this.held.has(job))
      this.logger.log(
        `This process leads ${job} (lease in ${store === this.redis ? 'Redis' : 'the database'})`,
      );
    // Set after `asked` by the store's clock, so ours until at least `asked + ttlMs` by this one.
    if (store) this.held.set(job, { store, until: asked + ttlMs });
    else this.held.delete(job);
    return store !== null;
  }

  /** Every job this process has asked to lead, and whether it surely holds that job's lease now. */
  leadership(): Map<string, boolean> {
    const now = performance.now();
    return new Map([...this.jobsAsked].map((job) => [job, (this.held.get(job)?.until ?? 0) > now]));
  }

  /** Gives the lease back if this process holds it. */
  async release(job: string): Promise<void> {
    const lease = this.held.get(job);
    this.held.delete(job);
    await lease?.store.release(job, this.holder);
  }

  /** Lets the rounds under way finish, then gives every lease back (before the database and Redis close). */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
    const jobs = [...this.held.keys()];
    await Promise.allSettled(jobs.map((job) => this.release(job)));
    if (jobs.length) this.logger.log(`Gave back the lease of ${jobs.join(', ')}`);
  }
}
