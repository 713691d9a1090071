import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { markdownTable } from './lib/report.ts';
import { ROOT, startServer, type RunningServer } from './lib/server.ts';
import { quantile, round } from './lib/stats.ts';

/**
 * Back-office lists at two database sizes, side by side. Each size gets its own database (kept under
 * var/bench, or as store_bench_<size> on MariaDB, and topped up with seed:bulk when short), its own
 * server, and the requests alternate between the servers so both see the same machine load. Reports
 * p50/p95 per request and the ratio of the larger size's p95 to the smaller's.
 */
export interface AdminListsOptions {
  driver: 'sqlite' | 'mariadb';
  sizes: number[];
  rounds: number;
}

/** Streamed exports of orders at the largest size: time to last byte and the server's memory. */
export interface ExportStreamResult {
  /** Data rows in the long file (the header row not counted). */
  rows: number;
  seconds: number;
  /** The server's resident memory before the first request (MB). */
  idleMb: number;
  /** Rows of the short export streamed first, and the highest memory while it streamed (MB). */
  shortRows: number;
  shortPeakMb: number;
  /** The highest memory while the long one streamed (MB). */
  peakMb: number;
  /** The highest of both over idle. */
  growthMb: number;
  /** What the long export added to the short one's peak: what its length cost. */
  lengthMb: number;
}

/** The exports' memory budget: their peak resident memory at most this far over the idle server's. */
export const EXPORT_GROWTH_BUDGET_MB = 100;
/** What a tenfold longer export may add to the short one's peak: a page at a time, not the file. */
export const EXPORT_LENGTH_BUDGET_MB = 20;
/** How many orders the memory measurement streams (every order when the database holds fewer). */
const STREAMED_ORDERS = 200_000;
const TWO_YEARS_DAYS = 730;

export interface AdminListsRow {
  name: string;
  p95: number[];
  p50: number[];
  ratio: number;
}

const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
const ADMIN = { username: 'admin', password: 'admin-dev-password' };

interface Scenario {
  name: string;
  path: string;
}

async function databaseUrl(driver: AdminListsOptions['driver'], size: number): Promise<string> {
  if (driver === 'sqlite') {
    mkdirSync(join(ROOT, 'var', 'bench'), { recursive: true });
    return `sqlite:var/bench/orders-${size}.sqlite`;
  }
  const name = `store_bench_${size}`;
  const conn = await mysql.createConnection(MARIADB_URL);
  await conn.query(
    `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  await conn.end();
  return `${MARIADB_URL}/${name}`;
}

/** MariaDB's buffer pool and the largest database's data and indexes (MB): the lists' speed depends on both. */
export interface MariadbMemory {
  bufferPoolMb: number;
  databaseMb: number;
}

async function mariadbMemory(size: number): Promise<MariadbMemory> {
  const conn = await mysql.createConnection(MARIADB_URL);
  try {
    const [[pool]] = await conn.query<mysql.RowDataPacket[]>('SELECT @@innodb_buffer_pool_size AS bytes');
    const [[db]] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables WHERE table_schema = ?',
      [`store_bench_${size}`],
    );
    const mb = (row: mysql.RowDataPacket | undefined) => Math.round(Number(row?.bytes ?? 0) / 1024 / 1024);
    return { bufferPoolMb: mb(pool), databaseMb: mb(db) };
  } finally {
    await conn.end();
  }
}

async function api<T>(server: RunningServer, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(server: RunningServer): Promise<string> {
  return (await api<{ token: string }>(server, '/api/admin/login', undefined, ADMIN)).token;
}

/** A server on a database holding at least `size` orders (seeding the difference first). */
async function prepare(
  driver: AdminListsOptions['driver'],
  size: number,
): Promise<{ server: RunningServer; token: string }> {
  const env = { DATABASE_URL: await databaseUrl(driver, size), MAIL_DIR: 'var/bench/mail' };
  let server = await startServer(env);
  let token = await signIn(server);
  const { totalOrders } = await api<{ totalOrders: number }>(server, '/api/admin/dashboard', token);
  if (totalOrders < size) {
    await server.stop();
    console.log(`seeding ${size - totalOrders} orders into ${env.DATABASE_URL}`);
    const seeded = spawnSync(
      process.execPath,
      ['backend/dist/cli/seed-bulk.js', '--orders', String(size - totalOrders)],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error('seed:bulk failed');
    server = await startServer(env);
    token = await signIn(server);
  }
  return { server, token };
}

const exportOf = (resource: string, filter: object, days: { from?: string } = {}) =>
  `/api/admin/${resource}/export.csv?filter=${encodeURIComponent(JSON.stringify(filter))}` +
  (days.from ? `&from=${days.from}` : '');

const list = (resource: string, filter: object, sort = ['createdAt', 'DESC']) =>
  `/api/admin/${resource}?sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent('[0,24]')}` +
  `&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The last `days` days, today included (the bulk seed's orders span two years). */
const range = (days: number) => {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(days - 1)}&to=${day(0)}`;
};
const sales = (days: number, interval: string) =>
  `/api/admin/reports/sales?${range(days)}&interval=${interval}`;

/** The requests, with search terms that exist at every size (order ids are taken from each database). */
async function scenarios(server: RunningServer, token: string): Promise<Scenario[]> {
  const [newest] = await api<{ id: string }[]>(server, list('orders', {}), token);
  return [
    { name: 'orders, newest first', path: list('orders', {}) },
    { name: 'orders, e-mail search', path: list('orders', { q: 'customer4321@example.com' }) },
    { name: 'orders, order-id prefix', path: list('orders', { q: newest!.id.slice(0, 8) }) },
    { name: 'orders, name search', path: list('orders', { q: 'maria' }) },
    { name: 'orders, status filter', path: list('orders', { status: 'cancelled' }) },
    { name: 'orders, by total', path: list('orders', {}, ['totalCents', 'DESC']) },
    { name: 'licence keys, newest first', path: list('license-keys', {}) },
    { name: 'downloads, newest first', path: list('downloads', {}) },
    { name: 'customers, latest', path: list('customers', {}, ['lastOrderAt', 'DESC']) },
    {
      name: 'customers, e-mail prefix',
      path: list('customers', { q: 'customer432' }, ['lastOrderAt', 'DESC']),
    },
    { name: 'audit trail, one resource', path: list('audit', { action: 'orders.' }) },
    { name: 'dashboard', path: '/api/admin/dashboard' },
    { name: 'sales, 30 days by day', path: sales(30, 'day') },
    { name: 'sales, a year by month', path: sales(365, 'month') },
    {
      name: 'sales, a product by week',
      path: `${sales(365, 'week')}&productId=office-2024-professional-plus`,
    },
    { name: 'margins by product, 30 days', path: `/api/admin/reports/margins?${range(30)}` },
    // Exports of the same few rows at every size (time to last byte): the file's cost, not its length.
    { name: 'orders export, one customer', path: exportOf('orders', { q: 'customer4321@example.com' }) },
    { name: 'licence keys export, one order', path: exportOf('license-keys', { q: newest!.id.slice(0, 8) }) },
  ];
}

async function timed(server: RunningServer, path: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** The server's resident memory now, in MB (VmRSS of /proc/<pid>/status). */
function residentMb(server: RunningServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

/** Streams the orders created since `from`, reading the file as it comes: its rows, seconds and peak memory. */
async function streamOrders(server: RunningServer, token: string, from: string) {
  let peakMb = residentMb(server);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(server))), 10);
  const started = performance.now();
  let lines = 0;
  try {
    const response = await fetch(`${server.url}${exportOf('orders', {}, { from })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`orders export: ${response.status}`);
    // Counted as the bytes arrive, never kept: CRLF ends each record (no field of the seed holds one).
    for await (const chunk of response.body) for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
  } finally {
    clearInterval(sampler);
  }
  const seconds = round((performance.now() - started) / 1000);
  return { rows: lines - 1, seconds, peakMb: Math.max(peakMb, residentMb(server)) };
}

/**
 * Streams about a tenth of STREAMED_ORDERS, then about STREAMED_ORDERS (the seed spreads orders evenly over
 * two years, so a number of days leaves that many), sampling the server's resident memory every 10 ms. The
 * first export warms the server up (its heap grows to what streaming needs); a streamed export holds a page
 * at a time, so the long one costs about what the short one did, whatever its length.
 */
async function benchExportStream(server: RunningServer, token: string, size: number) {
  const since = (orders: number) => {
    const days = Math.min(TWO_YEARS_DAYS + 1, Math.ceil((TWO_YEARS_DAYS * orders) / size));
    return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  };
  const idleMb = residentMb(server);
  const short = await streamOrders(server, token, since(STREAMED_ORDERS / 10));
  const long = await streamOrders(server, token, since(STREAMED_ORDERS));
  return {
    rows: long.rows,
    seconds: long.seconds,
    idleMb: round(idleMb),
    shortRows: short.rows,
    shortPeakMb: round(short.peakMb),
    peakMb: round(long.peakMb),
    growthMb: round(Math.max(short.peakMb, long.peakMb) - idleMb),
    lengthMb: round(Math.max(0, long.peakMb - short.peakMb)),
  } satisfies ExportStreamResult;
}

/**
 * Runs the requests at each size, then streams about 20,000 and 200,000 orders from the largest database
 * measuring the server's memory; the backend must be built.
 */
export async function benchAdminLists(
  options: AdminListsOptions,
): Promise<{ rows: AdminListsRow[]; exportStream: ExportStreamResult; mariadb?: MariadbMemory }> {
  const { driver, sizes, rounds } = options;
  const targets: { size: number; server: RunningServer; token: string }[] = [];
  try {
    for (const size of sizes) targets.push({ size, ...(await prepare(driver, size)) });
    const plans = await Promise.all(targets.map((t) => scenarios(t.server, t.token)));
    const names = plans[0]!.map((s) => s.name);
    const samples = targets.map(() => names.map(() => [] as number[]));
    const warmup = Math.min(20, rounds);
    for (let r = 0; r < warmup + rounds; r++) {
      for (let s = 0; s < names.length; s++) {
        for (let t = 0; t < targets.length; t++) {
          const ms = await timed(targets[t]!.server, plans[t]![s]!.path, targets[t]!.token);
          if (r >= warmup) samples[t]![s]!.push(ms);
        }
      }
    }
    const rows = names.map((name, s) => {
      const p = (q: number) => targets.map((_, t) => round(quantile(samples[t]![s]!, q)));
      const p95 = p(0.95);
      return { name, p50: p(0.5), p95, ratio: round(p95[p95.length - 1]! / p95[0]!) };
    });
    const largest = targets.at(-1)!;
    const exportStream = await benchExportStream(largest.server, largest.token, largest.size);
    return {
      rows,
      exportStream,
      ...(driver === 'mariadb' && { mariadb: await mariadbMemory(largest.size) }),
    };
  } finally {
    await Promise.all(targets.map((t) => t.server.stop()));
  }
}

/** The rows as a Markdown table. */
export function adminListsTable(sizes: number[], rows: AdminListsRow[]): string {
  return markdownTable([
    ['request', ...sizes.flatMap((size) => [`p50 @${size}`, `p95 @${size}`]), 'p95 ratio'],
    ...rows.map((row) => [
      row.name,
      ...sizes.flatMap((_, i) => [`${row.p50[i]} ms`, `${row.p95[i]} ms`]),
      `${row.ratio}×`,
    ]),
  ]);
}
