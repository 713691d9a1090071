import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../src/config/app-config.js';
import { createDataSource, dataSourceOptions } from '../src/database/data-source-options.js';
import { SCHEMA } from '../src/schema/entities.js';
import { isDatabaseUnavailable } from '../src/database/errors.js';
import { runInTransaction, transactionCollision } from '../src/database/transactions.js';
import { DRIVER, freshDatabaseUrl } from './support/test-app.js';

function databaseConfig(url: string) {
  const problems: string[] = [];
  const config = parseDatabaseUrl(url, (path) => path, problems);
  expect(problems).toEqual([]);
  return config;
}

const rows = async (db: DataSource) =>
  (await db.query('SELECT id, n FROM probe ORDER BY id')).map((r: { id: unknown; n: unknown }) => [
    Number(r.id),
    Number(r.n),
  ]);

/** Records each attempt's refusal, as runInTransaction sees it. */
function refusalsOf(db: DataSource): unknown[] {
  const refusals: unknown[] = [];
  const transaction = db.transaction.bind(db) as (work: unknown) => Promise<unknown>;
  jest.spyOn(db, 'transaction').mockImplementation(((work: unknown) =>
    transaction(work).catch((error: unknown) => {
      refusals.push(error);
      throw error;
    })) as typeof db.transaction);
  return refusals;
}

(DRIVER === 'sqlite' ? describe.skip : describe)(`runInTransaction on ${DRIVER}`, () => {
  let db: DataSource;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl();
    drop = fresh.drop;
    db = await createDataSource(dataSourceOptions(databaseConfig(fresh.url), SCHEMA)).initialize();
    await db.query('CREATE TABLE probe (id INT PRIMARY KEY, n INT NOT NULL) ENGINE=InnoDB');
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('runs the loser of a real deadlock again, and both transactions commit', async () => {
    await db.query('DELETE FROM probe');
    await db.query('INSERT INTO probe (id, n) VALUES (1, 0), (2, 0)');
    const refusals = refusalsOf(db);
    const attempts = { ab: 0, ba: 0 };
    // Both first attempts take their first row, wait for each other, then reach for the other's row.
    let arrived = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const bump = (name: keyof typeof attempts, first: number, second: number) =>
      runInTransaction(db, async (m) => {
        const attempt = ++attempts[name];
        await m.query('UPDATE probe SET n = n + 1 WHERE id = ?', [first]);
        if (attempt === 1) {
          if (++arrived === 2) bothHoldOne();
          await barrier;
        }
        await m.query('UPDATE probe SET n = n + 1 WHERE id = ?', [second]);
        return name;
      });

    await expect(Promise.all([bump('ab', 1, 2), bump('ba', 2, 1)])).resolves.toEqual(['ab', 'ba']);
    expect(refusals.map(transactionCollision)).toEqual(['deadlock']);
    expect([attempts.ab, attempts.ba].sort()).toEqual([1, 2]);
    // Each transaction added one to each row, once: the victim's first attempt left nothing.
    expect(await rows(db)).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});

(DRIVER === 'sqlite' ? describe : describe.skip)('runInTransaction on SQLite', () => {
  let dir: string;
  let db: DataSource;
  let other: BetterSqlite3.Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-transactions-'));
    const path = join(dir, 'store.sqlite');
    const options = dataSourceOptions(databaseConfig(`sqlite:${path}`), SCHEMA);
    if (options.type !== 'better-sqlite3') throw new Error('expected SQLite');
    db = await createDataSource({
      ...options,
      // As configured, but waiting 100 ms rather than 5 s for another process's writer.
      prepareDatabase: (conn: { pragma(source: string): unknown }) => {
        options.prepareDatabase?.(conn);
        conn.pragma('busy_timeout = 100');
      },
    }).initialize();
    await db.query('CREATE TABLE probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    await db.query('INSERT INTO probe (id, n) VALUES (1, 0), (2, 0)');
    other = new BetterSqlite3(path);
  });
  afterAll(async () => {
    other?.close();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a transaction once when another process holds the database, and answers it as unavailable', async () => {
    const refusals = refusalsOf(db);
    // Another process (a second connection to the file) is writing.
    other.exec('BEGIN IMMEDIATE');
    other.prepare('UPDATE probe SET n = n + 10 WHERE id = 1').run();
    let attempts = 0;
    const busy = await runInTransaction(db, async (m) => {
      attempts++;
      await m.query('UPDATE probe SET n = n + 1 WHERE id = 2');
    }).catch((error: unknown) => error);
    // Refused at its start (BEGIN IMMEDIATE, after busy_timeout), before its work ran; not run again.
    expect(attempts).toBe(0);
    expect(refusals).toEqual([busy]);
    expect(db.createQueryRunner().isTransactionActive).toBe(false);
    expect((busy as { driverError?: { code?: string } }).driverError?.code).toBe('SQLITE_BUSY');
    expect(transactionCollision(busy)).toBeNull();
    // The API's error filter answers it 503, as before.
    expect(isDatabaseUnavailable(busy)).toBe(true);

    other.exec('COMMIT');
    await runInTransaction(db, async (m) => {
      attempts++;
      await m.query('UPDATE probe SET n = n + 1 WHERE id = 2');
    });
    expect(attempts).toBe(1);
    expect(await rows(db)).toEqual([
      [1, 10],
      [2, 1],
    ]);
  });
});
