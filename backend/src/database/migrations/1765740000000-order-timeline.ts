import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** [table, column, type, length] of the columns added, all nullable. */
const COLUMNS: [string, string, 'varchar' | 'datetime', number?][] = [
  ['payment_events', 'failureReason', 'varchar', 500],
  ['download_links', 'lastDownloadedAt', 'datetime'],
];

/**
 * The order's story (#19 §6): the provider's reason for a declined payment, and when a download link was
 * last used (its count alone does not say when).
 */
export class OrderTimeline1765740000000 implements MigrationInterface {
  name = 'OrderTimeline1765740000000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.driver.options.type === 'better-sqlite3') {
      // In place: TypeORM would rebuild each table (see CheckoutConsents1764900000000).
      for (const [table, name, type, length] of COLUMNS)
        await qr.query(
          `ALTER TABLE "${table}" ADD COLUMN "${name}" ${type === 'varchar' ? `varchar(${length})` : 'datetime(3)'}`,
        );
      return;
    }
    const driver = qr.connection.driver;
    for (const [table, name, type, length] of COLUMNS)
      await qr.addColumn(
        table,
        new TableColumn({
          name,
          type: driver.normalizeType({ type }),
          ...(length ? { length: String(length) } : { precision: 3 }),
          isNullable: true,
        }),
      );
  }

  async down(qr: QueryRunner): Promise<void> {
    const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
    for (const [table, name] of COLUMNS) {
      if (sqlite) await qr.query(`ALTER TABLE "${table}" DROP COLUMN "${name}"`);
      else await qr.dropColumn(table, name);
    }
  }
}
