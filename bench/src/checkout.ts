import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { startServer, type RunningServer } from './lib/server.js';
import { quantile, round } from './lib/stats.js';

export interface CheckoutRun {
  driver: 'sqlite' | 'mariadb';
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
  /** Per database: keys sold against orders paid, which must match one for one. */
  checks: { driver: string; paidOrders: number; activeLicenses: number; awaitingKeys: number; ok: boolean }[];
}

const PRODUCT = 'office-2024-standard';
const INVENTORY = 10_000;
const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
const BILLING = {
  email: 'buyer@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  address: '12 Market Street',
  city: 'Pune',
  country: 'IN',
  zipCode: '411001',
  phoneCountryCode: '+91',
  phone: '98765 43210',
};
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const licenseKey = () =>
  Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ALPHABET[randomInt(36)]).join('')).join(
    '-',
  );
const address = () => `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`;

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

/** A server on an empty database of `driver` with INVENTORY keys of PRODUCT in stock, and an admin token. */
async function prepare(driver: CheckoutRun['driver'], dir: string, nodeArgs: string[] = []) {
  let url = `sqlite:${join(dir, 'store.sqlite')}`;
  if (driver === 'mariadb') {
    const conn = await mysql.createConnection(MARIADB_URL);
    await conn.query('DROP DATABASE IF EXISTS `store_bench_checkout`');
    await conn.query(
      'CREATE DATABASE `store_bench_checkout` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
    );
    await conn.end();
    url = `${MARIADB_URL}/store_bench_checkout`;
  }
  const server = await startServer(
    {
      DATABASE_URL: url,
      MAIL_DIR: join(dir, 'mail'),
      TRUST_PROXY: 'loopback',
      SEED_DEMO_KEYS: '0',
    },
    { nodeArgs },
  );
  const { token } = (await post(server, '/api/admin/login', {
    username: 'admin',
    password: 'admin-dev-password',
  })) as {
    token: string;
  };
  const csv = [
    'productId,licenseKey',
    ...Array.from({ length: INVENTORY }, () => `${PRODUCT},${licenseKey()}`),
  ];
  const imported = await post(server, '/api/admin/license-keys/import', csv.join('\n'), {
    'content-type': 'text/csv',
    authorization: `Bearer ${token}`,
  });
  if (imported.imported !== INVENTORY) throw new Error(`inventory import: ${JSON.stringify(imported)}`);
  return { server, token };
}

/** `buyers` shoppers, each buying one key after another (create the intent, pay with the demo provider). */
async function load(server: RunningServer, driver: CheckoutRun['driver'], buyers: number, seconds: number) {
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
            { cartItems: [{ id: PRODUCT, quantity: 1 }], billing: BILLING },
            { 'x-forwarded-for': address() },
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
  const elapsed = (performance.now() - started) / 1000;
  const run: CheckoutRun = {
    driver,
    buyers,
    seconds,
    orders: latencies.length,
    ordersPerSecond: round(latencies.length / elapsed, 1),
    p50: round(quantile(latencies, 0.5), 1),
    p95: round(quantile(latencies, 0.95), 1),
    p99: round(quantile(latencies, 0.99), 1),
    errors,
    ...(firstError ? { firstError } : {}),
  };
  return run;
}

/**
 * Checkout throughput: create-intent + demo confirmation by 10 and 50 concurrent buyers on each database,
 * then a check that every paid order got exactly its key (none sold twice, none missing).
 */
export async function benchCheckout(options: {
  drivers: CheckoutRun['driver'][];
  buyers: number[];
  seconds: number;
  /** Options for the server's node, e.g. `--cpu-prof` to find where the time goes. */
  nodeArgs?: string[];
}): Promise<CheckoutResult> {
  const result: CheckoutResult = { runs: [], checks: [] };
  for (const driver of options.drivers) {
    const dir = mkdtempSync(join(tmpdir(), 'store-bench-checkout-'));
    const { server, token } = await prepare(driver, dir, options.nodeArgs);
    try {
      for (const buyers of options.buyers) {
        await load(server, driver, Math.min(buyers, 5), 2); // warm-up
        result.runs.push(await load(server, driver, buyers, options.seconds));
      }
      const stats = (await (
        await fetch(`${server.url}/api/admin/dashboard`, {
          headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
        })
      ).json()) as { completedOrders: number; activeLicenses: number; awaitingKeysOrders: number };
      result.checks.push({
        driver,
        paidOrders: stats.completedOrders,
        activeLicenses: stats.activeLicenses,
        awaitingKeys: stats.awaitingKeysOrders,
        ok: stats.completedOrders === stats.activeLicenses && stats.awaitingKeysOrders === 0,
      });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return result;
}
