import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { BILLING, shopperAddress, STANDARD } from '@store/testing';
import { ROOT, startServer, type RunningServer } from './lib/server.ts';
import { quantile, round } from './lib/stats.ts';

export interface CheckoutRun {
  driver: 'sqlite' | 'mariadb';
  /** Keys sold before the first run (the runs sell more). */
  sold: number;
  buyers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  firstError?: string;
}

export interface CheckoutResult {
  runs: CheckoutRun[];
  /** Per driver and number of buyers: orders/s with the fewest keys sold over orders/s with the most. */
  ratios: { driver: string; buyers: number; ratio: number }[];
  /** Per database: seconds taken to seed the keys sold. */
  seeding: { driver: string; sold: number; seconds: number }[];
  /** Per database: keys sold against orders paid, which must match one for one. */
  checks: {
    driver: string;
    sold: number;
    paidOrders: number;
    activeLicenses: number;
    awaitingKeys: number;
    ok: boolean;
  }[];
}

const PRODUCT = STANDARD;
/** The import endpoint's limit per request. */
const IMPORT_ROWS = 10_000;
const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
/** Every buyer gives the same details (the kit's valid billing address). */
const BUYER = { ...BILLING, email: 'buyer@example.com' };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const licenseKey = () =>
  Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(36)]).join('')).join(
    '-',
  );

async function post(
  server: RunningServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A server on a new database of `driver` holding `sold` keys of PRODUCT already sold (each in a paid
 * order, seeded in bulk by the backend's seed-sold-keys with the server stopped) and `inventory` in
 * stock (imported through the API as staff would), and an admin token.
 */
async function prepare(
  driver: CheckoutRun['driver'],
  dir: string,
  sold: number,
  inventory: number,
  nodeArgs: string[] = [],
) {
  let url = `sqlite:${join(dir, `store-${sold}.sqlite`)}`;
  if (driver === 'mariadb') {
    const name = `store_bench_checkout_${sold}`;
    const conn = await mysql.createConnection(MARIADB_URL);
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    url = `${MARIADB_URL}/${name}`;
  }
  const env = {
    DATABASE_URL: url,
    MAIL_DIR: join(dir, 'mail'),
    TRUST_PROXY: 'loopback',
    SEED_DEMO_KEYS: '0',
    // Measures checkouts past any store-wide ceiling: no challenge asked.
    CEILING_CHECKOUTS_PER_MINUTE: '0',
  };
  // Started once to migrate the new database, then stopped while the keys sold are written.
  await (await startServer(env)).stop();
  const started = performance.now();
  const seeded = spawnSync(
    process.execPath,
    ['backend/dist/cli/seed-sold-keys.js', '--keys', String(sold), '--product', PRODUCT],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error(`seeding ${sold} keys sold on ${driver} failed`);
  const seedSeconds = round((performance.now() - started) / 1000, 1);
  console.log(`${driver}: ${sold} keys sold seeded in ${seedSeconds} s`);
  const server = await startServer(env, { nodeArgs });
  const { token } = (await post(server, '/api/admin/login', {
    username: 'admin',
    password: 'admin-dev-password',
  })) as {
    token: string;
  };
  for (let left = inventory; left > 0; left -= IMPORT_ROWS) {
    const rows = Math.min(left, IMPORT_ROWS);
    const csv = ['productId,licenseKey', ...Array.from({ length: rows }, () => `${PRODUCT},${licenseKey()}`)];
    const imported = await post(server, '/api/admin/license-keys/import', csv.join('\n'), {
      'content-type': 'text/csv',
      authorization: `Bearer ${token}`,
    });
    if (imported.imported !== rows) throw new Error(`inventory import: ${JSON.stringify(imported)}`);
  }
  return { server, token, seedSeconds };
}

/** `buyers` shoppers, each buying one key after another (create the intent, pay with the demo provider). */
async function load(server: RunningServer, buyers: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          const intent = await post(
            server,
            '/api/create-payment-intent',
            { cartItems: [{ id: PRODUCT, quantity: 1 }], billing: BUYER },
            { 'x-forwarded-for': shopperAddress() },
          );
          await post(server, '/api/payments/demo/confirm', {
            orderId: intent.orderId,
            clientSecret: intent.clientSecret,
          });
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000, errors, firstError };
}

/**
 * Checkout throughput at two stock histories side by side: for each database, one server with `sold[0]`
 * keys already sold and one with `sold[1]`, each with the same stock. For each number of buyers (each
 * creating a payment intent for one key and confirming it with the demo provider, again and again), both
 * are warmed up, then loaded one after the other in the order A B B A, `seconds` each, so that both see
 * the same machine load; orders/s is all the orders of a server over its time. Then a check that every
 * paid order got exactly its key (none sold twice, none missing).
 */
export async function benchCheckout(options: {
  drivers: CheckoutRun['driver'][];
  buyers: number[];
  seconds: number;
  /** Keys sold before the runs, in the two databases compared. */
  sold: [number, number];
  /** Options for the server's node, e.g. `--cpu-prof` to find where the time goes. */
  nodeArgs?: string[];
}): Promise<CheckoutResult> {
  const result: CheckoutResult = { runs: [], ratios: [], seeding: [], checks: [] };
  // Enough stock for every run at 250 orders/s, so that no order waits for keys.
  const inventory =
    IMPORT_ROWS * Math.ceil((options.buyers.length * (4 + 2 * options.seconds) * 250) / IMPORT_ROWS);
  for (const driver of options.drivers) {
    const dir = mkdtempSync(join(tmpdir(), 'store-bench-checkout-'));
    const servers: { sold: number; server: RunningServer; token: string }[] = [];
    try {
      for (const sold of options.sold) {
        const prepared = await prepare(driver, dir, sold, inventory, options.nodeArgs);
        servers.push({ sold, ...prepared });
        result.seeding.push({ driver, sold, seconds: prepared.seedSeconds });
      }
      for (const buyers of options.buyers) {
        for (const { server } of servers) await load(server, Math.min(buyers, 5), 2); // warm-up
        const runs = servers.map(() => ({
          latencies: [] as number[],
          elapsed: 0,
          errors: 0,
          firstError: '',
        }));
        for (const index of [0, 1, 1, 0]) {
          const done = await load(servers[index]!.server, buyers, options.seconds);
          const run = runs[index]!;
          run.latencies.push(...done.latencies);
          run.elapsed += done.elapsed;
          run.errors += done.errors;
          run.firstError ||= done.firstError ?? '';
        }
        const measured = runs.map((run, index): CheckoutRun => ({
          driver,
          sold: servers[index]!.sold,
          buyers,
          seconds: round(run.elapsed, 1),
          orders: run.latencies.length,
          ordersPerSecond: round(run.latencies.length / run.elapsed, 1),
          p50: round(quantile(run.latencies, 0.5), 1),
          p95: round(quantile(run.latencies, 0.95), 1),
          p99: round(quantile(run.latencies, 0.99), 1),
          errors: run.errors,
          ...(run.firstError ? { firstError: run.firstError } : {}),
        }));
        result.runs.push(...measured);
        result.ratios.push({
          driver,
          buyers,
          ratio: round(measured[0]!.ordersPerSecond / measured[1]!.ordersPerSecond),
        });
        console.log(
          `${driver}, ${buyers} buyers: ${measured.map((m) => `${m.ordersPerSecond} orders/s at ${m.sold} sold`).join(', ')}`,
        );
      }
      for (const { sold, server, token } of servers) {
        const stats = (await (
          await fetch(`${server.url}/api/admin/dashboard`, {
            headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
          })
        ).json()) as { completedOrders: number; activeLicenses: number; awaitingKeysOrders: number };
        result.checks.push({
          driver,
          sold,
          paidOrders: stats.completedOrders,
          activeLicenses: stats.activeLicenses,
          awaitingKeys: stats.awaitingKeysOrders,
          ok: stats.completedOrders === stats.activeLicenses && stats.awaitingKeysOrders === 0,
        });
      }
    } finally {
      for (const { server } of servers) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return result;
}
