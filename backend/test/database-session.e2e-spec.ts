import mysql from 'mysql2/promise';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import { SQL_MODE } from '../src/database/mysql-session.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const POOL_SIZE = 3;
const SLEEP_SECONDS = 0.4;

// MySQL/MariaDB only: SQLite is one embedded connection, with neither a pool nor a session to set up.
const describeOnServer = DRIVER === 'sqlite' ? describe.skip : describe;

describeOnServer(`database connections of one process on ${DRIVER}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DATABASE_POOL_SIZE: String(POOL_SIZE) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`opens at most DATABASE_POOL_SIZE (${POOL_SIZE}) connections; more queries wait their turn`, async () => {
    const pool = (t.db.driver as MysqlDriver).pool as { config: { connectionLimit: number } };
    expect(pool.config.connectionLimit).toBe(POOL_SIZE);

    const database = String(t.db.options.database);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const observer = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
    });
    try {
      const started = Date.now();
      const queries = Promise.all(
        Array.from({ length: POOL_SIZE * 2 + 1 }, () =>
          t.db.query(`SELECT SLEEP(${SLEEP_SECONDS}) AS slept`),
        ),
      );
      let finished = false;
      const finish = () => (finished = true);
      void queries.then(finish, finish);
      // The connections open on this database, counted until the queries are done (however busy the machine).
      const counts: number[] = [];
      while (!finished) {
        const [open] = await observer.query(
          'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?',
          [database],
        );
        counts.push(Number((open as { n: unknown }[])[0]!.n));
      }
      await queries;
      expect(Math.max(...counts)).toBe(POOL_SIZE);
      // 7 queries on 3 connections: three rounds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * SLEEP_SECONDS * 1000 - 50);
    } finally {
      await observer.end();
    }
  });

  it("starts every connection with MySQL 8.4's SQL mode and UTC, whatever the server's defaults", async () => {
    // Several at once, so that several connections answer.
    const sessions = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        t.db.query('SELECT @@SESSION.sql_mode AS mode, @@SESSION.time_zone AS zone, SLEEP(0.1) AS s'),
      ),
    );
    for (const [session] of sessions as { mode: string; zone: string }[][])
      expect({ mode: session!.mode, zone: session!.zone }).toEqual({ mode: SQL_MODE, zone: '+00:00' });
    // ONLY_FULL_GROUP_BY (not in MariaDB's default) refuses what MySQL 8.4 refuses.
    await expect(t.db.query('SELECT id, COUNT(*) AS n FROM orders GROUP BY customerEmail')).rejects.toThrow(
      /GROUP BY|group function|functionally dependent/i,
    );
  });
});
