import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import {
  cloneDatabase,
  emptyDatabase,
  freePort,
  isSqliteUrl,
  SmtpSink,
  startServer,
  type RunningServer,
  type ScratchDatabase,
} from '@store/testing';
import { StripeStandIn } from '../../test/support/stripe-stand-in.js';
import { TEMPLATE_VARIABLE } from './template.js';

/** The repository root (the server resolves the front-end builds and `.env` from it). */
export const ROOT = resolve(__dirname, '../../..');

/** How long a server may take to start: minutes on a CI machine under load, seconds otherwise. */
export const START_TIMEOUT_MS = 180_000;

/** `npm run test:resilience` sets this to a MariaDB/MySQL server URL for the second pass. */
const SERVER_DB_URL = process.env.RESILIENCE_DATABASE_URL;
export const DRIVER: 'sqlite' | 'mariadb' | 'mysql' = SERVER_DB_URL
  ? new URL(SERVER_DB_URL).protocol.startsWith('mariadb')
    ? 'mariadb'
    : 'mysql'
  : 'sqlite';

/**
 * A database of the store's own for one harness (a SQLite file, or a MariaDB/MySQL database on the pass's
 * server): a copy of the pass's migrated template, or an empty one for what tests the start itself.
 */
export class TestDatabase {
  private sqlite?: Database.Database;
  /** The DATABASE_URL the server gets. */
  readonly url: string;
  /** The SQLite file, or undefined. */
  readonly file: string | undefined;

  private constructor(private readonly scratch: ScratchDatabase) {
    this.url = scratch.url;
    this.file = isSqliteUrl(scratch.url) ? scratch.url.slice('sqlite:'.length) : undefined;
  }

  /**
   * A copy of the template the pass migrated once (support/template.ts): every migration run, nothing
   * seeded (the store seeds it at start as a new database). What a store starts on unless a spec gives its
   * own.
   */
  static async migrated(): Promise<TestDatabase> {
    const template = process.env[TEMPLATE_VARIABLE];
    if (!template)
      throw new Error(`${TEMPLATE_VARIABLE} is not set: run the specs with jest.resilience.config.js`);
    return new TestDatabase(await cloneDatabase(template));
  }

  /**
   * An empty database, for the specs of the start itself (the migrations, their lock, the seed) and a
   * restore's target.
   */
  static async empty(): Promise<TestDatabase> {
    return new TestDatabase(await emptyDatabase(SERVER_DB_URL ?? 'sqlite:'));
  }

  private static connect(url: URL, database?: string) {
    return mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
      database,
    });
  }

  /** Runs one statement with `?` parameters and answers its rows (the same SQL works on both engines). */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (this.file) {
      this.sqlite ??= new Database(this.file);
      this.sqlite.pragma('busy_timeout = 5000');
      const statement = this.sqlite.prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    }
    const url = new URL(this.url);
    const conn = await TestDatabase.connect(url, decodeURIComponent(url.pathname.slice(1)));
    try {
      const [rows] = await conn.query(sql, params);
      return Array.isArray(rows) ? (rows as T[]) : [];
    } finally {
      await conn.end();
    }
  }

  /** Every byte the database keeps on disk for this store (SQLite file and its WAL), for at-rest checks. */
  filesOnDisk(): string[] {
    if (!this.file) return [];
    const dir = resolve(this.file, '..');
    return readdirSync(dir)
      .filter((name) => name.startsWith('store.sqlite'))
      .map((name) => join(dir, name));
  }

  async drop(): Promise<void> {
    this.sqlite?.close();
    await this.scratch.drop();
  }
}

/**
 * A TCP proxy on loopback between the server and MariaDB/MySQL, so a spec can take "the database" away
 * from one server without touching the database server itself: the shared MariaDB keeps serving other
 * databases and other work (stopping it, or killing its threads, would hit them too), while this server
 * sees exactly what a database outage looks like from its side. `cut()` resets every live connection
 * (queries in flight fail as with a crashed or restarted server) and stops listening, so new connections
 * are refused (ECONNREFUSED) until `restore()` listens again on the same port.
 */
export class DatabaseProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server;
  private listening = false;
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = this.createServer();
  }

  static async start(target: { host: string; port: number }): Promise<DatabaseProxy> {
    const proxy = new DatabaseProxy(target);
    await proxy.listen();
    return proxy;
  }

  private createServer(): Server {
    return createServer((client) => {
      const upstream = connectTcp(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  private listen(): Promise<void> {
    return new Promise((done, fail) => {
      this.server.once('error', fail);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', fail);
        const address = this.server.address();
        if (typeof address === 'object' && address) this.port = address.port;
        this.listening = true;
        done();
      });
    });
  }

  /** The database goes away: live connections are reset and new ones refused. */
  async cut(): Promise<void> {
    if (this.listening) {
      this.listening = false;
      const closed = new Promise((done) => this.server.close(done));
      for (const socket of this.sockets) socket.resetAndDestroy();
      await closed;
    }
  }

  /** The database is back, on the same address. */
  async restore(): Promise<void> {
    if (this.listening) return;
    this.server = this.createServer();
    await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

export interface HarnessOptions {
  /** Take payments through Stripe (the SDK against the local stand-in) instead of the demo provider. */
  stripe?: boolean;
  /** More settings for the server (they win over the harness's own). */
  env?: Record<string, string>;
  /**
   * MariaDB/MySQL only: reach the database through a {@link DatabaseProxy}, so that `cutDatabase()` and
   * `restoreDatabase()` can take it away from this server alone. Ignored on SQLite (embedded: there is
   * no connection to cut).
   */
  databaseProxy?: boolean;
  /**
   * Run on this database instead of a copy of the migrated template (several servers on one database, an
   * empty one); it is not dropped on close.
   */
  database?: TestDatabase;
  /** Send to this SMTP server instead of one of its own (several servers, one mailbox); it is not closed on close. */
  mail?: SmtpSink;
}

/**
 * The built server (`backend/dist/main.js`) as a real child process, on a database of its own, sending
 * mail to a real SMTP server on loopback and (optionally) taking payments through the Stripe SDK against
 * a local stand-in. It can be killed with SIGKILL and started again on the same database.
 */
export class StoreHarness {
  readonly adminPassword = `resilience-${randomBytes(9).toString('hex')}`;
  readonly jwtSecret = randomBytes(32).toString('hex');
  readonly licenseKeySecret = randomBytes(32).toString('hex');
  /** The server's stdout and stderr, across restarts. */
  readonly logFile: string;
  url = '';
  /** The port the server listens on (the same across restarts). */
  port = 0;
  private server?: RunningServer;

  private constructor(
    readonly dir: string,
    readonly db: TestDatabase,
    readonly mail: SmtpSink,
    readonly stripe: StripeStandIn | undefined,
    private extraEnv: Record<string, string>,
    private readonly ownsDatabase: boolean,
    private readonly ownsMail: boolean,
    /** Between the server and MariaDB/MySQL when the harness was started with `databaseProxy`. */
    readonly databaseProxy?: DatabaseProxy,
  ) {
    this.logFile = join(dir, 'server.log');
  }

  static async start(options: HarnessOptions = {}): Promise<StoreHarness> {
    const harness = await StoreHarness.create(options);
    await harness.startServer();
    return harness;
  }

  /** A harness whose server is not started yet (startServer starts it), for a spec watching a start. */
  static async create(options: HarnessOptions = {}): Promise<StoreHarness> {
    const dir = mkdtempSync(join(tmpdir(), 'store-resilience-'));
    const db = options.database ?? (await TestDatabase.migrated());
    let proxy: DatabaseProxy | undefined;
    if (options.databaseProxy && !db.file) {
      const target = new URL(db.url);
      proxy = await DatabaseProxy.start({ host: target.hostname, port: Number(target.port || 3306) });
    }
    return new StoreHarness(
      dir,
      db,
      options.mail ?? (await SmtpSink.start()),
      options.stripe ? await StripeStandIn.start() : undefined,
      options.env ?? {},
      !options.database,
      !options.mail,
      proxy,
    );
  }

  /** The settings the server runs with. */
  env(): Record<string, string> {
    return {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      PUBLIC_URL: `http://127.0.0.1:${this.port}`,
      DATABASE_URL: this.serverDatabaseUrl(),
      JWT_SECRET: this.jwtSecret,
      LICENSE_KEY_SECRET: this.licenseKeySecret,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: this.adminPassword,
      SMTP_URL: this.mail.url,
      MAIL_DIR: join(this.dir, 'mail'),
      SEED_DEMO_KEYS: '0',
      // The suites count the customers' e-mails: no staff alert for stock the scenarios import by the handful.
      LOW_STOCK_THRESHOLD: '0',
      // Simulated shoppers each send their own X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      // The scenarios post and buy more a minute than the store-wide ceilings allow (no challenge asked).
      CEILING_CONTACT_PER_MINUTE: '0',
      CEILING_ACCESS_LINKS_PER_MINUTE: '0',
      CEILING_CHECKOUTS_PER_MINUTE: '0',
      ...(this.stripe ? this.stripe.env() : { STRIPE_SECRET_KEY: '' }),
      ...this.extraEnv,
    };
  }

  /** The database URL the server connects to: through the proxy when there is one. */
  private serverDatabaseUrl(): string {
    if (!this.databaseProxy) return this.db.url;
    const url = new URL(this.db.url);
    url.hostname = '127.0.0.1';
    url.port = String(this.databaseProxy.port);
    return url.toString();
  }

  /** The database goes away for this server (needs `databaseProxy`; MariaDB/MySQL only). */
  async cutDatabase(): Promise<void> {
    if (!this.databaseProxy)
      throw new Error('cutDatabase() needs StoreHarness.start({ databaseProxy: true }) on MariaDB/MySQL');
    await this.databaseProxy.cut();
  }

  /** The database is reachable again. */
  async restoreDatabase(): Promise<void> {
    if (!this.databaseProxy)
      throw new Error('restoreDatabase() needs StoreHarness.start({ databaseProxy: true }) on MariaDB/MySQL');
    await this.databaseProxy.restore();
  }

  /** Starts the server (again, on the same database and port) and waits until /api/health answers 200. */
  async startServer(): Promise<void> {
    this.port ||= await freePort();
    this.url = `http://127.0.0.1:${this.port}`;
    appendFileSync(this.logFile, `--- start ${new Date().toISOString()}\n`);
    this.server = await startServer({
      root: ROOT,
      port: this.port,
      env: { PATH: process.env.PATH ?? '', ...this.env() },
      logFile: this.logFile,
      pollMs: 100,
      timeoutMs: START_TIMEOUT_MS,
    });
  }

  /** Stops the server and starts it again with these settings added (they stay for later restarts). */
  async restartWith(env: Record<string, string>): Promise<void> {
    await this.stopServer();
    this.extraEnv = { ...this.extraEnv, ...env };
    await this.startServer();
  }

  /** `kill -9`: no shutdown hooks, no flushing; answers once the process is gone. */
  async kill(): Promise<void> {
    await this.server?.kill();
  }

  /**
   * SIGTERM, as a deploy or a load balancer's drain sends it: answers how the process ended and how long
   * it took (no SIGKILL: the server's own bound, SHUTDOWN_TIMEOUT_SECONDS, is what is tested).
   */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const child = this.server?.process;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      throw new Error('the server is not running');
    const started = Date.now();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      child.once('exit', (code, signal) => r({ code, signal })),
    );
    child.kill('SIGTERM');
    return { ...(await exited), ms: Date.now() - started };
  }

  /** A clean shutdown (SIGTERM, SIGKILL after 10 s). */
  async stopServer(): Promise<void> {
    await this.server?.stop(10_000);
  }

  logs(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  /**
   * fetch() against the server, with a JSON body when `json` is given, or a raw `body` (give its
   * content-type in `headers`).
   */
  async request(
    method: string,
    path: string,
    {
      json,
      body: raw,
      headers = {},
    }: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: json === undefined ? raw : JSON.stringify(json),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** Signs in as the first administrator; answers the Authorization header value. */
  async adminAuth(): Promise<string> {
    const res = await this.request('POST', '/api/admin/login', {
      json: { username: 'admin', password: this.adminPassword },
      headers: { 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.1` },
    });
    if (res.status !== 200)
      throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return `Bearer ${(res.body as { token: string }).token}`;
  }

  async close(): Promise<void> {
    await this.stopServer();
    await this.databaseProxy?.close();
    if (this.ownsMail) await this.mail.close();
    await this.stripe?.close();
    if (this.ownsDatabase) await this.db.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
