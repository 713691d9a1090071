import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The few orders owed a refund, found without reading the others: the orders list's `refundDue` filter
 * and the dashboard's "payments to refund" read a short range of this index (the NULLs, nearly every
 * order, sort before it), where the list's other indexes would walk every order to find them.
 */
export class RefundDueIndex1764200000001 implements MigrationInterface {
  name = 'RefundDueIndex1764200000001';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'orders', 'IDX_orders_refundDue', ['refundDue', 'createdAt', 'id']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_refundDue');
  }
}
