import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { ROOT } from './lib/server.ts';

/**
 * `npm run rotate-secrets` on a store of `orders` bulk orders (about 1.5 licence keys each): two full passes,
 * timed, from one secret to another and back, so that the database (var/bench/rotate-<orders>.sqlite, or
 * store_bench_rotate_<orders> on MariaDB, seeded once with seed:bulk) is ready for the next run. Keys per
 * second, and what a million keys would take at that pace.
 */
export interface RotateSecretsOptions {
  driver: 'sqlite' | 'mariadb';
  orders: number;
}

export interface RotationPass {
  keys: number;
  seconds: number;
  keysPerSecond: number;
  /** Load average (1 min) when the pass ended: the machine's other work slows it. */
  load: number;
}

const MARIADB_URL = process.env.BENCH_MARIADB_URL ?? 'mariadb://root@127.0.0.1:3306';
/** The two secrets the keys go back and forth between; the seed uses the first. */
const SECRETS = [
  'bench-rotation-secret-a-0123456789abcdef',
  'bench-rotation-secret-b-0123456789abcdef',
] as const;

export async function benchRotateSecrets(options: RotateSecretsOptions): Promise<RotationPass[]> {
  const { url, fresh } = await database(options);
  const env = (current: string, previous: string) => ({
    ...process.env,
    DATABASE_URL: url,
    LICENSE_KEY_SECRET: current,
    LICENSE_KEY_PREVIOUS_SECRETS: previous,
  });
  if (fresh) {
    console.log(`seeding ${options.orders} orders into ${url}`);
    const seeded = spawnSync(
      process.execPath,
      ['backend/dist/cli/seed-bulk.js', '--orders', String(options.orders)],
      { cwd: ROOT, env: { ...env(SECRETS[0], ''), SEED_DEMO_KEYS: 'false' }, stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error('seed:bulk failed');
  }
  const [a, b] = SECRETS;
  const passes: RotationPass[] = [];
  // To the other secret and back; a third try when the keys were already under the first target (a run
  // stopped between its passes).
  for (const [current, previous] of [
    [b, a],
    [a, b],
    [b, a],
  ]) {
    if (passes.length === 2) break;
    const started = Date.now();
    const rotated = spawnSync(process.execPath, ['backend/dist/cli/rotate-secrets.js'], {
      cwd: ROOT,
      env: env(current, previous),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const seconds = (Date.now() - started) / 1000;
    if (rotated.status !== 0) throw new Error(`rotate-secrets failed: ${rotated.stdout}`);
    const keys = Number(/license_keys: (\d+) rows rewritten/.exec(rotated.stdout)?.[1]);
    if (keys) passes.push({ keys, seconds, keysPerSecond: Math.round(keys / seconds), load: loadavg()[0]! });
  }
  if (passes.length < 2) throw new Error(`rotate-secrets found no key to rewrite in ${url}`);
  return passes;
}

/** The bench database, and whether it was just created (then it needs seeding). */
async function database({ driver, orders }: RotateSecretsOptions): Promise<{ url: string; fresh: boolean }> {
  if (driver === 'sqlite') {
    mkdirSync(join(ROOT, 'var', 'bench'), { recursive: true });
    const file = `var/bench/rotate-${orders}.sqlite`;
    return { url: `sqlite:${file}`, fresh: !existsSync(join(ROOT, file)) };
  }
  const name = `store_bench_rotate_${orders}`;
  const conn = await mysql.createConnection(MARIADB_URL);
  try {
    const [found] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT 1 FROM information_schema.schemata WHERE schema_name = ?',
      [name],
    );
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    return { url: `${MARIADB_URL}/${name}`, fresh: !found.length };
  } finally {
    await conn.end();
  }
}
