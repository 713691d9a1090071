import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The fraud hold's velocity rules (#19 §3): the paying card's fingerprint as the provider reports it
 * (distinct cards per address or e-mail), and an index to count an address's recent orders.
 */
export class HoldRules1765720000000 implements MigrationInterface {
  name = 'HoldRules1765720000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3')
      await qr.query(`ALTER TABLE "orders" ADD COLUMN "cardFingerprint" varchar(64)`);
    else
      await qr.addColumn(
        'orders',
        new TableColumn({ name: 'cardFingerprint', type: 'varchar', length: '64', isNullable: true }),
      );
    await createIndex(qr, 'orders', 'IDX_orders_checkoutIp', ['checkoutIp', 'createdAt']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_checkoutIp');
    if (qr.connection.driver.options.type === 'better-sqlite3')
      await qr.query(`ALTER TABLE "orders" DROP COLUMN "cardFingerprint"`);
    else await qr.dropColumn('orders', 'cardFingerprint');
  }
}
