import type { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalUsername } from '../../common/username.js';
import { canonicalEmail } from '../../common/email.js';
import { EXACT } from '../exact-collation.js';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/** Identities and secrets looked up by value; see EXACT. */
const EXACT_COLUMNS: Record<string, string[]> = {
  orders: ['customerEmail', 'providerPaymentId', 'idempotencyKey', 'idempotencyFingerprint'],
  admin_users: ['username'],
  download_links: ['token'],
  license_keys: ['keyLookup'],
  license_activations: ['instanceId'],
  coupons: ['code'],
  payment_events: ['providerEventId'],
};

/** Searched with LIKE: rebuilt COLLATE NOCASE on SQLite after the orders table is (see below). */
export const NOCASE_INDEXES = [
  { name: 'IDX_orders_customerName', column: 'customerName' },
  { name: 'IDX_orders_billingLastName', column: 'billingLastName' },
];

/**
 * Identities and secrets compare exactly on every driver (#15): a binary collation on MySQL/MariaDB,
 * whose default collations ignore case and accents (SQLite's columns are binary already). Existing
 * customer e-mails and usernames are brought to their canonical forms (canonicalEmail,
 * canonicalUsername), which is how they are now looked up.
 *
 * `customerName` (first name, a space, last name; each name up to 100 characters) grows to 201: a
 * shopper with two long names got a 500 on MySQL/MariaDB.
 */
export class ExactIdentities1764100000000 implements MigrationInterface {
  name = 'ExactIdentities1764100000000';

  async up(qr: QueryRunner): Promise<void> {
    await this.setCustomerNameLength(qr, 201);
    if (!isSqlite(qr)) await this.setCollations(qr, true);
    await this.lowerUsernames(qr);
    // LOWER() folds ASCII only on SQLite; addresses with anything else get the whole canonical form.
    await qr.query(
      'UPDATE orders SET customerEmail = LOWER(customerEmail) WHERE customerEmail <> LOWER(customerEmail)',
    );
    const nonAscii = isSqlite(qr)
      ? `customerEmail GLOB '*[^ -~]*'`
      : 'LENGTH(customerEmail) <> CHAR_LENGTH(customerEmail)';
    const rows: { customerEmail: string }[] = await qr.query(
      `SELECT DISTINCT customerEmail FROM orders WHERE ${nonAscii}`,
    );
    for (const { customerEmail } of rows) {
      const canonical = canonicalEmail(customerEmail);
      if (canonical !== customerEmail) {
        await qr.query('UPDATE orders SET customerEmail = ? WHERE customerEmail = ?', [
          canonical,
          customerEmail,
        ]);
      }
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    if (!isSqlite(qr)) await this.setCollations(qr, false);
    await this.setCustomerNameLength(qr, 200);
  }

  /** One ALTER per table, each column restated with the table's default collation or the exact one. */
  private async setCollations(qr: QueryRunner, exact: boolean): Promise<void> {
    for (const [tableName, columnNames] of Object.entries(EXACT_COLUMNS)) {
      const table = await qr.getTable(tableName);
      const changes = columnNames.map((name) => {
        const column = table!.findColumnByName(name)!;
        const collation = exact ? ` CHARACTER SET utf8mb4 COLLATE ${EXACT.collation}` : '';
        const nullable = column.isNullable ? 'NULL' : 'NOT NULL';
        return `MODIFY \`${name}\` varchar(${column.length})${collation} ${nullable}`;
      });
      await qr.query(`ALTER TABLE \`${tableName}\` ${changes.join(', ')}`);
    }
  }

  /**
   * SQLite compared usernames exactly before, so `jane` and `Jane` may be two accounts. The one already
   * named in lower case (else the oldest) keeps the name; any other gets its id appended (`jane-7`), as
   * two accounts cannot share one name and neither can be merged into the other. The log says whom.
   */
  private async lowerUsernames(qr: QueryRunner): Promise<void> {
    const users: { id: number | string; username: string }[] = await qr.query(
      'SELECT id, username FROM admin_users WHERE username <> LOWER(username) ORDER BY id',
    );
    for (const { id, username } of users) {
      const lower = canonicalUsername(username);
      const [taken]: unknown[] = await qr.query('SELECT 1 FROM admin_users WHERE username = ?', [lower]);
      const name = taken ? `${lower.slice(0, 99 - String(id).length)}-${id}` : lower;
      await qr.query('UPDATE admin_users SET username = ? WHERE id = ?', [name, id]);
      if (taken)
        qr.connection.logger.log(
          'warn',
          `Staff user ${id} "${username}" is now "${name}": "${lower}" is another account's name`,
        );
    }
  }

  private async setCustomerNameLength(qr: QueryRunner, length: number): Promise<void> {
    if (!isSqlite(qr)) {
      await qr.query(`ALTER TABLE \`orders\` MODIFY \`customerName\` varchar(${length}) NOT NULL`);
      return;
    }
    // SQLite rebuilds the table, and TypeORM recreates its indexes without their NOCASE.
    const table = (await qr.getTable('orders'))!;
    const column = table.findColumnByName('customerName')!;
    const changed = column.clone();
    changed.length = String(length);
    await qr.changeColumn(table, column, changed);
    for (const { name, column: indexed } of NOCASE_INDEXES) {
      await qr.dropIndex('orders', name);
      await createIndex(qr, 'orders', name, [indexed], true);
    }
  }
}

function isSqlite(qr: QueryRunner): boolean {
  return qr.connection.driver.options.type === 'better-sqlite3';
}
