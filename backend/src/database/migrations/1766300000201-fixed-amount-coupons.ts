import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit } from './1763700000000-initial-schema.js';

/**
 * Fixed-amount coupons (#35): a coupon takes either `percentOff` percent off (any currency) or
 * `amountOffCents` off an order in its `currency` only. Existing coupons are percentage ones.
 */
export class FixedAmountCoupons1766300000201 implements MigrationInterface {
  name = 'FixedAmountCoupons1766300000201';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    await qr.addColumns('coupons', [
      new TableColumn(c.int('amountOffCents', { isNullable: true })),
      new TableColumn(c.varchar('currency', 3, { isNullable: true })),
    ]);
    await setPercentOffNullable(qr, true);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query('DELETE FROM coupons WHERE percentOff IS NULL');
    await setPercentOffNullable(qr, false);
    await qr.dropColumn('coupons', 'currency');
    await qr.dropColumn('coupons', 'amountOffCents');
  }
}

async function setPercentOffNullable(qr: QueryRunner, nullable: boolean): Promise<void> {
  const table = (await qr.getTable('coupons'))!;
  const column = table.findColumnByName('percentOff')!;
  const changed = column.clone();
  changed.isNullable = nullable;
  await qr.changeColumn(table, column, changed);
}
