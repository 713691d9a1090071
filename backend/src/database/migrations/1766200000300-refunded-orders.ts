import type { MigrationInterface, QueryRunner } from 'typeorm';
import { setOrderEnum } from './1764800000000-refunds.js';

const ORDER_STATUSES = ['processing', 'fulfilled', 'cancelled', 'on_hold', 'withdrawn'];

/**
 * A full refund closes its order (#34): the order status `refunded`, appended last (on MySQL/MariaDB
 * appending to an ENUM changes no row). The orders already refunded in full while delivered or waiting for
 * keys are closed the same way; cancelled and withdrawn ones keep their status. `updatedAt` is kept as it
 * was (MariaDB's ON UPDATE would otherwise stamp every closed order with the migration's time).
 */
export class RefundedOrders1766200000300 implements MigrationInterface {
  name = 'RefundedOrders1766200000300';

  async up(qr: QueryRunner): Promise<void> {
    await setOrderEnum(qr, 'status', [...ORDER_STATUSES, 'refunded'], 'processing');
    await qr.query(
      `UPDATE orders SET status = 'refunded', updatedAt = updatedAt
        WHERE paymentStatus = 'refunded' AND status IN ('processing', 'fulfilled')`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`UPDATE orders SET status = 'fulfilled', updatedAt = updatedAt WHERE status = 'refunded'`);
    await setOrderEnum(qr, 'status', ORDER_STATUSES, 'processing');
  }
}
