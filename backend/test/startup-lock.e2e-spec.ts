import { Logger } from '@nestjs/common';
import type { ScratchDatabase } from '@store/testing';
import type { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../src/config/app-config.js';
import { createDataSource, dataSourceOptions } from '../src/database/data-source-options.js';
import { MIGRATIONS, SCHEMA } from '../src/schema/entities.js';
import { migrate } from '../src/database/migrate.js';
import { lockName, withStartupLock } from '../src/database/startup-lock.js';
import { DRIVER, freshDatabaseUrl } from './support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two data sources on one database stand for two processes: on MariaDB/MySQL each has its own pool; on
// SQLite each its own connection to one file (in-memory databases cannot be shared, and need no lock).
describe(`work done at start, under the startup lock, on ${DRIVER}`, () => {
  let processes: DataSource[];
  let database: ScratchDatabase;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    // Empty: the first test runs the migrations.
    database = await freshDatabaseUrl();
    const problems: string[] = [];
    const config = parseDatabaseUrl(database.url, (path) => path, problems);
    expect(problems).toEqual([]);
    processes = await Promise.all(
      [1, 2, 3].map(() => createDataSource(dataSourceOptions(config, SCHEMA)).initialize()),
    );
  });

  afterAll(async () => {
    for (const db of processes ?? []) await db.destroy();
    await database?.drop();
  });

  it('runs the migrations in one process when several start together; the others find none left', async () => {
    const ran = await Promise.all(processes.map((db) => migrate(db)));
    expect(ran.filter((names) => names.length > 0)).toEqual([MIGRATIONS.map((m) => m.name)]);
    for (const db of processes) expect(await db.showMigrations()).toBe(false);
  }, 180_000); // three processes migrating at once: long on a busy MariaDB

  it('lets one holder in at a time; the others wait their turn', async () => {
    const events: string[] = [];
    const hold = (who: number) =>
      withStartupLock(processes[who % processes.length], 'seed', async () => {
        events.push(`in ${who}`);
        await sleep(150);
        events.push(`out ${who}`);
        return who;
      });
    await expect(Promise.all([0, 1, 2, 3].map(hold))).resolves.toEqual([0, 1, 2, 3]);
    expect(events).toHaveLength(8);
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i].replace('in', 'out'));
  });

  it('lets go of the lock when the work fails', async () => {
    await expect(
      withStartupLock(processes[0], 'seed', () => Promise.reject(new Error('migration failed'))),
    ).rejects.toThrow('migration failed');
    // Taken at the first try: the failed holder's lock is not left to time out.
    const waited = jest.fn();
    await expect(withStartupLock(processes[1], 'seed', async () => 'taken', waited)).resolves.toBe('taken');
    expect(waited).not.toHaveBeenCalled();
  });

  it('names the lock after the database, within MySQL’s 64 characters', () => {
    expect(lockName('store', 'migrations')).toBe('store:migrations');
    const long = lockName('d'.repeat(64), 'migrations');
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[0-9a-f]{40}:migrations$/);
    expect(lockName('e'.repeat(64), 'migrations')).not.toBe(long);
  });
});
