import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, index, uniqueIndex } from './1763700000000-initial-schema.js';

/** The ECB's euro reference rates the tax returns convert with (#20 §6): `exchange_rates`. */
export class ExchangeRates1765900000002 implements MigrationInterface {
  name = 'ExchangeRates1765900000002';

  async up(qr: QueryRunner): Promise<void> {
    const c = columnKit(qr);
    await qr.createTable(
      new Table({
        name: 'exchange_rates',
        columns: [
          c.autoId(),
          c.varchar('currency', 3),
          c.varchar('date', 10),
          { name: 'unitsPerEuro', type: qr.connection.driver.normalizeType({ type: 'bigint' }) },
          c.varchar('source', 12),
          c.varchar('staffUsername', 100, { isNullable: true }),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          uniqueIndex('UQ_exchange_rates_currency_date', ['currency', 'date']),
          index('IDX_exchange_rates_date', ['date', 'createdAt', 'id']),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('exchange_rates');
  }
}
