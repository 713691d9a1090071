import { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import { withStartupLock } from './startup-lock.js';

/**
 * Runs the pending migrations, one process at a time: several processes starting together on one
 * database (or `npm run migrate` during a deploy) wait for the one migrating, then find nothing to run.
 * Migrations change the schema only (and queue backfills for what grows with the data: see Backfills), so
 * their time does not grow with the store's orders and keys beyond a table rebuild. `report` is told what
 * is going on (the readiness answer says it while the process starts). Answers the names of the
 * migrations this process ran.
 */
export async function migrate(db: DataSource, report: (step: string) => void = () => {}): Promise<string[]> {
  const logger = new Logger('Database');
  const ran = await withStartupLock(
    db,
    'migrations',
    async () => {
      const pending = await pendingMigrations(db);
      if (pending.length) {
        report(`running ${pending.length} database migration${pending.length === 1 ? '' : 's'}`);
        logger.log(`Running ${pending.length} migrations`);
      }
      return yieldingBetweenStatements(db, () => db.runMigrations({ transaction: 'each' }));
    },
    () => report('waiting for another process to finish its database migrations'),
  );
  for (const migration of ran) logger.log(`Ran migration ${migration.name}`);
  return ran.map((migration) => migration.name);
}

/**
 * better-sqlite3 runs each statement synchronously, and TypeORM settles it with promises alone, so a run of
 * migrations would hold the event loop from its first statement to its last: the port opened before the
 * start (openPort) would answer nothing meanwhile, not even /api/health/live. On SQLite each statement of
 * `work` first lets the event loop turn (a statement itself, a table rebuild, still holds it while it runs).
 */
async function yieldingBetweenStatements<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  if (db.options.type !== 'better-sqlite3') return work();
  // SQLite's one query runner, which the migrations use too.
  const runner = db.createQueryRunner();
  const own = Object.prototype.hasOwnProperty.call(runner, 'query');
  const query = runner.query;
  runner.query = (async (...args: Parameters<QueryRunner['query']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query.apply(runner, args);
  }) as QueryRunner['query'];
  try {
    return await work();
  } finally {
    if (own) runner.query = query;
    else delete (runner as Partial<QueryRunner>).query;
  }
}

/** This build's migrations that the database has not run, by name: all of them on an empty database. */
export async function pendingMigrations(db: DataSource): Promise<string[]> {
  const runner = db.createQueryRunner();
  try {
    const migrated = await runner.hasTable(db.options.migrationsTableName ?? 'migrations');
    return migrated ? await missingMigrations(db) : db.migrations.map((m) => m.name!);
  } finally {
    await runner.release();
  }
}

/**
 * This build's migrations missing from the migrations table, which must exist: one SELECT, cheap enough
 * for a readiness probe.
 */
export async function missingMigrations(db: DataSource): Promise<string[]> {
  const table = db.options.migrationsTableName ?? 'migrations';
  const rows: { name: string }[] = await db.query(
    `SELECT ${db.driver.escape('name')} FROM ${db.driver.escape(table)}`,
  );
  const applied = new Set(rows.map((row) => row.name));
  return db.migrations.map((m) => m.name!).filter((name) => !applied.has(name));
}
