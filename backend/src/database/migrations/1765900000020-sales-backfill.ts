import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit } from './1763700000000-initial-schema.js';

/** The table of the backfills the migrations queue (Backfill; the Backfills service works them through). */
export async function createBackfillsTable(qr: QueryRunner): Promise<void> {
  const c = columnKit(qr);
  await qr.createTable(
    new Table({
      name: 'backfills',
      columns: [
        c.stringId('name', 64),
        c.enum('state', ['pending', 'done'], { default: "'pending'" }),
        c.varchar('lastId', 64, { default: "''" }),
        c.int('walked', { default: 0 }),
        c.datetime('queuedAt'),
        c.datetime('startedAt', { isNullable: true }),
        c.datetime('finishedAt', { isNullable: true }),
        c.updatedAt(),
      ],
    }),
  );
}

/**
 * Queues backfill `name`: pending when `needed` (there are rows to work through), otherwise done at once,
 * so a new store never runs it. `queuedAt` is now, by this process's clock, as the rows' own times are.
 */
export async function queueBackfill(qr: QueryRunner, name: string, needed: boolean): Promise<void> {
  const q = (n: string) => qr.connection.driver.escape(n);
  // As TypeORM writes a datetime on either driver: UTC, to the millisecond.
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  await qr.query(
    `INSERT INTO ${q('backfills')} (${['name', 'state', 'queuedAt', 'finishedAt'].map(q).join(', ')}) ` +
      'VALUES (?, ?, ?, ?)',
    [name, needed ? 'pending' : 'done', now, needed ? null : now],
  );
}

/**
 * The sales roll-up (#21 §4) of a store upgrading to it: every order paid before now, its refunds and key
 * costs, added to `sales_days` as SalesRollupService would have kept them. It grows with the orders (14 s
 * for 50,000 on MariaDB when it was done here), so it is queued here and done in the background while the
 * store serves (SalesDaysBackfill); the report says it is still computing until then. Orders paid from now
 * on are counted by the code as they are paid. (Its first, unreleased form did the work here: a database
 * that ran it has the days already, and no backfills table until KeySearchBackfill1766000000000 makes one.)
 */
export class SalesBackfill1765900000020 implements MigrationInterface {
  name = 'SalesBackfill1765900000020';

  async up(qr: QueryRunner): Promise<void> {
    await createBackfillsTable(qr);
    const q = (n: string) => qr.connection.driver.escape(n);
    const paid: unknown[] = await qr.query(
      `SELECT 1 FROM ${q('orders')} WHERE ${q('paidAt')} IS NOT NULL LIMIT 1`,
    );
    await queueBackfill(qr, 'sales-days', paid.length > 0);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('backfills');
    await qr.query(`DELETE FROM ${qr.connection.driver.escape('sales_days')}`);
  }
}
