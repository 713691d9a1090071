import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';
import { NOCASE_INDEXES } from './1764100000000-exact-identities.js';

/** The tables whose rows carry an order's currency, and whether new rows default to it. */
const TABLES: { table: string; defaulted: boolean }[] = [
  { table: 'orders', defaulted: true },
  { table: 'refunds', defaulted: true },
  { table: 'disputes', defaulted: true },
  // Copied from the order when issued: `usd` on the documents of orders before #35.
  { table: 'tax_documents', defaulted: false },
  // Upper-case already through their DTOs; rows written otherwise are brought in line.
  { table: 'key_batches', defaulted: false },
  { table: 'exchange_rates', defaulted: false },
];

/**
 * Currency codes are upper-case ISO 4217 in the database and the API (#35): the orders, refunds and
 * disputes written before (`usd`, Stripe's spelling) are rewritten, and new rows default to `USD`. Stripe's
 * lower case is converted at the provider's boundary.
 */
export class UpperCaseCurrencies1766300000200 implements MigrationInterface {
  name = 'UpperCaseCurrencies1766300000200';

  async up(qr: QueryRunner): Promise<void> {
    // MariaDB's default collation finds `usd` equal to `USD`: the bytes are compared.
    const lower = isSqlite(qr) ? 'currency <> UPPER(currency)' : 'BINARY currency <> UPPER(currency)';
    for (const { table } of TABLES)
      await qr.query(
        `UPDATE ${table} SET currency = UPPER(currency)${await keepUpdatedAt(qr, table)} WHERE ${lower}`,
      );
    for (const { table, defaulted } of TABLES) if (defaulted) await setDefault(qr, table, "'USD'");
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const { table, defaulted } of TABLES) if (defaulted) await setDefault(qr, table, "'usd'");
    for (const table of ['orders', 'refunds', 'disputes'])
      await qr.query(`UPDATE ${table} SET currency = LOWER(currency)${await keepUpdatedAt(qr, table)}`);
  }
}

/**
 * On MariaDB a row's `updatedAt` (ON UPDATE CURRENT_TIMESTAMP) would become the upgrade's time: the sales
 * backfill reads it as the day of a refund in full, and the back office as the order's last change.
 * Assigning the column its own value keeps it.
 */
async function keepUpdatedAt(qr: QueryRunner, table: string): Promise<string> {
  return !isSqlite(qr) && (await qr.hasColumn(table, 'updatedAt')) ? ', updatedAt = updatedAt' : '';
}

async function setDefault(qr: QueryRunner, name: string, fallback: string): Promise<void> {
  if (!isSqlite(qr)) {
    await qr.query(`ALTER TABLE \`${name}\` ALTER \`currency\` SET DEFAULT ${fallback}`);
    return;
  }
  // SQLite changes a default by rebuilding the table, and TypeORM recreates its indexes without their NOCASE.
  const table = (await qr.getTable(name))!;
  const column = table.findColumnByName('currency')!;
  const changed = column.clone();
  changed.default = fallback;
  await qr.changeColumn(table, column, changed);
  if (name !== 'orders') return;
  for (const { name: index, column: indexed } of NOCASE_INDEXES) {
    await qr.dropIndex('orders', index);
    await createIndex(qr, 'orders', index, [indexed], true);
  }
}

function isSqlite(qr: QueryRunner): boolean {
  return qr.connection.driver.options.type === 'better-sqlite3';
}
