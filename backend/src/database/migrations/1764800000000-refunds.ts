import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EXACT } from '../exact-collation.js';
import { createIndex } from './1764000000000-admin-list-indexes.js';
import { NOCASE_INDEXES } from './1764100000000-exact-identities.js';
import { columnKit } from './1763700000000-initial-schema.js';

const PAYMENT_STATUSES_BEFORE = ['pending', 'completed', 'failed', 'refunded'];
const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'partially_refunded', 'refunded'];

/**
 * Refunds through the payment provider (#19): a payment may be `partially_refunded`, and each refund is
 * a row of `refunds` (amount, reason, who, the provider's id, its status).
 */
export class Refunds1764800000000 implements MigrationInterface {
  name = 'Refunds1764800000000';

  async up(qr: QueryRunner): Promise<void> {
    await setPaymentStatuses(qr, PAYMENT_STATUSES);
    const c = columnKit(qr);
    const exact = isSqlite(qr) ? {} : { charset: 'utf8mb4', collation: EXACT.collation };
    await qr.createTable(
      new Table({
        name: 'refunds',
        columns: [
          c.stringId('id', 36),
          c.varchar('orderId', 36),
          c.int('amountCents'),
          c.varchar('currency', 3, { default: "'usd'" }),
          c.varchar('reason', 500),
          c.enum('status', ['pending', 'succeeded', 'failed', 'canceled'], { default: "'pending'" }),
          c.varchar('failureReason', 500, { isNullable: true }),
          c.int('staffUserId', { isNullable: true }),
          c.varchar('staffUsername', 100, { isNullable: true }),
          c.varchar('idempotencyKey', 255, exact),
          c.varchar('requestFingerprint', 64, { isNullable: true, ...exact }),
          c.varchar('providerRefundId', 255, { isNullable: true, ...exact }),
          c.bool('revokeKeys', false),
          c.text('licenseKeyIds', { isNullable: true }),
          c.bool('notifyCustomer', true),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_refunds_orderId', columnNames: ['orderId', 'createdAt'] }),
          new TableIndex({
            name: 'UQ_refunds_idempotencyKey',
            columnNames: ['idempotencyKey'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'UQ_refunds_providerRefundId',
            columnNames: ['providerRefundId'],
            isUnique: true,
          }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['orderId'],
            referencedTableName: 'orders',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('refunds');
    await qr.query(
      `UPDATE orders SET paymentStatus = 'completed' WHERE paymentStatus = 'partially_refunded'`,
    );
    await setPaymentStatuses(qr, PAYMENT_STATUSES_BEFORE);
  }
}

/** The values `orders.paymentStatus` accepts (MySQL/MariaDB's ENUM, SQLite's CHECK). */
function setPaymentStatuses(qr: QueryRunner, values: string[]): Promise<void> {
  return setOrderEnum(qr, 'paymentStatus', values, 'pending');
}

/** The values an ENUM column of `orders` accepts (MySQL/MariaDB's ENUM, SQLite's CHECK). */
export async function setOrderEnum(
  qr: QueryRunner,
  name: string,
  values: string[],
  fallback: string | null,
): Promise<void> {
  if (!isSqlite(qr)) {
    const list = values.map((v) => `'${v}'`).join(',');
    const nullable = fallback === null ? 'NULL DEFAULT NULL' : `NOT NULL DEFAULT '${fallback}'`;
    await qr.query(`ALTER TABLE \`orders\` MODIFY \`${name}\` enum(${list}) ${nullable}`);
    return;
  }
  // SQLite changes a CHECK by rebuilding the table, and TypeORM recreates its indexes without their NOCASE.
  const table = (await qr.getTable('orders'))!;
  const column = table.findColumnByName(name)!;
  const changed = column.clone();
  changed.enum = values;
  await qr.changeColumn(table, column, changed);
  for (const { name, column: indexed } of NOCASE_INDEXES) {
    await qr.dropIndex('orders', name);
    await createIndex(qr, 'orders', name, [indexed], true);
  }
}

function isSqlite(qr: QueryRunner): boolean {
  return qr.connection.driver.options.type === 'better-sqlite3';
}
