import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndex } from './1764000000000-admin-list-indexes.js';

/**
 * The orders paid in a range of days, by index (#34): the margins report counts the keys given to them
 * (replacements included) beside the units they sold.
 */
export class OrdersPaidAtIndex1766200000200 implements MigrationInterface {
  name = 'OrdersPaidAtIndex1766200000200';

  async up(qr: QueryRunner): Promise<void> {
    await createIndex(qr, 'orders', 'IDX_orders_paidAt', ['paidAt']);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('orders', 'IDX_orders_paidAt');
  }
}
