import { ProductSettings } from '../catalog/entities/product-settings.entity.js';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { hashPassword } from '../staff/passwords.js';
import { CATALOG_CONTENT } from '../catalog/catalog-content.module.js';
import type { CatalogContent } from '../catalog/catalog.data.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { Product } from '../catalog/entities/product.entity.js';
import { seedPriceLists } from '../catalog/price-lists.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SEED_COUPONS } from '../coupons/coupons.data.js';
import { Coupon } from '../coupons/entities/coupon.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../license-keys/license-key-cipher.js';
import { withStartupLock } from '../database/startup-lock.js';
import { runInTransaction } from '../database/transactions.js';
import { insertLicenseKeys, newLicenseKey } from '../license-keys/license-keys.js';

export const DEMO_KEYS_PER_PRODUCT = 25;

/**
 * Runs on every start and is safe to run again, also from several processes at once (they take turns,
 * under the startup lock): the catalogue is written when this build's CATALOG_VERSION is newer than the
 * database's; coupons and the first administrator are created only when missing, so changes made in the
 * back office are kept; demo keys are added only to a product that has never had any. It holds the start-up
 * lock, so it does only what is small whatever the store's size: work that grows with the data (keys stored
 * before search terms existed getting theirs) is a backfill, done in the background (Backfills).
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: LicenseKeyCipher,
    private readonly catalog: CatalogService,
    @Inject(CATALOG_CONTENT) private readonly content: CatalogContent,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
    await this.catalog.reload();
  }

  async seed(): Promise<void> {
    await withStartupLock(this.db, 'seed', async () => {
      await this.seedCatalog();
      await this.insertMissing(
        Coupon,
        SEED_COUPONS.map((c) => ({ ...c, active: true })),
      );
      await this.seedAdmin();
      if (this.config.seedDemoKeys) await this.seedDemoKeys();
    });
  }

  /**
   * Each row is written only from a newer catalogue version than its own, in one statement, so an older
   * build never writes its content over a newer build's, whichever starts last. Prices likewise, and never
   * over a price staff have set (seedPriceLists).
   */
  private async seedCatalog(): Promise<void> {
    const { version, products } = this.content;
    await this.insertMissing(
      Product,
      products.map((product) => ({ ...product, catalogVersion: version })),
    );
    let updated = 0;
    // A product's prices are its price list's (seedPriceLists), which staff may have changed.
    for (const {
      id,
      currentPriceCents: _current,
      originalPriceCents: _original,
      savings: _savings,
      ...content
    } of products) {
      const result = await this.db
        .createQueryBuilder()
        .update(Product)
        .set({ ...content, catalogVersion: version })
        .where('id = :id AND catalogVersion < :version', { id, version })
        .updateEntity(false)
        .execute();
      updated += result.affected ?? 0;
    }
    if (updated) this.logger.log(`Wrote catalogue version ${version} to ${updated} products`);
    const prices = await runInTransaction(this.db, (m) => seedPriceLists(m, this.content));
    if (prices) this.logger.log(`Wrote catalogue version ${version} to ${prices} prices`);
    // Each product's stock-alert state has its row before the first sale: concurrent sales' checks then only
    // UPDATE it, where creating it on a sale (INSERT IGNORE, then UPDATE) took a shared lock and then an
    // exclusive one, and three sales at once deadlocked on MariaDB.
    await this.insertMissing(
      ProductSettings,
      products.map(({ id }) => ({ productId: id, lowStockThreshold: null })),
    );
    const newer = await this.db
      .getRepository(Product)
      .createQueryBuilder('product')
      .select('MAX(product.catalogVersion)', 'version')
      .getRawOne<{ version: unknown }>();
    if (Number(newer?.version) > version)
      this.logger.warn(
        `The database holds catalogue version ${Number(newer?.version)}, newer than this build's ` +
          `${version}: serving the database's (an older build during a rolling deploy)`,
      );
  }

  private async seedAdmin(): Promise<void> {
    const { username, password } = this.config.admin;
    if (await this.db.getRepository(StaffMember).existsBy({ username })) return;
    await this.insertMissing(StaffMember, [
      { username, passwordHash: await hashPassword(password), role: 'admin' },
    ]);
    this.logger.log(`Created administrator "${username}"`);
  }

  private async seedDemoKeys(): Promise<void> {
    for (const product of this.content.products) {
      // One transaction per product: a start killed half-way leaves none of its keys, so the next adds 25.
      const added = await runInTransaction(this.db, async (manager) => {
        const keys = manager.getRepository(LicenseKey);
        if (await keys.existsBy({ productId: product.id })) return 0;
        const rows = Array.from({ length: DEMO_KEYS_PER_PRODUCT }, () =>
          newLicenseKey(this.cipher, generateLicenseKey(), { productId: product.id }),
        );
        await insertLicenseKeys(manager, rows);
        return rows.length;
      });
      if (added) this.logger.log(`Added ${added} demo keys for ${product.id}`);
    }
  }

  /** INSERT that skips rows whose unique key already exists (INSERT IGNORE / INSERT OR IGNORE). */
  private async insertMissing<T extends object>(entity: new () => T, rows: Partial<T>[]): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows as never)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
}
