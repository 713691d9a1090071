import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EXACT } from '../exact-collation.js';

/**
 * Licence keys searchable by any group's first characters (#18): the keyed hashes of each key's tokens
 * (LicenseKeySearchTerm). Keys already stored get theirs from the seed at the next start
 * (backfillSearchTerms): a migration does not hold the secret.
 */
export class LicenseKeySearchTerms1764700000000 implements MigrationInterface {
  name = 'LicenseKeySearchTerms1764700000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
    await qr.createTable(
      new Table({
        name: 'license_key_search_terms',
        columns: [
          {
            name: 'term',
            type: type('varchar'),
            length: '32',
            isPrimary: true,
            // SQLite compares bytes already; see EXACT.
            ...(sqlite ? {} : { charset: 'utf8mb4', collation: EXACT.collation }),
          },
          { name: 'keyId', type: type('varchar'), length: '36', isPrimary: true },
        ],
        indices: [new TableIndex({ name: 'IDX_license_key_search_terms_keyId', columnNames: ['keyId'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['keyId'],
            referencedTableName: 'license_keys',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('license_key_search_terms');
  }
}
