import type { ScratchDatabase } from '@store/testing';
import { Backfill } from '../src/backfills/entities/backfill.entity.js';
import { Backfills } from '../src/backfills/backfills.service.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { CATALOG, CATALOG_VERSION } from '../src/catalog/catalog.data.js';
import { Product } from '../src/catalog/entities/product.entity.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { DEMO_KEYS_PER_PRODUCT, SeedService } from '../src/seed/seed.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeySearchTerm } from '../src/license-keys/entities/license-key-search-term.entity.js';
import { LicenseKeyCipher, LICENSE_KEY_PATTERN } from '../src/license-keys/license-key-cipher.js';
import { SEARCH_TERMS_BACKFILL } from '../src/license-keys/search-terms-backfill.js';
import { LicenseKeySearchTerms1764700000000 } from '../src/database/migrations/1764700000000-license-key-search-terms.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { MIGRATIONS } from '../src/schema/entities.js';
import { BILLING, createIntent } from './support/checkout.js';
import { DRIVER, freshDatabaseUrl, startTestApp, type TestApp } from './support/test-app.js';

describe(`schema and seed on ${DRIVER}`, () => {
  let t: TestApp;
  let database: ScratchDatabase;
  // On an empty database, not a copy of the run's template: these tests are about what the migrations the
  // app runs at start make.
  // Every migration from the first, on MariaDB one DDL statement at a time: 30 s was not enough under CI's
  // parallel lanes once #35 added four (each step of the start still answers within its own limits).
  beforeAll(async () => {
    database = await freshDatabaseUrl();
    t = await startTestApp({ DATABASE_URL: database.url });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('creates exactly the schema the entities describe (nothing for TypeORM to synchronise)', async () => {
    const pending = await t.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  // TypeORM's schema comparison leaves collations out, so this one compares them itself.
  it('gives each text column the collation its entity declares', async () => {
    if (DRIVER === 'sqlite') {
      // SQLite compares bytes unless a column says otherwise: none does (two indexes are NOCASE).
      const tables: { sql: string }[] = await t.db.query(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      expect(tables.length).toBeGreaterThan(10);
      for (const { sql } of tables) expect(sql).not.toMatch(/COLLATE/i);
      return;
    }
    const [{ fallback }]: { fallback: string }[] = await t.db.query(
      'SELECT @@collation_database AS fallback',
    );
    const actual: { table: string; column: string; collation: string }[] = await t.db.query(
      'SELECT TABLE_NAME AS `table`, COLUMN_NAME AS `column`, COLLATION_NAME AS collation' +
        ' FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL',
    );
    const declared = new Map(
      t.db.entityMetadatas.flatMap((entity) =>
        entity.columns.map((c) => [`${entity.tableName}.${c.databaseName}`, c.collation ?? fallback]),
      ),
    );
    const inEntities = actual.filter((row) => declared.has(`${row.table}.${row.column}`));
    expect(inEntities.length).toBeGreaterThan(50);
    const got = Object.fromEntries(inEntities.map((r) => [`${r.table}.${r.column}`, r.collation]));
    const want = Object.fromEntries(
      inEntities.map((r) => [`${r.table}.${r.column}`, declared.get(`${r.table}.${r.column}`)]),
    );
    expect(got).toEqual(want);
    expect(got['orders.customerEmail']).toBe('utf8mb4_bin');
  });

  (DRIVER === 'sqlite' ? it : it.skip)(
    "serves the back office's searches and sorts from indexes (SQLite's query plan)",
    async () => {
      const plan = async (sql: string) =>
        ((await t.db.query(`EXPLAIN QUERY PLAN ${sql}`)) as { detail: string }[]).map((row) => row.detail);
      const search = await plan(
        `SELECT id FROM orders WHERE customerName LIKE 'jan%' ESCAPE '!' OR billingLastName LIKE 'jan%' ESCAPE '!'` +
          ` OR (customerEmail >= 'jan' AND customerEmail < 'jao') OR (id >= 'jan' AND id < 'jao')` +
          ' ORDER BY createdAt DESC, id DESC LIMIT 25',
      );
      expect(search.join('\n')).toMatch(/MULTI-INDEX OR/);
      expect(search.filter((step) => /^SCAN orders/.test(step))).toEqual([]);
      for (const order of ['status', 'totalCents', 'customerEmail', 'createdAt']) {
        const then = order === 'createdAt' ? '' : ', createdAt DESC';
        const sorted = await plan(`SELECT * FROM orders ORDER BY ${order} DESC${then}, id DESC LIMIT 25`);
        expect(sorted.join('\n')).not.toMatch(/TEMP B-TREE/);
      }
      // Licence keys by a group's start ("ABC-FGH": each part in the same key), by product or by order.
      const terms = (n: number) =>
        `k.id IN (SELECT t.keyId FROM license_key_search_terms t WHERE t.term IN ('a${n}', 'b${n}'))`;
      const keys = await plan(
        `SELECT k.id FROM license_keys k WHERE k.productId IN ('office-2024-standard') OR (${terms(1)} AND ${terms(2)})` +
          ` OR (k.orderId >= 'abc' AND k.orderId < 'abd') ORDER BY k.createdAt DESC, k.id DESC LIMIT 25`,
      );
      expect(keys.join('\n')).toMatch(/MULTI-INDEX OR/);
      expect(keys.filter((step) => /^SCAN (k|t)\b/.test(step))).toEqual([]);
      // The few orders owed a refund: read from their index, never by walking every order.
      const owed = `refundDue IN ('order-cancelled', 'coupon-used-up')`;
      for (const sql of [
        `SELECT * FROM orders WHERE ${owed} ORDER BY createdAt DESC, id DESC LIMIT 25`,
        `SELECT COUNT(*), SUM(totalCents) FROM orders WHERE ${owed}`,
      ]) {
        const steps = await plan(sql);
        expect(steps.join('\n')).toMatch(/USING INDEX IDX_orders_refundDue/);
        expect(steps.filter((step) => /^SCAN orders/.test(step))).toEqual([]);
      }
    },
  );

  it('records the migration and has none left to run', async () => {
    expect(await t.db.showMigrations()).toBe(false);
  });

  it('reverts the latest migrations and upgrades a database that holds data', async () => {
    const keysBefore = await t.db.getRepository(LicenseKey).count();
    expect(keysBefore).toBeGreaterThan(0);
    await createIntent(t, {
      billing: { ...BILLING, country: 'DE', phoneCountryCode: '+49' },
      consents: { immediateDelivery: true, withdrawalRightLoss: true },
    }).expect(201);
    const ordersBefore = await t.db.getRepository(Order).count();
    // A faulty key (KeyReports1765500000000) is revoked when the status is taken away.
    const faulty = await t.db
      .getRepository(LicenseKey)
      .findOneByOrFail({ productId: 'office-2024-standard' });
    await t.db.getRepository(LicenseKey).update(faulty.id, { status: 'faulty' });
    // SQLite can only rebuild a referenced table with foreign keys off, which TypeORM does around
    // runMigrations but not around undoLastMigration. Back to before the keys' search terms (checked below).
    const runner = t.db.createQueryRunner();
    await runner.beforeMigration();
    try {
      const since = MIGRATIONS.indexOf(LicenseKeySearchTerms1764700000000);
      for (let i = since; i < MIGRATIONS.length; i++) await t.db.undoLastMigration();
    } finally {
      await runner.afterMigration();
      await runner.release();
    }
    expect(await t.db.showMigrations()).toBe(true);
    await t.db.runMigrations();
    expect(await t.db.showMigrations()).toBe(false);
    expect((await t.db.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
    expect(await t.db.getRepository(LicenseKey).count()).toBe(keysBefore);
    expect(await t.db.getRepository(Order).count()).toBe(ordersBefore);
    expect((await t.db.getRepository(LicenseKey).findOneByOrFail({ id: faulty.id })).status).toBe('revoked');
    // The keys stored before search terms existed get theirs from the backfill the upgrade queued.
    const keysSearchable = () =>
      t.db
        .getRepository(LicenseKeySearchTerm)
        .createQueryBuilder('t')
        .select('COUNT(DISTINCT t.keyId)', 'n')
        .getRawOne<{ n: number | string }>()
        .then((row) => Number(row!.n));
    expect(await keysSearchable()).toBe(0);
    await t.app.get(SeedService).seed();
    expect(await keysSearchable()).toBe(0);
    expect(await t.db.getRepository(Backfill).findOneByOrFail({ name: SEARCH_TERMS_BACKFILL })).toMatchObject(
      {
        state: 'pending',
        walked: 0,
      },
    );
    expect(await t.app.get(Backfills).runPending()).toBe(false);
    expect(await keysSearchable()).toBe(keysBefore);
    const product = await t.db.getRepository(Product).findOneByOrFail({ id: 'office-2024-home-business' });
    expect(product.installerUrl).toBe('https://setup.office.com/');
    // Reverting and re-running a dozen migrations is DDL on the database server, which grows with every
    // migration: 3–10 s on an idle MariaDB, near the default 30 s on a loaded one. Its own limit, not a race.
  }, 180_000);

  it('enforces the unique constraints the store relies on', async () => {
    const coupons = t.db.getRepository(Coupon);
    await expect(coupons.insert({ code: 'SAVE10', percentOff: 50 })).rejects.toThrow(/UNIQUE|Duplicate/i);
    const keys = t.db.getRepository(LicenseKey);
    const existing = await keys.findOneByOrFail({ productId: 'office-2024-standard' });
    await expect(
      keys.save(
        keys.create({
          productId: 'office-2024-standard',
          keyCiphertext: 'x',
          keyLookup: existing.keyLookup,
          keyLastGroup: 'AAAAA',
        }),
      ),
    ).rejects.toThrow(/UNIQUE|Duplicate/i);
  });

  it('seeds the catalogue, the three public coupons, the administrator and demo keys', async () => {
    expect(await t.db.getRepository(Product).count()).toBe(3);
    const coupons = await t.db.getRepository(Coupon).find({ order: { code: 'ASC' } });
    expect(coupons.map((c) => [c.code, c.percentOff, c.active])).toEqual([
      ['OFFICE20', 20, true],
      ['SAVE10', 10, true],
      ['WELCOME15', 15, true],
    ]);
    const admin = await t.db
      .getRepository(StaffMember)
      .findOneByOrFail({ username: DEV_DEFAULTS.adminUsername });
    expect(admin.role).toBe('admin');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    const keys = await t.db.getRepository(LicenseKey).find();
    expect(keys).toHaveLength(3 * DEMO_KEYS_PER_PRODUCT);
    const cipher = t.app.get(LicenseKeyCipher);
    for (const key of keys) {
      expect(key.orderId).toBeNull();
      const plain = cipher.decrypt(key.keyCiphertext);
      expect(plain).toMatch(LICENSE_KEY_PATTERN);
      expect(key.keyLookup).toBe(cipher.lookupHash(plain));
      expect(key.keyLastGroup).toBe(plain.slice(-5));
      const terms = await t.db.getRepository(LicenseKeySearchTerm).findBy({ keyId: key.id });
      expect(terms.map((row) => row.term).sort()).toEqual(cipher.searchTerms(plain).sort());
    }
  });

  it('is idempotent and keeps what the back office changed', async () => {
    await t.db.getRepository(Coupon).update({ code: 'SAVE10' }, { active: false });
    const seed = t.app.get(SeedService);
    await seed.seed();
    await Promise.all([seed.seed(), seed.seed()]);
    expect(await t.db.getRepository(Product).count()).toBe(3);
    expect(await t.db.getRepository(Coupon).count()).toBe(3);
    expect(await t.db.getRepository(StaffMember).count()).toBe(1);
    expect(await t.db.getRepository(LicenseKey).count()).toBe(3 * DEMO_KEYS_PER_PRODUCT);
    expect((await t.db.getRepository(Coupon).findOneByOrFail({ code: 'SAVE10' })).active).toBe(false);
  });

  describe('the catalogue, written by version', () => {
    const products = () => t.db.getRepository(Product);
    const standard = async () => products().findOneByOrFail({ id: 'office-2024-standard' });

    it('is written once per version, not on every start', async () => {
      expect((await standard()).catalogVersion).toBe(CATALOG_VERSION);
      await products().update({ id: 'office-2024-standard' }, { subtitle: 'Edited' });
      await t.app.get(SeedService).seed();
      expect((await standard()).subtitle).toBe('Edited');
    });

    it('is brought up to this build from an older version', async () => {
      await products().update(
        { id: 'office-2024-standard' },
        { subtitle: 'Edited', catalogVersion: CATALOG_VERSION - 1 },
      );
      await t.app.get(SeedService).seed();
      const row = await standard();
      expect([row.subtitle, row.catalogVersion]).toEqual([CATALOG[0]!.subtitle, CATALOG_VERSION]);
    });

    // A rolling deploy: a newer build changed a text, then a replica of this (older) build restarts. (Prices
    // are the price lists': price-lists.e2e-spec.ts.)
    it('is never written back over a newer version, which this build then serves', async () => {
      await products().update(
        { id: 'office-2024-standard' },
        { subtitle: 'Newer', catalogVersion: CATALOG_VERSION + 1 },
      );
      await t.app.get(SeedService).onApplicationBootstrap();
      const row = await standard();
      expect([row.subtitle, row.catalogVersion]).toEqual(['Newer', CATALOG_VERSION + 1]);
      const served = await t.http().get('/api/products').expect(200);
      expect(
        (served.body as { id: string; subtitle: string }[]).find((p) => p.id === 'office-2024-standard'),
      ).toMatchObject({ subtitle: 'Newer' });
    });
  });
});

describe(`production mode on ${DRIVER}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-jwt-secret-of-more-than-32-bytes',
      LICENSE_KEY_SECRET: 'a-production-licence-secret-of-more-than-32-bytes',
      ADMIN_PASSWORD: 'a-real-production-password',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      // Required in production; nothing is sent in this suite (port 9 is discard).
      SMTP_URL: 'smtp://127.0.0.1:9',
      // One process, without Redis (production on MariaDB asks for REDIS_URL otherwise).
      RATE_LIMITS: 'per-process',
    });
  });
  afterAll(() => t.close());

  it('seeds no demo keys and signs in with the configured password only', async () => {
    expect(await t.db.getRepository(LicenseKey).count()).toBe(0);
    await t
      .http()
      .post('/api/admin/login')
      .send({ username: 'admin', password: DEV_DEFAULTS.adminPassword })
      .expect(401);
    await t
      .http()
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'a-real-production-password' })
      .expect(200);
  });
});
