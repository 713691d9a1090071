import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Where a product's list ("original") price comes from (#34): the storefront strikes a list price through
 * only when its source is stated. Existing rows: null (no source, so no strike-through) until the seed
 * writes the catalogue of this build.
 */
export class ProductListPriceSource1766200000100 implements MigrationInterface {
  name = 'ProductListPriceSource1766200000100';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3')
      // In place: TypeORM would rebuild the table.
      await qr.query(`ALTER TABLE "products" ADD COLUMN "listPriceSource" varchar(300)`);
    else
      await qr.addColumn(
        'products',
        new TableColumn({ name: 'listPriceSource', type: 'varchar', length: '300', isNullable: true }),
      );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3')
      await qr.query(`ALTER TABLE "products" DROP COLUMN "listPriceSource"`);
    else await qr.dropColumn('products', 'listPriceSource');
  }
}
