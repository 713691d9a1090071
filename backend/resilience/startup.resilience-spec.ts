// Several processes starting together on one empty database (a scaled-out deployment's first start, or
// every replica restarting at once): the migrations run once, under a lock the others wait for; the seed
// runs once (exactly the demo keys, one administrator, the three coupons); no process logs an ERROR and
// all of them serve. Before the lock, each such start logged migration failures at ERROR and seeded the
// demo keys two or three times over.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { waitFor } from '@store/testing';
import { CATALOG } from '../src/catalog/catalog.data.js';
import { lockName } from '../src/database/startup-lock.js';
import { MIGRATIONS } from '../src/schema/entities.js';
import { pause } from './support/shoppers.js';
import {
  expectAllServingWithoutError,
  expectMigratedOnce,
  expectSeededOnce,
  startTogether,
} from './support/startup-checks.js';
import { DRIVER, START_TIMEOUT_MS, StoreHarness, TestDatabase } from './support/store-process.js';

const PROCESSES = 3;

describe(`${PROCESSES} processes starting at once on one empty ${DRIVER} database`, () => {
  let db: TestDatabase;
  const adminPassword = `startup-${randomBytes(9).toString('hex')}`;
  const servers: StoreHarness[] = [];

  beforeAll(async () => {
    db = await TestDatabase.empty();
    // One store: the same secrets and administrator on every process, as behind a load balancer.
    const env = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      LICENSE_KEY_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO_KEYS: '1',
    };
    await startTogether(PROCESSES, { database: db, env }, servers);
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await db?.drop();
  });

  it('starts every process healthy, and none logs an ERROR', async () => {
    expect(servers).toHaveLength(PROCESSES);
    await expectAllServingWithoutError(servers);
  });

  it('runs each migration once, in one process', async () => {
    await expectMigratedOnce(db, servers);
  });

  it('seeds once: the catalogue, exactly the demo keys, one administrator, the coupons', async () => {
    await expectSeededOnce(db, servers);
  });

  it('serves the same catalogue and signs the administrator in on every process', async () => {
    for (const server of servers) {
      const products = await server.request('GET', '/api/products');
      expect(products.status).toBe(200);
      expect((products.body as { id: string }[]).map((p) => p.id)).toEqual(CATALOG.map((p) => p.id));
      const signIn = await server.request('POST', '/api/admin/login', {
        json: { username: 'admin', password: adminPassword },
      });
      expect(signIn.status).toBe(200);
    }
  });
});

/**
 * Holds the migration lock the way a process in a long migration does (an index on a big table), from
 * outside the store: GET_LOCK on its own connection, or the SQLite lock file's write transaction.
 */
async function holdMigrationLock(db: TestDatabase): Promise<() => Promise<void>> {
  if (db.file) {
    const lock = new Database(`${db.file}.lock`);
    lock.exec('BEGIN IMMEDIATE');
    return once(async () => {
      lock.exec('ROLLBACK');
      lock.close();
    });
  }
  const url = new URL(db.url);
  const name = url.pathname.slice(1);
  const conn = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
  const lock = lockName(name, 'migrations');
  const [rows] = await conn.query('SELECT GET_LOCK(?, 0) AS taken', [lock]);
  expect((rows as { taken: number }[])[0].taken).toBe(1);
  return once(async () => {
    await conn.query('SELECT RELEASE_LOCK(?)', [lock]);
    await conn.end();
  });
}

/** `release` run on the first call only (the test's, or its cleanup's after a failure). */
function once(release: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= release());
}

describe(`a process starting while another migrates for longer than a few seconds (${DRIVER})`, () => {
  const HELD_MS = 8_000;

  it('waits for the lock without an error, then starts and serves', async () => {
    const db = await TestDatabase.empty();
    const release = await holdMigrationLock(db);
    const server = await StoreHarness.create({ database: db });
    try {
      const starting = server.startServer();
      let settled = false;
      starting.then(
        () => (settled = true),
        () => (settled = true),
      );
      // The other process migrates for HELD_MS from the moment this one says it waits, however long its
      // start took to get there.
      await waitFor(() => settled || /Waiting for another process/.test(server.logs()), {
        timeoutMs: START_TIMEOUT_MS,
        intervalMs: 100,
        what: 'the process to wait for the migration lock',
      });
      if (settled) await starting; // it exited (the error says why), or served without waiting (below)
      expect(server.logs()).toMatch(/Waiting for another process to finish its migrations/);
      await pause(HELD_MS);
      // It served only once the other process was done, and did not exit meanwhile.
      expect(settled).toBe(false);
      await release();
      await starting;
      expect((await server.request('GET', '/api/health')).status).toBe(200);
      const logs = server.logs();
      expect(logs).not.toMatch(/\bERROR\b/);
      expect(logs.match(/Ran migration \w+/g)).toHaveLength(MIGRATIONS.length);
    } finally {
      await release();
      await server.close();
      await db.drop();
    }
  });
});
