import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The catalogue version each product row was written from, so that only a newer build rewrites the
 * catalogue. Existing rows start at 0: the first start after this migration writes them once.
 */
export class CatalogVersion1764416160000 implements MigrationInterface {
  name = 'CatalogVersion1764416160000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.addColumn(
      'products',
      new TableColumn({ name: 'catalogVersion', type: type('int'), default: 0 }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('products', 'catalogVersion');
  }
}
