import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

const REASONS = ['order-cancelled', 'coupon-used-up'];

/** Orders paid but not delivered (cancelled, or their coupon used up) record that a refund is owed. */
export class RefundDue1764200000000 implements MigrationInterface {
  name = 'RefundDue1764200000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // TypeORM adds a column on SQLite by rebuilding the table, which drops the NOCASE search indexes
      // (see AdminListIndexes1764000000000); SQLite adds one in place, with the CHECK simple-enum makes.
      const values = REASONS.map((r) => `'${r}'`).join(',');
      await qr.query(
        `ALTER TABLE "orders" ADD COLUMN "refundDue" varchar CHECK( "refundDue" IN (${values}) )`,
      );
      return;
    }
    const type = qr.connection.driver.normalizeType({ type: 'simple-enum' });
    await qr.addColumn(
      'orders',
      new TableColumn({ name: 'refundDue', type, enum: REASONS, isNullable: true }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      await qr.query('ALTER TABLE "orders" DROP COLUMN "refundDue"');
      return;
    }
    await qr.dropColumn('orders', 'refundDue');
  }
}
