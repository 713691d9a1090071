import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit } from './1763700000000-initial-schema.js';

const FIGURES = [
  'orders',
  'units',
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
];

/** `sales_days` with `currency` in its key: `withCurrency` adds it, else the table as before. */
function salesDays(qr: QueryRunner, name: string, withCurrency: boolean): Table {
  const c = columnKit(qr);
  return new Table({
    name,
    columns: [
      c.varchar('productId', 64, { isPrimary: true }),
      c.varchar('day', 10, { isPrimary: true }),
      ...(withCurrency ? [c.varchar('currency', 3, { isPrimary: true })] : []),
      ...FIGURES.map((figure) => c.int(figure, { default: 0 })),
    ],
  });
}

/**
 * The sales roll-up per currency (#35): each row of a day and product is of one currency (sales in the
 * order's, key costs in their batch's), so no figure adds one currency to another. Every row so far is
 * in US dollars, the one currency the store sold and bought keys in. The table is rebuilt (a primary key
 * cannot be changed in place on SQLite): a copy of a few thousand rows a year of sales.
 */
export class SalesDaysPerCurrency1766300000500 implements MigrationInterface {
  name = 'SalesDaysPerCurrency1766300000500';

  async up(qr: QueryRunner): Promise<void> {
    await this.rebuild(qr, true);
  }

  /** Back to one row per day and product: possible only while every row is in US dollars. */
  async down(qr: QueryRunner): Promise<void> {
    const q = (n: string) => qr.connection.driver.escape(n);
    const [other] = (await qr.query(
      `SELECT COUNT(*) AS ${q('n')} FROM ${q('sales_days')} WHERE ${q('currency')} <> 'USD'`,
    )) as { n: number | string }[];
    if (Number(other?.n) > 0) throw new Error('sales_days holds sales in currencies other than USD');
    await this.rebuild(qr, false);
  }

  private async rebuild(qr: QueryRunner, withCurrency: boolean): Promise<void> {
    const q = (n: string) => qr.connection.driver.escape(n);
    await qr.renameTable('sales_days', 'sales_days_before');
    await qr.createTable(salesDays(qr, 'sales_days', withCurrency));
    const columns = ['productId', 'day', ...FIGURES].map(q).join(', ');
    await qr.query(
      withCurrency
        ? `INSERT INTO ${q('sales_days')} (${columns}, ${q('currency')}) ` +
            `SELECT ${columns}, 'USD' FROM ${q('sales_days_before')}`
        : `INSERT INTO ${q('sales_days')} (${columns}) SELECT ${columns} FROM ${q('sales_days_before')}`,
    );
    await qr.dropTable('sales_days_before');
  }
}
