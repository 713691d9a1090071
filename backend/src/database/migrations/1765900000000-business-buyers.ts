import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/** [name, SQLite's column, the other drivers' column] of a business buyer's details added to `orders`. */
const COLUMNS: [string, string, Partial<TableColumn>][] = [
  ['billingCompany', 'varchar(200)', { type: 'varchar', length: '200', isNullable: true }],
  ['vatNumber', 'varchar(20)', { type: 'varchar', length: '20', isNullable: true }],
  ['vatNumberStatus', 'varchar(12)', { type: 'varchar', length: '12', isNullable: true }],
  ['vatCheckReference', 'varchar(64)', { type: 'varchar', length: '64', isNullable: true }],
  ['vatCheckedAt', 'datetime(3)', { type: 'datetime', precision: 3, isNullable: true }],
  ['reverseCharge', 'boolean NOT NULL DEFAULT (0)', { type: 'boolean', default: false }],
];

/**
 * Business buyers (#20 §4): the company and VAT number given at checkout, how the number was checked, and
 * whether the order was reverse-charged. Existing orders are consumers': all null, not reverse-charged.
 */
export class BusinessBuyers1765900000000 implements MigrationInterface {
  name = 'BusinessBuyers1765900000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // In place: TypeORM would rebuild the table and drop its NOCASE search indexes.
      for (const [name, column] of COLUMNS)
        await qr.query(`ALTER TABLE "orders" ADD COLUMN "${name}" ${column}`);
    } else {
      await qr.addColumns(
        'orders',
        COLUMNS.map(
          ([name, , column]) => new TableColumn({ name, isNullable: false, ...column } as TableColumn),
        ),
      );
    }
    // The back office's filter for numbers charged the consumer rate because they could not be verified.
    await createIndex(qr, 'orders', 'IDX_orders_vatNumberStatus', ['vatNumberStatus', 'createdAt', 'id']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_vatNumberStatus');
    for (const [name] of [...COLUMNS].reverse()) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        await qr.query(`ALTER TABLE "orders" DROP COLUMN "${name}"`);
      else await qr.dropColumn('orders', name);
    }
  }
}
