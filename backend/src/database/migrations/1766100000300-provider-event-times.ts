import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The tables whose rows the provider's events move (refunds, disputes and fraud warnings). */
const TABLES = ['refunds', 'disputes'];

/**
 * Out-of-order events (#32 §3): each refund and dispute keeps the provider's time for the last event
 * applied to it (`providerEventAt`), so an older event that arrives late changes nothing. Existing rows:
 * null (the next event applies by the status order alone).
 */
export class ProviderEventTimes1766100000300 implements MigrationInterface {
  name = 'ProviderEventTimes1766100000300';

  async up(qr: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        // In place: TypeORM would rebuild the table.
        await qr.query(`ALTER TABLE "${table}" ADD COLUMN "providerEventAt" datetime(3)`);
      else
        await qr.addColumn(
          table,
          new TableColumn({ name: 'providerEventAt', type: 'datetime', precision: 3, isNullable: true }),
        );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        await qr.query(`ALTER TABLE "${table}" DROP COLUMN "providerEventAt"`);
      else await qr.dropColumn(table, 'providerEventAt');
    }
  }
}
