import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
  ];
}

async function timed(server: RunningServer, path: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** Runs the requests at each size; the backend must be built. */
export async function benchAdminLists(options: AdminListsOptions): Promise<AdminListsRow[]> {
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
    return names.map((name, s) => {
      const p = (q: number) => targets.map((_, t) => round(quantile(samples[t]![s]!, q)));
      const p95 = p(0.95);
      return { name, p50: p(0.5), p95, ratio: round(p95[p95.length - 1]! / p95[0]!) };
    });
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
