import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { markdownTable, writeReport } from './lib/report.js';
import { ROOT, startServer, type RunningServer } from './lib/server.js';
import { quantile, round } from './lib/stats.js';

/**
 * Back-office lists at two database sizes, side by side: `npm run bench:admin-lists -- [--driver
 * sqlite|mariadb] [--sizes 10000,200000] [--rounds 200] [--quick]`. Each size gets its own database
 * (kept under var/bench or as store_bench_<size> and topped up with seed:bulk when short), its own server,
 * and the requests alternate between the servers, so both see the same machine load. Reports p50/p95 per
 * request and the ratio of the larger size's p95 to the smaller's.
 */
const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'sqlite' },
    sizes: { type: 'string' },
    rounds: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const driver = values.driver === 'mariadb' ? 'mariadb' : 'sqlite';
const sizes = (values.sizes ?? (driver === 'sqlite' ? '10000,200000' : '10000,1000000'))
  .split(',')
  .map(Number);
const rounds = Number(values.rounds ?? (values.quick ? 40 : 200));
const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
const ADMIN = { username: 'admin', password: 'admin-dev-password' };

interface Scenario {
  name: string;
  path: string;
}

async function databaseUrl(size: number): Promise<string> {
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
async function prepare(size: number): Promise<{ server: RunningServer; token: string }> {
  const env = { DATABASE_URL: await databaseUrl(size), MAIL_DIR: 'var/bench/mail' };
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

/** The requests, with search terms that exist at every size (order ids are taken from each database). */
async function scenarios(server: RunningServer, token: string): Promise<Scenario[]> {
  const [newest] = await api<{ id: string }[]>(server, list('orders', {}), token);
  return [
    { name: 'orders, newest first', path: list('orders', {}) },
    { name: 'orders, e-mail search', path: list('orders', { q: 'customer4321@example.com' }) },
    { name: 'orders, order-id prefix', path: list('orders', { q: newest!.id.slice(0, 8) }) },
    { name: 'orders, name search', path: list('orders', { q: 'maria' }) },
    { name: 'orders, status filter', path: list('orders', { status: 'cancelled' }) },
    { name: 'orders, by total', path: list('orders', {}, ['totalAmount', 'DESC']) },
    { name: 'licence keys, newest first', path: list('license-keys', {}) },
    { name: 'downloads, newest first', path: list('downloads', {}) },
    { name: 'dashboard', path: '/api/admin/dashboard' },
  ];
}

async function timed(server: RunningServer, path: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('backend build failed');
  const targets: { size: number; server: RunningServer; token: string }[] = [];
  for (const size of sizes) targets.push({ size, ...(await prepare(size)) });
  try {
    const plans = await Promise.all(targets.map((t) => scenarios(t.server, t.token)));
    const names = plans[0]!.map((s) => s.name);
    const samples = targets.map(() => names.map(() => [] as number[]));
    const warmup = Math.min(20, rounds);
    for (let round = 0; round < warmup + rounds; round++) {
      for (let s = 0; s < names.length; s++) {
        for (let t = 0; t < targets.length; t++) {
          const ms = await timed(targets[t]!.server, plans[t]![s]!.path, targets[t]!.token);
          if (round >= warmup) samples[t]![s]!.push(ms);
        }
      }
    }
    const rows = names.map((name, s) => {
      const p = (t: number, q: number) => round(quantile(samples[t]![s]!, q));
      const ratio = round(p(targets.length - 1, 0.95) / p(0, 0.95));
      return {
        name,
        ...Object.fromEntries(targets.map((t, i) => [t.size, { p50: p(i, 0.5), p95: p(i, 0.95) }])),
        ratio,
      };
    });
    const header = ['request', ...targets.flatMap((t) => [`p50 @${t.size}`, `p95 @${t.size}`]), 'p95 ratio'];
    const table = markdownTable([
      header,
      ...rows.map((row) => [
        row.name,
        ...targets.flatMap((t) => {
          const cell = (row as unknown as Record<number, { p50: number; p95: number }>)[t.size]!;
          return [`${cell.p50} ms`, `${cell.p95} ms`];
        }),
        `${row.ratio}×`,
      ]),
    ]);
    const markdown = `# Admin lists on ${driver}, ${sizes.join(' vs ')} orders\n\n${rounds} rounds after ${warmup} warm-up rounds, requests alternating between the servers, one at a time.\n\n${table}`;
    console.log(`\n${table}\n`);
    console.log(`report: ${writeReport(`admin-lists-${driver}`, markdown, { driver, sizes, rounds, rows })}`);
  } finally {
    await Promise.all(targets.map((t) => t.server.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
