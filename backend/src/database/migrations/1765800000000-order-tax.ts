import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** [name, SQLite's column, the other drivers' column] of the tax added to `orders`. */
const COLUMNS: [string, string, Partial<TableColumn>][] = [
  ['taxMode', `varchar(10) NOT NULL DEFAULT ('off')`, { type: 'varchar', length: '10', default: "'off'" }],
  ['taxRateBasisPoints', 'integer NOT NULL DEFAULT (0)', { type: 'int', default: 0 }],
  ['taxCountry', 'varchar(8)', { type: 'varchar', length: '8', isNullable: true }],
  ['taxCents', 'integer NOT NULL DEFAULT (0)', { type: 'int', default: 0 }],
];

/**
 * Tax by the buyer's country (#20): how each order was taxed (mode, rate, country, amount). Existing
 * orders were not taxed: `off`, 0.
 */
export class OrderTax1765800000000 implements MigrationInterface {
  name = 'OrderTax1765800000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // In place: TypeORM would rebuild the table and drop its NOCASE search indexes.
      for (const [name, column] of COLUMNS)
        await qr.query(`ALTER TABLE "orders" ADD COLUMN "${name}" ${column}`);
      return;
    }
    await qr.addColumns(
      'orders',
      COLUMNS.map(
        ([name, , column]) => new TableColumn({ name, isNullable: false, ...column } as TableColumn),
      ),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const [name] of [...COLUMNS].reverse()) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        await qr.query(`ALTER TABLE "orders" DROP COLUMN "${name}"`);
      else await qr.dropColumn('orders', name);
    }
  }
}
