import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EXACT } from '../exact-collation.js';
import { createIndex } from './1764000000000-admin-list-indexes.js';
import { columnKit, foreignKey, index, uniqueIndex } from './1763700000000-initial-schema.js';
import { setOrderEnum } from './1764800000000-refunds.js';

const ORDER_STATUSES = ['processing', 'fulfilled', 'cancelled'];
const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'partially_refunded', 'refunded'];
const REFUND_REASONS = ['order-cancelled', 'coupon-used-up'];
const OUTBOX_STATUSES = ['pending', 'sent', 'failed'];

/** [name, type, length] of the columns added to `orders`, all nullable. */
const ORDER_COLUMNS: [string, 'varchar' | 'datetime' | 'text', number?][] = [
  ['checkoutIp', 'varchar', 45],
  ['checkoutIpCountry', 'varchar', 2],
  ['cardCountry', 'varchar', 2],
  ['holdReasons', 'text'],
  ['heldAt', 'datetime'],
  ['reviewedAt', 'datetime'],
  ['withdrawnAt', 'datetime'],
];

/**
 * After the card is charged (#19 §2, §3, §4, §6): orders held for review (`on_hold`) or withdrawn by their
 * customer (`withdrawn`), payments `disputed`; the checkout's address and country and the card's country
 * (fraud rules, dispute evidence); chargebacks and fraud warnings (`disputes`); staff's notes on an order
 * (`order_notes`); outbox messages carrying keys `withheld` when their order is no longer deliverable; a refund owed for a rejected review or a withdrawal. The new enum values go last: on MySQL/MariaDB appending to an ENUM changes no row.
 */
export class AfterSale1765700000000 implements MigrationInterface {
  name = 'AfterSale1765700000000';

  async up(qr: QueryRunner): Promise<void> {
    const sqlite = qr.connection.driver.options.type === 'better-sqlite3';
    if (sqlite) {
      // In place (the enum changes below rebuild the table once more, keeping them).
      for (const [name, type, length] of ORDER_COLUMNS)
        await qr.query(
          `ALTER TABLE "orders" ADD COLUMN "${name}" ${type === 'varchar' ? `varchar(${length})` : type === 'datetime' ? 'datetime(3)' : 'text'}`,
        );
    } else {
      const driver = qr.connection.driver;
      await qr.addColumns(
        'orders',
        ORDER_COLUMNS.map(
          ([name, type, length]) =>
            new TableColumn({
              name,
              type: driver.normalizeType({ type }),
              ...(length ? { length: String(length) } : {}),
              ...(type === 'datetime' ? { precision: 3 } : {}),
              isNullable: true,
            }),
        ),
      );
    }
    await setOrderEnum(qr, 'status', [...ORDER_STATUSES, 'on_hold', 'withdrawn'], 'processing');
    await setOrderEnum(qr, 'paymentStatus', [...PAYMENT_STATUSES, 'disputed'], 'pending');
    await setOrderEnum(qr, 'refundDue', [...REFUND_REASONS, 'review-rejected', 'withdrawn'], null);
    await createIndex(qr, 'orders', 'IDX_orders_heldAt', ['status', 'heldAt']);
    await setOutboxStatuses(qr, [...OUTBOX_STATUSES, 'withheld']);

    const c = columnKit(qr);
    const exact = sqlite ? {} : { charset: 'utf8mb4', collation: EXACT.collation };
    await qr.createTable(
      new Table({
        name: 'disputes',
        columns: [
          c.stringId('id', 36),
          c.varchar('orderId', 36),
          c.enum('kind', ['dispute', 'fraud_warning'], { default: "'dispute'" }),
          c.varchar('providerDisputeId', 255, exact),
          c.int('amountCents'),
          c.varchar('currency', 3, { default: "'usd'" }),
          c.varchar('reason', 100, { isNullable: true }),
          c.varchar('status', 40),
          c.datetime('evidenceDueBy', { isNullable: true }),
          c.datetime('evidenceSubmittedAt', { isNullable: true }),
          c.varchar('evidenceSubmittedBy', 100, { isNullable: true }),
          c.bool('keysRevoked', false),
          c.createdAt(),
          c.updatedAt(),
        ],
        indices: [
          index('IDX_disputes_orderId', ['orderId', 'createdAt']),
          index('IDX_disputes_status', ['status', 'createdAt']),
          uniqueIndex('UQ_disputes_providerDisputeId', ['providerDisputeId']),
        ],
        foreignKeys: [foreignKey('orderId', 'orders', 'RESTRICT')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'order_notes',
        columns: [
          c.autoId(),
          c.varchar('orderId', 36),
          c.text('body'),
          c.int('staffUserId', { isNullable: true }),
          c.varchar('staffUsername', 100, { isNullable: true }),
          c.createdAt(),
        ],
        indices: [index('IDX_order_notes_orderId', ['orderId', 'createdAt'])],
        foreignKeys: [foreignKey('orderId', 'orders', 'RESTRICT')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('order_notes');
    await qr.dropTable('disputes');
    await qr.dropIndex('orders', 'IDX_orders_heldAt');
    await qr.query(`UPDATE mail_outbox SET status = 'failed' WHERE status = 'withheld'`);
    await setOutboxStatuses(qr, OUTBOX_STATUSES);
    // A held order goes back to waiting, a withdrawn one to cancelled; a disputed payment to completed.
    await qr.query(`UPDATE orders SET status = 'processing' WHERE status = 'on_hold'`);
    await qr.query(`UPDATE orders SET status = 'cancelled' WHERE status = 'withdrawn'`);
    await qr.query(`UPDATE orders SET paymentStatus = 'completed' WHERE paymentStatus = 'disputed'`);
    await qr.query(
      `UPDATE orders SET refundDue = 'order-cancelled' WHERE refundDue IN ('review-rejected', 'withdrawn')`,
    );
    await setOrderEnum(qr, 'refundDue', REFUND_REASONS, null);
    await setOrderEnum(qr, 'paymentStatus', PAYMENT_STATUSES, 'pending');
    await setOrderEnum(qr, 'status', ORDER_STATUSES, 'processing');
    for (const [name] of ORDER_COLUMNS) {
      if (qr.connection.driver.options.type === 'better-sqlite3')
        await qr.query(`ALTER TABLE "orders" DROP COLUMN "${name}"`);
      else await qr.dropColumn('orders', name);
    }
  }
}

/** The values `mail_outbox.status` accepts (no NOCASE indexes there: TypeORM may rebuild it on SQLite). */
async function setOutboxStatuses(qr: QueryRunner, values: string[]): Promise<void> {
  const table = (await qr.getTable('mail_outbox'))!;
  const column = table.findColumnByName('status')!;
  const changed = column.clone();
  changed.enum = values;
  await qr.changeColumn(table, column, new TableColumn(changed));
}
