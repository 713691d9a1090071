// Several processes starting together on one empty database (a scaled-out deployment's first start, or
// every replica restarting at once): the migrations run once, under a lock the others wait for; the seed
// runs once (exactly the demo keys, one administrator, the three coupons); no process logs an ERROR and
// all of them serve. Before the lock, each such start logged migration failures at ERROR and seeded the
// demo keys two or three times over.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { CATALOG } from '../src/catalog/catalog.data.js';
import { MIGRATIONS } from '../src/schema/entities.js';
import {
  expectAllServingWithoutError,
  expectMigratedOnce,
  expectSeededOnce,
  startTogether,
} from './support/startup-checks.js';
import { DRIVER, StoreHarness, TestDatabase } from './support/store-process.js';

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
    return async () => {
      lock.exec('ROLLBACK');
      lock.close();
    };
  }
  const url = new URL(db.url);
  const name = url.pathname.slice(1);
  const conn = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
  const [rows] = await conn.query('SELECT GET_LOCK(?, 0) AS taken', [`${name}:migrations`]);
  expect((rows as { taken: number }[])[0].taken).toBe(1);
  return async () => {
    await conn.query('SELECT RELEASE_LOCK(?)', [`${name}:migrations`]);
    await conn.end();
  };
}

describe(`a process starting while another migrates for longer than a few seconds (${DRIVER})`, () => {
  const HELD_MS = 8_000;

  it('waits for the lock without an error, then starts and serves', async () => {
    const db = await TestDatabase.empty();
    let server: StoreHarness | undefined;
    try {
      const release = await holdMigrationLock(db);
      let releasedAt = Infinity;
      const releasing = new Promise<void>((done) =>
        setTimeout(() => {
          releasedAt = Date.now();
          void release().finally(done);
        }, HELD_MS),
      );
      server = await StoreHarness.start({ database: db });
      const healthyAt = Date.now();
      await releasing;
      // It served only once the other process was done, and did not exit meanwhile.
      expect(healthyAt).toBeGreaterThanOrEqual(releasedAt);
      expect((await server.request('GET', '/api/health')).status).toBe(200);
      const logs = server.logs();
      expect(logs).toMatch(/Waiting for another process to finish its migrations/);
      expect(logs).not.toMatch(/\bERROR\b/);
      expect(logs.match(/Ran migration \w+/g)).toHaveLength(MIGRATIONS.length);
    } finally {
      await server?.close();
      await db.drop();
    }
  });
});
