import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { BILLING, shopperAddress, STANDARD } from '@store/testing';
import { cpuMicros } from './lib/cpu.ts';
import { ROOT, startServer, type RunningServer } from './lib/server.ts';
import { quantile, round } from './lib/stats.ts';

export interface CheckoutRun {
  driver: 'sqlite' | 'mariadb';
  /** Which comparison: keys sold (`sold`) or keys in stock (`stock`). */
  compare: 'sold' | 'stock';
  /** Keys sold before the first run (the runs sell more). */
  sold: number;
  /** Keys in stock before each round (the `stock` comparison tops it up between rounds). */
  stock: number;
  buyers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The store process's CPU (user + system) per paid order, in ms; on MariaDB the database's is not in it. */
  cpuMsPerOrder: number;
  errors: number;
  firstError?: string;
}

export interface CheckoutResult {
  runs: CheckoutRun[];
  /** Per driver and number of buyers: orders/s with the fewest keys sold over orders/s with the most. */
  ratios: { driver: string; buyers: number; ratio: number }[];
  /**
   * Per driver: CPU per paid order with the most keys in stock over that with the fewest (the sale's
   * cost must not grow with the stock), and the same for keys sold.
   */
  cpuRatios: { driver: string; compare: CheckoutRun['compare']; buyers: number; ratio: number }[];
  /** Per database: seconds taken to seed the keys sold and to import the stock. */
  seeding: { driver: string; sold: number; stock: number; seconds: number; importSeconds: number }[];
  /** Per database: keys sold against orders paid, which must match one for one. */
  checks: {
    driver: string;
    compare: CheckoutRun['compare'];
    sold: number;
    stock: number;
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
/**
 * Every buyer gives the same details (the kit's valid billing address) but an e-mail address of each
 * purchase's own: with one address, the fraud rules at their defaults (more than 5 orders from one
 * e-mail in an hour) would hold every order after the fifth, and the run would measure holds. Each
 * confirmation must answer `fulfilled` (keys delivered), or the purchase counts as an error.
 */
let purchases = 0;
const buyer = () => ({ ...BILLING, email: `buyer-${++purchases}@example.com` });
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

/** Imports `count` new keys of PRODUCT through the API, as staff would (CSV, IMPORT_ROWS a request). */
async function importStock(server: RunningServer, token: string, count: number): Promise<void> {
  for (let left = count; left > 0; left -= IMPORT_ROWS) {
    const rows = Math.min(left, IMPORT_ROWS);
    const csv = ['productId,licenseKey', ...Array.from({ length: rows }, () => `${PRODUCT},${licenseKey()}`)];
    const imported = await post(server, '/api/admin/license-keys/import', csv.join('\n'), {
      'content-type': 'text/csv',
      authorization: `Bearer ${token}`,
    });
    if (imported.imported !== rows) throw new Error(`inventory import: ${JSON.stringify(imported)}`);
  }
}

/**
 * A server on a new database of `driver` (named after `name`) holding `sold` keys of PRODUCT already sold
 * (each in a paid order, seeded in bulk by the backend's seed-sold-keys with the server stopped) and
 * `inventory` in stock (imported through the API as staff would), and an admin token.
 */
async function prepare(
  driver: CheckoutRun['driver'],
  dir: string,
  name: string,
  sold: number,
  inventory: number,
  nodeArgs: string[] = [],
) {
  let url = `sqlite:${join(dir, `store-${name}.sqlite`)}`;
  if (driver === 'mariadb') {
    const database = `store_bench_checkout_${name}`;
    const conn = await mysql.createConnection(MARIADB_URL);
    await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await conn.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    url = `${MARIADB_URL}/${database}`;
  }
  const env = {
    DATABASE_URL: url,
    MAIL_DIR: join(dir, `mail-${name}`),
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
  const importing = performance.now();
  await importStock(server, token, inventory);
  const importSeconds = round((performance.now() - importing) / 1000, 1);
  console.log(`${driver}: ${inventory} keys in stock imported in ${importSeconds} s`);
  return { server, token, seedSeconds, importSeconds };
}

/**
 * `buyers` shoppers, each buying one key after another (create the intent, pay with the demo provider),
 * for `seconds` or until `maxOrders` purchases were started; the server's CPU used meanwhile.
 */
async function load(server: RunningServer, buyers: number, seconds: number, maxOrders = Infinity) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let started = 0;
  const until = Date.now() + seconds * 1000;
  const pid = server.process.pid!;
  const cpuBefore = cpuMicros(pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (Date.now() < until && started < maxOrders) {
        started++;
        const begun = performance.now();
        try {
          const intent = await post(
            server,
            '/api/create-payment-intent',
            { cartItems: [{ id: PRODUCT, quantity: 1 }], billing: buyer() },
            { 'x-forwarded-for': shopperAddress() },
          );
          const paid = await post(server, '/api/payments/demo/confirm', {
            orderId: intent.orderId,
            clientSecret: intent.clientSecret,
          });
          // A held or back-ordered order is not the purchase measured: it counts as an error.
          if (paid.status !== 'fulfilled') {
            throw new Error(`order ${String(intent.orderId)} not delivered: ${String(paid.status)}`);
          }
          latencies.push(performance.now() - begun);
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { latencies, elapsed, errors, firstError, cpuMicros: cpuMicros(pid) - cpuBefore };
}

interface Side {
  sold: number;
  stock: number;
  server: RunningServer;
  token: string;
}

/**
 * Two servers loaded one after the other in the order A B B A (after a warm-up of each), so that both see
 * the same machine load; orders/s is all the orders of a server over its time, CPU per order all its CPU
 * over its orders. With `topUp`, each round is at most `maxOrders` purchases and the keys it sold are
 * imported again after it (not measured), so every round starts with the side's stock.
 */
async function compare(
  driver: CheckoutRun['driver'],
  kind: CheckoutRun['compare'],
  sides: [Side, Side],
  buyers: number,
  seconds: number,
  maxOrders = Infinity,
): Promise<[CheckoutRun, CheckoutRun]> {
  for (const { server } of sides) await load(server, Math.min(buyers, 5), 2, maxOrders); // warm-up
  const runs = sides.map(() => ({
    latencies: [] as number[],
    elapsed: 0,
    cpuMicros: 0,
    errors: 0,
    firstError: '',
  }));
  const topUp = async (side: Side) => {
    const stats = await dashboard(side);
    const missing = side.stock - stats.availableKeys;
    if (missing > 0) await importStock(side.server, side.token, missing);
  };
  if (maxOrders !== Infinity) for (const side of sides) await topUp(side);
  for (const index of [0, 1, 1, 0]) {
    const side = sides[index]!;
    const done = await load(side.server, buyers, seconds, maxOrders);
    const run = runs[index]!;
    run.latencies.push(...done.latencies);
    run.elapsed += done.elapsed;
    run.cpuMicros += done.cpuMicros;
    run.errors += done.errors;
    run.firstError ||= done.firstError ?? '';
    if (maxOrders !== Infinity) await topUp(side);
  }
  return runs.map((run, index): CheckoutRun => ({
    driver,
    compare: kind,
    sold: sides[index]!.sold,
    stock: sides[index]!.stock,
    buyers,
    seconds: round(run.elapsed, 1),
    orders: run.latencies.length,
    ordersPerSecond: round(run.latencies.length / run.elapsed, 1),
    p50: round(quantile(run.latencies, 0.5), 1),
    p95: round(quantile(run.latencies, 0.95), 1),
    p99: round(quantile(run.latencies, 0.99), 1),
    cpuMsPerOrder: round(run.cpuMicros / 1000 / Math.max(run.latencies.length, 1), 2),
    errors: run.errors,
    ...(run.firstError ? { firstError: run.firstError } : {}),
  })) as [CheckoutRun, CheckoutRun];
}

/** The back office's figures: paid orders, keys sold, orders waiting and keys in stock. */
async function dashboard({ server, token }: Side) {
  const response = await fetch(`${server.url}/api/admin/dashboard`, {
    headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
  });
  const stats = (await response.json()) as {
    completedOrders: number;
    activeLicenses: number;
    awaitingKeysOrders: number;
    stock: { productId: string; available: number }[];
  };
  return { ...stats, availableKeys: stats.stock.find((p) => p.productId === PRODUCT)?.available ?? 0 };
}

/**
 * Checkout cost at two stock histories side by side, per database:
 * - keys sold: one server with `sold[0]` keys already sold and one with `sold[1]`, each with the same
 *   stock, for each number of buyers (each creating a payment intent for one key and confirming it with
 *   the demo provider, again and again), `seconds` a round;
 * - keys in stock: one server with `stock[0]` keys in stock and one with `stock[1]` (both with `sold[0]`
 *   sold), 10 buyers, each round at most half of `stock[0]` purchases, topped up after it.
 * Each reports orders/s, latency and the store's CPU per paid order; then a check that every paid order
 * got exactly its key (none sold twice, none missing).
 */
export async function benchCheckout(options: {
  drivers: CheckoutRun['driver'][];
  buyers: number[];
  seconds: number;
  /** Keys sold before the runs, in the two databases compared. */
  sold: [number, number];
  /** Keys in stock at the start of each round, in the two databases compared; none: not compared. */
  stock?: [number, number];
  /** Options for the server's node, e.g. `--cpu-prof` to find where the time goes. */
  nodeArgs?: string[];
}): Promise<CheckoutResult> {
  const result: CheckoutResult = { runs: [], ratios: [], cpuRatios: [], seeding: [], checks: [] };
  // Enough stock for every run at 250 orders/s, so that no order waits for keys.
  const inventory =
    IMPORT_ROWS * Math.ceil((options.buyers.length * (4 + 2 * options.seconds) * 250) / IMPORT_ROWS);
  for (const driver of options.drivers) {
    const dir = mkdtempSync(join(tmpdir(), 'store-bench-checkout-'));
    const bySold: Side[] = [];
    const byStock: Side[] = [];
    const add = async (list: Side[], name: string, sold: number, stock: number) => {
      const prepared = await prepare(driver, dir, name, sold, stock, options.nodeArgs);
      list.push({ sold, stock, server: prepared.server, token: prepared.token });
      result.seeding.push({
        driver,
        sold,
        stock,
        seconds: prepared.seedSeconds,
        importSeconds: prepared.importSeconds,
      });
    };
    try {
      for (const sold of options.sold) await add(bySold, `${sold}`, sold, inventory);
      for (const buyers of options.buyers) {
        const measured = await compare(driver, 'sold', bySold as [Side, Side], buyers, options.seconds);
        result.runs.push(...measured);
        result.ratios.push({
          driver,
          buyers,
          ratio: round(measured[0].ordersPerSecond / measured[1].ordersPerSecond),
        });
        result.cpuRatios.push({
          driver,
          compare: 'sold',
          buyers,
          ratio: round(measured[1].cpuMsPerOrder / measured[0].cpuMsPerOrder),
        });
        console.log(
          `${driver}, ${buyers} buyers: ${measured.map((m) => `${m.ordersPerSecond} orders/s, ${m.cpuMsPerOrder} ms CPU/order at ${m.sold} sold`).join('; ')}`,
        );
      }
      // The servers of one comparison are stopped before the next one's are made.
      await stopAll(bySold, (side) => check(driver, 'sold', side));
      if (options.stock) {
        for (const stock of options.stock)
          await add(byStock, `${options.sold[0]}_stock_${stock}`, options.sold[0], stock);
        const buyers = 10;
        const measured = await compare(
          driver,
          'stock',
          byStock as [Side, Side],
          buyers,
          options.seconds,
          Math.floor(options.stock[0] / 2),
        );
        result.runs.push(...measured);
        result.cpuRatios.push({
          driver,
          compare: 'stock',
          buyers,
          ratio: round(measured[1].cpuMsPerOrder / measured[0].cpuMsPerOrder),
        });
        console.log(
          `${driver}, ${buyers} buyers: ${measured.map((m) => `${m.ordersPerSecond} orders/s, ${m.cpuMsPerOrder} ms CPU/order at ${m.stock} in stock`).join('; ')}`,
        );
        await stopAll(byStock, (side) => check(driver, 'stock', side));
      }
    } finally {
      await stopAll([...bySold, ...byStock]);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return result;

  async function check(driver: CheckoutRun['driver'], kind: CheckoutRun['compare'], side: Side) {
    const stats = await dashboard(side);
    result.checks.push({
      driver,
      compare: kind,
      sold: side.sold,
      stock: side.stock,
      paidOrders: stats.completedOrders,
      activeLicenses: stats.activeLicenses,
      awaitingKeys: stats.awaitingKeysOrders,
      ok: stats.completedOrders === stats.activeLicenses && stats.awaitingKeysOrders === 0,
    });
  }
}

/** Runs `before` on each side still running, then stops it (each side once). */
async function stopAll(sides: Side[], before?: (side: Side) => Promise<void>): Promise<void> {
  for (const side of sides.splice(0)) {
    try {
      if (before) await before(side);
    } finally {
      await side.server.stop();
    }
  }
}
