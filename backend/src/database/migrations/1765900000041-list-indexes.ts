import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The refunds list and its export (#21 §5) read newest first, all of them or of one status: each is one
 * index `(…, createdAt, id)` read in order, rather than a sort of the whole table. The customers list
 * without a search (#21 §6) reads the addresses of the latest thousand orders: IDX_orders_createdAt gains
 * customerEmail so that is an index-only read (MariaDB otherwise chose, on a small store, to sort the whole
 * of IDX_orders_customerEmail); it still orders the orders list newest first.
 */
export class ListIndexes1765900000041 implements MigrationInterface {
  name = 'ListIndexes1765900000041';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'refunds', 'IDX_refunds_createdAt', ['createdAt', 'id']);
    await createIndex(qr, 'refunds', 'IDX_refunds_status', ['status', 'createdAt', 'id']);
    await qr.dropIndex('orders', 'IDX_orders_createdAt');
    await createIndex(qr, 'orders', 'IDX_orders_createdAt', ['createdAt', 'id', 'customerEmail']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_createdAt');
    await createIndex(qr, 'orders', 'IDX_orders_createdAt', ['createdAt', 'id']);
    await qr.dropIndex('refunds', 'IDX_refunds_status');
    await qr.dropIndex('refunds', 'IDX_refunds_createdAt');
  }
}
