// Several processes starting together on one empty database, for the startup and cluster specs, and what
// they must leave behind: the migrations run once by one process, the seed done once, no ERROR logged.
import { CATALOG } from '../../src/catalog/catalog.data.js';
import { MIGRATIONS } from '../../src/schema/entities.js';
import { DEMO_KEYS_PER_PRODUCT } from '../../src/seed/seed.service.js';
import { StoreHarness, type HarnessOptions, type TestDatabase } from './store-process.js';
import { SEED_COUPONS } from '../../src/coupons/coupons.data.js';

/**
 * Starts `count` servers at once with the same options. Every server that started is pushed to `servers`
 * (so the caller's afterAll closes them) before the first failure, if any, is thrown.
 */
export async function startTogether(
  count: number,
  options: HarnessOptions,
  servers: StoreHarness[],
): Promise<void> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => StoreHarness.start(options)));
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Every process healthy, and none logged an ERROR. */
export async function expectAllServingWithoutError(servers: StoreHarness[]): Promise<void> {
  for (const server of servers) {
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    expect(server.logs()).not.toMatch(/\bERROR\b/);
  }
}

/** Each migration recorded once, and all of them run by one process. */
export async function expectMigratedOnce(db: TestDatabase, servers: StoreHarness[]): Promise<void> {
  const recorded = await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
  expect(recorded.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
  const ran = servers.map((s) => s.logs().match(/Ran migration \w+/g) ?? []);
  expect(ran.flat()).toHaveLength(MIGRATIONS.length);
  expect(ran.filter((lines) => lines.length > 0)).toHaveLength(1);
}

/** Seeded once: the catalogue, exactly the demo keys, one administrator, the coupons. */
export async function expectSeededOnce(db: TestDatabase, servers: StoreHarness[]): Promise<void> {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: unknown }>(sql, params))[0]!.n);
  expect(await count('SELECT COUNT(*) AS n FROM products')).toBe(CATALOG.length);
  for (const product of CATALOG)
    expect(await count('SELECT COUNT(*) AS n FROM license_keys WHERE productId = ?', [product.id])).toBe(
      DEMO_KEYS_PER_PRODUCT,
    );
  expect(await count('SELECT COUNT(*) AS n FROM admin_users')).toBe(1);
  expect(await count('SELECT COUNT(*) AS n FROM coupons')).toBe(SEED_COUPONS.length);
  const created = servers.flatMap((s) => s.logs().match(/Created administrator/g) ?? []);
  expect(created).toHaveLength(1);
}
