import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** [name, SQLite's column, the other drivers' column] of what VIES answered, added to `orders`. */
const COLUMNS: [string, string, Partial<TableColumn>][] = [
  ['vatNameMatch', 'varchar(12)', { type: 'varchar', length: '12', isNullable: true }],
  ['vatCheckAnswer', 'text', { type: 'text', isNullable: true }],
];

/**
 * A verified VAT number's company (#32 §1): how the name typed compares with the one VIES has, and VIES's
 * answer as evidence. Orders placed before have neither (null): they were reverse-charged on the number.
 */
export class VatNumberNames1766100000000 implements MigrationInterface {
  name = 'VatNumberNames1766100000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // In place: TypeORM would rebuild the table and drop its NOCASE search indexes.
      for (const [name, column] of COLUMNS)
        await qr.query(`ALTER TABLE "orders" ADD COLUMN "${name}" ${column}`);
    } else {
      await qr.addColumns(
        'orders',
        COLUMNS.map(([name, , column]) => new TableColumn({ name, ...column } as TableColumn)),
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const [name] of [...COLUMNS].reverse()) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        await qr.query(`ALTER TABLE "orders" DROP COLUMN "${name}"`);
      else await qr.dropColumn('orders', name);
    }
  }
}
