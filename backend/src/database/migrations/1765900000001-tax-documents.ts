import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EXACT } from '../exact-collation.js';
import { columnKit, foreignKey, index, uniqueIndex } from './1763700000000-initial-schema.js';

/**
 * Invoices and credit notes (#20 §5): `tax_documents`, frozen when issued, and `tax_document_series`, the
 * next number of each gapless series.
 */
export class TaxDocuments1765900000001 implements MigrationInterface {
  name = 'TaxDocuments1765900000001';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
    const exact = sqlite ? {} : { charset: 'utf8mb4', collation: EXACT.collation };
    await qr.createTable(
      new Table({
        name: 'tax_documents',
        columns: [
          c.stringId('id', 36),
          c.varchar('kind', 12),
          c.varchar('number', 20, exact),
          c.int('year'),
          c.int('sequence'),
          c.varchar('orderId', 36),
          c.varchar('invoiceId', 36, { isNullable: true }),
          c.varchar('refundId', 36, { isNullable: true }),
          c.datetime('issuedAt'),
          c.varchar('currency', 3),
          c.varchar('taxMode', 10),
          c.varchar('taxCountry', 8, { isNullable: true }),
          c.int('taxRateBasisPoints'),
          c.bool('reverseCharge', false),
          c.int('netCents'),
          c.int('taxCents'),
          c.int('totalCents'),
          c.text('details'),
        ],
        indices: [
          uniqueIndex('UQ_tax_documents_number', ['number']),
          uniqueIndex('UQ_tax_documents_series', ['kind', 'year', 'sequence']),
          index('IDX_tax_documents_issuedAt', ['issuedAt', 'id']),
          index('IDX_tax_documents_orderId', ['orderId', 'issuedAt']),
          uniqueIndex('UQ_tax_documents_refundId', ['refundId']),
        ],
        foreignKeys: [foreignKey('orderId', 'orders', 'RESTRICT')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'tax_document_series',
        columns: [c.stringId('series', 32), c.int('nextSequence')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('tax_document_series');
    await qr.dropTable('tax_documents');
  }
}
