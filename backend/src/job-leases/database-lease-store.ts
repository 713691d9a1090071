import type { DataSource } from 'typeorm';
import { JobLease } from './entities/job-lease.entity.js';
import type { LeaseStore } from './lease-store.js';

/** The database's clock in milliseconds since 1970, so every process compares times on one clock. */
function databaseNowMs(db: DataSource): string {
  return db.options.type === 'better-sqlite3'
    ? "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    : 'FLOOR(UNIX_TIMESTAMP(CURRENT_TIMESTAMP(3)) * 1000)';
}

/**
 * Leases in the `job_leases` table, one row per job (inserted, expired, on first use). Taking and
 * extending are one conditional UPDATE (`holder = me OR expiresAt < now`), which one process at a time
 * can win on SQLite and MySQL/MariaDB alike.
 */
export class DatabaseLeaseStore implements LeaseStore {
  private readonly now: string;
  /** Jobs whose row is known to exist. */
  private readonly rows = new Set<string>();

  constructor(private readonly db: DataSource) {
    this.now = databaseNowMs(db);
  }

  async claim(job: string, holder: string, ttlMs: number): Promise<boolean> {
    if (!this.rows.has(job)) {
      await this.db
        .createQueryBuilder()
        .insert()
        .into(JobLease)
        .values({ job, holder: '', expiresAt: '0' })
        .orIgnore()
        .execute();
      this.rows.add(job);
    }
    const { affected } = await this.db
      .createQueryBuilder()
      .update(JobLease)
      .set({ holder, expiresAt: () => `${this.now} + :ttl` })
      .where('job = :job', { job })
      .andWhere(`(holder = :holder OR expiresAt < ${this.now})`, { holder })
      .setParameter('ttl', Math.ceil(ttlMs))
      .execute();
    return affected === 1;
  }

  async release(job: string, holder: string): Promise<void> {
    await this.db
      .createQueryBuilder()
      .update(JobLease)
      .set({ holder: '', expiresAt: '0' })
      .where('job = :job AND holder = :holder', { job, holder })
      .execute();
  }
}
