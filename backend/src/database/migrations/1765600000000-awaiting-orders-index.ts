import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The orders waiting for keys, oldest first, from the start of one index range. `awaitingKeys` is set only
 * on a paid order and cleared when it is refunded in full or held for a refund, so it needs no payment
 * status beside it; with two paid states (`completed`, `partially_refunded`) the status in the index
 * (StockIndexes1764400000000) split the range in two and the oldest-first order needed a sort.
 */
export class AwaitingOrdersIndex1765600000000 implements MigrationInterface {
  name = 'AwaitingOrdersIndex1765600000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_awaiting');
    await createIndex(qr, 'orders', 'IDX_orders_awaiting', ['awaitingKeys', 'createdAt', 'id']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_awaiting');
    await createIndex(qr, 'orders', 'IDX_orders_awaiting', [
      'awaitingKeys',
      'paymentStatus',
      'createdAt',
      'id',
    ]);
  }
}
