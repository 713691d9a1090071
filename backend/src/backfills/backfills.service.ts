import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runInTransaction } from '../database/transactions.js';
import { JobLeases } from '../job-leases/job-leases.service.js';
import type { BackfillBatch, BackfillJob } from './backfill-job.js';
import { Backfill } from './entities/backfill.entity.js';

/** A backfill's lease (JobLeases): a leader that dies is replaced within this time and a retry. */
export const BACKFILL_LEASE_MS = 60_000;
/** How often a process that does not lead looks again (the leader may have died, or finished). */
export const BACKFILL_RETRY_MS = 30_000;
/** A backfill still running is re-read at most this often to answer `running()`. */
export const BACKFILL_STATUS_MS = 5_000;
/** How often the leader logs its progress. */
const PROGRESS_MS = 10_000;

const plural = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * The data steps of upgrades that grow with the data (a backfill: giving every stored row something the new
 * version needs), worked through in the background while the store serves, never at start under the
 * start-up lock. A migration queues one (a row of `backfills`); the module that owns the rows registers its
 * job (BackfillJob) under the same name; from the start of the app, one process, the holder of the
 * backfill's lease, walks the rows in id order a batch at a time, each batch in one transaction that also
 * records how far it got, so a process stopped or killed half-way leaves a consistent table and the next
 * leader resumes where it stopped. Progress is logged every 10 s. Until a backfill is done, what it feeds
 * says so (`running()`, and the X-Backfill-Running header of BackfillNotice).
 *
 * Two processes never apply the same batch: the transaction moves the backfill only from where its batch
 * started, and rolls back when another leader (one that stalled past its lease) moved it first.
 */
@Injectable()
export class Backfills implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Backfills');
  private readonly jobs = new Map<string, BackfillJob>();
  /** Backfills known to be done (or never queued): for good. */
  private readonly finished = new Set<string>();
  private readonly status = new Map<string, { at: number; reading: Promise<boolean> }>();
  private readonly unknown = new Set<string>();
  private timer?: NodeJS.Timeout;
  private round: Promise<unknown> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly leases: JobLeases,
  ) {}

  /** Makes `job` the work of the backfill queued under its name (from a module's onModuleInit). */
  register(job: BackfillJob): void {
    this.jobs.set(job.name, job);
  }

  onApplicationBootstrap(): void {
    this.startRound();
  }

  /** Answers once the round under way, if any, is over (the next may be scheduled). */
  async settled(): Promise<void> {
    await this.round;
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    // The batch under way commits (or rolls back) before the database closes.
    await this.round;
  }

  /**
   * Whether backfill `name` is still to finish: what it feeds may be incomplete meanwhile. Read from the
   * database at most every BACKFILL_STATUS_MS while it runs, and never again once it is done.
   */
  async running(name: string): Promise<boolean> {
    if (this.finished.has(name)) return false;
    const known = this.status.get(name);
    if (known && Date.now() - known.at < BACKFILL_STATUS_MS) return known.reading;
    const reading = this.db
      .getRepository(Backfill)
      .findOne({ select: { state: true }, where: { name } })
      .then((row) => {
        if (row?.state === 'pending') return true;
        this.finished.add(name);
        return false;
      });
    this.status.set(name, { at: Date.now(), reading });
    try {
      return await reading;
    } catch (error) {
      this.status.delete(name);
      throw error;
    }
  }

  /**
   * Forgets what it knows of the backfills' states, so they are read again: for after migrations ran in
   * this process while it serves (tests; a server never does, its migrations run before it starts).
   */
  reload(): void {
    this.finished.clear();
    this.status.clear();
  }

  /** The backfills still to finish, by name (for the readiness answer); from what `running()` knows. */
  async pending(): Promise<string[]> {
    const names = [...this.jobs.keys()];
    const running = await Promise.all(names.map((name) => this.running(name)));
    return names.filter((_, i) => running[i]);
  }

  /** Works through what is pending now, then again in BACKFILL_RETRY_MS while anything is left. */
  private startRound(): void {
    this.round = this.runPending().then(
      (left) => {
        if (left) this.retryLater();
      },
      (error: unknown) => {
        this.logger.error(`Backfills stopped, retrying in ${seconds(BACKFILL_RETRY_MS)}: ${String(error)}`);
        this.retryLater();
      },
    );
  }

  private retryLater(): void {
    if (this.closing) return;
    this.timer = setTimeout(() => this.startRound(), BACKFILL_RETRY_MS);
    this.timer.unref();
  }

  /**
   * Works through each pending backfill this process leads (takes the lease of, when free); answers
   * whether any is still pending (led by another process, or stopped by this one's shutdown). One call at a
   * time in a process: a second waits for the first.
   */
  runPending(): Promise<boolean> {
    const run = this.queue.then(() => this.runEach());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runEach(): Promise<boolean> {
    const rows = await this.db.getRepository(Backfill).find({ select: { name: true, state: true } });
    let left = false;
    for (const { name, state } of rows) {
      if (state === 'done') {
        this.finished.add(name);
        continue;
      }
      const job = this.jobs.get(name);
      if (!job) {
        // Queued by a newer version's migration during a rolling deploy: that version's processes do it.
        if (!this.unknown.has(name)) this.logger.warn(`Backfill ${name} is not known to this version`);
        this.unknown.add(name);
        continue;
      }
      if (this.closing) return true;
      await this.leases.runIfLeader(`backfill:${name}`, BACKFILL_LEASE_MS, () => this.work(job));
      if (!this.finished.has(name)) left = true;
    }
    return left;
  }

  /** Batches of `job` until it is done or this process stops. */
  private async work(job: BackfillJob): Promise<void> {
    const repo = this.db.getRepository(Backfill);
    const row = await repo.findOneByOrFail({ name: job.name });
    if (row.state === 'done') return this.finish(job.name);
    if (!row.startedAt) await repo.update({ name: job.name }, { startedAt: new Date() });
    const started = Date.now();
    const walkedBefore = row.walked;
    let { lastId, walked } = row;
    const total = walked + (await job.remaining(this.db, lastId, row.queuedAt));
    this.logger.log(
      `${job.name}: ${walked ? `resuming after ${plural(walked)} of` : 'working through'} ` +
        `${plural(total)} ${job.rows} in the background`,
    );
    let reported = started;
    while (!this.closing) {
      const batch = await job.next(this.db, lastId, row.queuedAt);
      if (!(await this.advance(job.name, lastId, batch))) {
        this.logger.warn(`${job.name}: another process went on with it; this one stops`);
        return;
      }
      if (!batch) {
        this.finish(job.name);
        this.logger.log(
          `${job.name}: done, ${plural(walked - walkedBefore)} ${job.rows} in ${seconds(Date.now() - started)}`,
        );
        return;
      }
      ({ lastId } = batch);
      walked += batch.rows;
      if (Date.now() - reported >= PROGRESS_MS) {
        reported = Date.now();
        this.logProgress(job, walked, total, walked - walkedBefore, reported - started);
      }
      // Requests queued meanwhile (SQLite: behind this process's one connection) go first.
      await yieldToRequests();
    }
  }

  /**
   * Writes `batch` and moves the backfill past it (or, with no batch, marks it done), in one transaction,
   * provided nobody moved it from `from` meanwhile; answers whether it did.
   */
  private advance(name: string, from: string, batch: BackfillBatch | null): Promise<boolean> {
    return runInTransaction(this.db, async (m) => {
      const update = m.createQueryBuilder().update(Backfill);
      const moved = await (
        batch
          ? update
              .set({ lastId: batch.lastId, walked: () => `${m.connection.driver.escape('walked')} + :rows` })
              .setParameter('rows', batch.rows)
          : update.set({ state: 'done', finishedAt: new Date() })
      )
        .where('name = :name AND lastId = :from AND state = :pending', { name, from, pending: 'pending' })
        .execute();
      if (!moved.affected) return false;
      await batch?.write(m);
      return true;
    });
  }

  private finish(name: string): void {
    this.finished.add(name);
    this.status.delete(name);
  }

  private logProgress(job: BackfillJob, walked: number, total: number, now: number, ms: number): void {
    const rate = now / (ms / 1000);
    const left = Math.max(total - walked, 0);
    this.logger.log(
      `${job.name}: ${plural(walked)} of ${plural(total)} ${job.rows} ` +
        `(${Math.min(100, Math.floor((100 * walked) / Math.max(total, 1)))} %, ${plural(Math.round(rate))} a second, ` +
        `${plural(left)} left, about ${seconds((1000 * left) / Math.max(rate, 1))})`,
    );
  }
}
