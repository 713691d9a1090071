import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EXACT } from '../exact-collation.js';
import { columnKit, foreignKey, index, uniqueIndex } from './1763700000000-initial-schema.js';

const KEY_STATUSES = ['active', 'revoked', 'expired'];

/**
 * "My key doesn't work" (#19 §5): customers' reports of keys that do not activate, their screenshots (in
 * parts, see KeyReportScreenshot), and the licence key status `faulty` for a key replaced from stock. The
 * new enum value goes last: on MySQL/MariaDB appending to an ENUM changes no row; SQLite rebuilds the table
 * for its CHECK (foreign keys are off while migrations run, see BetterSqlite3QueryRunner.beforeMigration).
 */
export class KeyReports1765500000000 implements MigrationInterface {
  name = 'KeyReports1765500000000';

  async up(qr: QueryRunner): Promise<void> {
    await this.setKeyStatuses(qr, [...KEY_STATUSES, 'faulty']);
    const c = columnKit(qr);
    const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
    await qr.createTable(
      new Table({
        name: 'key_reports',
        columns: [
          c.autoId(),
          c.varchar('licenseKeyId', 36),
          c.varchar('orderId', 36),
          c.varchar('productId', 64),
          c.varchar('customerEmail', 254, sqlite ? {} : { charset: 'utf8mb4', collation: EXACT.collation }),
          c.text('errorMessage'),
          c.varchar('screenshotType', 16, { isNullable: true }),
          c.enum('status', ['open', 'replaced', 'answered'], { default: "'open'" }),
          c.varchar('openKeyId', 36, { isNullable: true }),
          c.varchar('replacementKeyId', 36, { isNullable: true }),
          c.text('answer', { isNullable: true }),
          c.varchar('resolvedBy', 100, { isNullable: true }),
          c.datetime('resolvedAt', { isNullable: true }),
          c.createdAt(),
        ],
        indices: [
          index('IDX_key_reports_status', ['status', 'createdAt', 'id']),
          index('IDX_key_reports_createdAt', ['createdAt', 'id']),
          index('IDX_key_reports_customerEmail', ['customerEmail']),
          index('IDX_key_reports_orderId', ['orderId']),
          index('IDX_key_reports_licenseKeyId', ['licenseKeyId']),
          uniqueIndex('UQ_key_reports_openKeyId', ['openKeyId']),
        ],
        foreignKeys: [
          foreignKey('licenseKeyId', 'license_keys', 'RESTRICT'),
          foreignKey('orderId', 'orders', 'RESTRICT'),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'key_report_screenshots',
        columns: [
          { ...c.int('reportId'), isPrimary: true },
          { ...c.int('part'), isPrimary: true },
          { name: 'bytes', type: qr.connection.driver.normalizeType({ type: 'blob' }) },
        ],
        foreignKeys: [foreignKey('reportId', 'key_reports', 'CASCADE')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('key_report_screenshots');
    await qr.dropTable('key_reports');
    await qr.query("UPDATE license_keys SET status = 'revoked' WHERE status = 'faulty'");
    await this.setKeyStatuses(qr, KEY_STATUSES);
  }

  private async setKeyStatuses(qr: QueryRunner, values: string[]): Promise<void> {
    const table = await qr.getTable('license_keys');
    const column = table!.findColumnByName('status')!;
    const changed = column.clone();
    changed.enum = values;
    await qr.changeColumn(table!, column, new TableColumn(changed));
  }
}
