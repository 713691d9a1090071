import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

const COLUMNS = ['consentImmediateDeliveryAt', 'consentWithdrawalRightLossAt'];

/** When the shopper consented to immediate delivery and acknowledged losing the right of withdrawal. */
export class CheckoutConsents1764900000000 implements MigrationInterface {
  name = 'CheckoutConsents1764900000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // In place: TypeORM would rebuild the table and drop its NOCASE search indexes (see RefundDue1764200000000).
      for (const column of COLUMNS) await qr.query(`ALTER TABLE "orders" ADD COLUMN "${column}" datetime(3)`);
      return;
    }
    const type = qr.connection.driver.normalizeType({ type: 'datetime' });
    await qr.addColumns(
      'orders',
      COLUMNS.map((name) => new TableColumn({ name, type, precision: 3, isNullable: true })),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      for (const column of COLUMNS) await qr.query(`ALTER TABLE "orders" DROP COLUMN "${column}"`);
      return;
    }
    for (const column of COLUMNS) await qr.dropColumn('orders', column);
  }
}
