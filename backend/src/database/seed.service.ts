import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AdminUser } from '../auth/entities/admin-user.entity.js';
import { hashPassword } from '../auth/passwords.js';
import { CATALOG } from '../catalog/catalog.data.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { Product } from '../catalog/entities/product.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Coupon } from '../coupons/entities/coupon.entity.js';
import { LicenseKey } from '../licenses/entities/license-key.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../licenses/license-key-cipher.js';

/** The public promo codes. The 97 % code of the original store is deliberately not seeded. */
export const SEED_COUPONS = [
  { code: 'SAVE10', percentOff: 10 },
  { code: 'OFFICE20', percentOff: 20 },
  { code: 'WELCOME15', percentOff: 15 },
];

export const DEMO_KEYS_PER_PRODUCT = 25;

/**
 * Runs on every start and is safe to run again, also from several processes at once: the catalogue is
 * brought up to date; coupons and the first administrator are created only when missing, so changes made
 * in the back office are kept; demo keys are added only to a product that has never had any.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: LicenseKeyCipher,
    private readonly catalog: CatalogService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
    await this.catalog.reload();
  }

  async seed(): Promise<void> {
    // updateEntity(false): TypeORM would otherwise write "generated" values back into the rows it was
    // given, and on SQLite it mismatches them between rows of a multi-row upsert.
    const columns = this.db
      .getMetadata(Product)
      .columns.map((c) => c.databaseName)
      .filter((c) => c !== 'id');
    await this.db
      .createQueryBuilder()
      .insert()
      .into(Product)
      .values(CATALOG.map((product) => ({ ...product })))
      .orUpdate(columns, ['id'])
      .updateEntity(false)
      .execute();
    await this.insertMissing(
      Coupon,
      SEED_COUPONS.map((c) => ({ ...c, active: true })),
    );
    await this.seedAdmin();
    if (this.config.seedDemoKeys) await this.seedDemoKeys();
  }

  private async seedAdmin(): Promise<void> {
    const { username, password } = this.config.admin;
    if (await this.db.getRepository(AdminUser).existsBy({ username })) return;
    await this.insertMissing(AdminUser, [
      { username, passwordHash: await hashPassword(password), role: 'admin' },
    ]);
    this.logger.log(`Created administrator "${username}"`);
  }

  private async seedDemoKeys(): Promise<void> {
    const keys = this.db.getRepository(LicenseKey);
    for (const product of CATALOG) {
      if (await keys.existsBy({ productId: product.id })) continue;
      const rows = Array.from({ length: DEMO_KEYS_PER_PRODUCT }, () =>
        keys.create({ productId: product.id, ...this.cipher.seal(generateLicenseKey()) }),
      );
      await keys.save(rows, { chunk: 50 });
      this.logger.log(`Added ${rows.length} demo keys for ${product.id}`);
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
