import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { waitFor } from '@store/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/app.factory.js';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { lockName } from '../src/database/startup-lock.js';
import { Lifecycle } from '../src/health/lifecycle.js';
import { MIGRATIONS } from '../src/schema/entities.js';
import { openPort, type BootServer } from '../src/web/boot-server.js';
import {
  DRIVER,
  fakeFrontEndBuilds,
  migratedDatabaseUrl,
  startTestApp,
  type TestApp,
} from './support/test-app.js';

describe(`health on ${DRIVER}`, () => {
  describe('/api/health/live and /api/health/ready of a running store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('answers live, ready with no backfill left, and /api/health as before, without signing in', async () => {
      expect((await t.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'live' });
      const ready = await t.http().get('/api/health/ready').expect(200);
      expect(ready.body).toEqual({ status: 'ready', backfills: [] });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect((await t.http().get('/api/health').expect(200)).body).toEqual({
        status: 'ok',
        redis: 'off',
        rateLimits: 'per-process',
      });
    });

    it('is not ready, naming why, while the database lacks a migration of this version', async () => {
      const last = MIGRATIONS.at(-1)!.name;
      const [row] = await t.db.query(`SELECT * FROM ${t.db.driver.escape('migrations')} WHERE name = ?`, [
        last,
      ]);
      await t.db.query(`DELETE FROM ${t.db.driver.escape('migrations')} WHERE name = ?`, [last]);
      try {
        const answer = await t.http().get('/api/health/ready').expect(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: `The database has not run 1 of this version's migrations (${last}): run npm run migrate`,
          requestId: answer.headers['x-request-id'],
        });
        // Alive all the same, and /api/health says what it always said.
        await t.http().get('/api/health/live').expect(200);
        await t.http().get('/api/health').expect(200);
      } finally {
        await t.db.query(
          `INSERT INTO ${t.db.driver.escape('migrations')} (id, timestamp, name) VALUES (?, ?, ?)`,
          [row.id, row.timestamp, row.name],
        );
      }
      await t.http().get('/api/health/ready').expect(200);
    });

    it('is not ready once the process is shutting down', async () => {
      t.app.get(Lifecycle).stopping();
      const answer = await t.http().get('/api/health/ready').expect(503);
      expect(answer.body.message).toBe('The store is shutting down');
      await t.http().get('/api/health/live').expect(200);
    });
  });

  it('is alive but not ready while the database does not answer', async () => {
    const t = await startTestApp();
    try {
      await t.db.destroy();
      expect((await t.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'live' });
      expect((await t.http().get('/api/health/ready').expect(503)).body.message).toBe(
        'The database is not reachable',
      );
      await t.http().get('/api/health').expect(503);
    } finally {
      await t.db.initialize();
      await t.close();
    }
  });
});

/** An answer over `agent`, and whether it went over a connection opened before. */
function call(
  port: number,
  path: string,
  { method = 'GET', agent, body }: { method?: string; agent?: Agent; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: text, reused: req.reusedSocket }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Holds the migration lock as a process in a long migration does, from outside the store: the SQLite lock
 * file's write transaction, or GET_LOCK on a connection of its own.
 */
async function holdMigrationLock(config: AppConfig): Promise<() => Promise<void>> {
  const db = config.database;
  if (db.type === 'sqlite') {
    const lock = new Database(`${db.path}.lock`);
    lock.exec('BEGIN IMMEDIATE');
    return async () => {
      lock.exec('ROLLBACK');
      lock.close();
    };
  }
  const conn = await mysql.createConnection({
    host: db.host,
    port: db.port,
    user: db.username,
    password: db.password,
  });
  const name = lockName(db.database, 'migrations');
  const [rows] = await conn.query('SELECT GET_LOCK(?, 0) AS taken', [name]);
  expect((rows as { taken: number }[])[0]!.taken).toBe(1);
  return async () => {
    await conn.query('SELECT RELEASE_LOCK(?)', [name]);
    await conn.end();
  };
}

describe(`the port, open before the store has started (${DRIVER})`, () => {
  let shared: Awaited<ReturnType<typeof migratedDatabaseUrl>>;
  let config: AppConfig;
  let boot: BootServer | undefined;
  let app: NestFastifyApplication | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    shared = await migratedDatabaseUrl();
    config = {
      ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: shared.url, PORT: '0', HOST: '127.0.0.1' }),
      staticDirs: fakeFrontEndBuilds(),
    };
  });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
    await boot?.close();
    await shared.drop();
  });

  it('answers live from the start, 503 with Retry-After otherwise, then hands the same port to the app', async () => {
    const release = await holdMigrationLock(config);
    let starting: Promise<NestFastifyApplication> | undefined;
    try {
      boot = await openPort(config);
      const address = boot.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(port).toBeGreaterThan(0);

      const live = await call(port, '/api/health/live', { agent });
      expect([live.status, JSON.parse(live.body)]).toEqual([200, { status: 'live' }]);
      const head = await call(port, '/api/health/live', { method: 'HEAD' });
      expect([head.status, head.body]).toEqual([200, '']);

      // The app starts, and waits for the other process's migrations: the port answers meanwhile.
      starting = createApp(config, { logger: ['error'], boot });
      await waitFor(
        async () =>
          JSON.parse((await call(port, '/api/health/ready')).body).message ===
          'The store is starting: waiting for another process to finish its database migrations',
        { timeoutMs: 60_000, what: 'the start to wait for the migration lock' },
      );
      const ready = await call(port, '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      for (const [method, path, body] of [
        ['GET', '/api/products', undefined],
        ['POST', '/api/create-payment-intent', '{"cartItems":[]}'],
        ['GET', '/', undefined],
      ] as const) {
        const answer = await call(port, path, { method, body });
        expect([method, path, answer.status]).toEqual([method, path, 503]);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(answer.body)).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message:
            'The store is starting: waiting for another process to finish its database migrations. ' +
            'Try again in a few seconds.',
          requestId: answer.headers['x-request-id'],
        });
      }
      expect((await call(port, '/api/health/live', { agent })).status).toBe(200);
    } finally {
      await release();
    }

    app = await starting!;
    boot.serve();
    const port = (boot.server.address() as { port: number }).port;
    // The connection opened while the store started goes on, now answered by the app.
    const health = await call(port, '/api/health', { agent });
    expect([health.status, health.reused, JSON.parse(health.body)]).toEqual([
      200,
      true,
      { status: 'ok', redis: 'off', rateLimits: 'per-process' },
    ]);
    expect(JSON.parse((await call(port, '/api/health/ready', { agent })).body)).toEqual({
      status: 'ready',
      backfills: [],
    });
    expect((await call(port, '/api/products')).status).toBe(200);
    expect(app.getHttpServer()).toBe(boot.server);
  }, 120_000);

  it('on stopping, refuses new connections and ends a keep-alive connection once its request is answered', async () => {
    const server = boot!;
    const port = (server.server.address() as { port: number }).port;
    // A keep-alive request in flight: its headers are in, its body not yet.
    const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const arrived = new Promise((resolve) => server.server.once('request', resolve));
    socket.write(
      'POST /api/admin/login HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await arrived;
    const closing = server.close();
    await expect(call(port, '/api/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    socket.write(body.slice(5));
    // Answered, then closed by the server (kept alive, it would wait for keepAliveTimeout: 72 s).
    await ended;
    expect(raw).toMatch(/^HTTP\/1\.1 401 /);
    await closing;
    boot = undefined;
  }, 60_000);
});
