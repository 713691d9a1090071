import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The language an order was placed in (#36): `locale`, English for every order placed before. Added in
 * place on both databases (SQLite's ADD COLUMN, MariaDB's instant one), not by copying the orders table:
 * an upgrade's start does not wait for it.
 */
export class OrderLocale1766400000100 implements MigrationInterface {
  name = 'OrderLocale1766400000100';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3')
      await qr.query(`ALTER TABLE "orders" ADD COLUMN "locale" varchar(2) NOT NULL DEFAULT ('en')`);
    else
      await qr.addColumn(
        'orders',
        new TableColumn({ name: 'locale', type: 'varchar', length: '2', isNullable: false, default: "'en'" }),
      );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3')
      await qr.query(`ALTER TABLE "orders" DROP COLUMN "locale"`);
    else await qr.dropColumn('orders', 'locale');
  }
}
