import type { MigrationInterface, QueryRunner } from 'typeorm';
import { setOrderEnum } from './1764800000000-refunds.js';

const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'partially_refunded', 'refunded', 'disputed'];

/**
 * Payments that confirm later (#35 §2): the payment status `processing` (the provider took the payment by a
 * method the bank settles later), appended last (on MySQL/MariaDB appending to an ENUM changes no row).
 */
export class PaymentsThatConfirmLater1766300000400 implements MigrationInterface {
  name = 'PaymentsThatConfirmLater1766300000400';

  async up(qr: QueryRunner): Promise<void> {
    await setOrderEnum(qr, 'paymentStatus', [...PAYMENT_STATUSES, 'processing'], 'pending');
  }

  async down(qr: QueryRunner): Promise<void> {
    // A payment still being processed is unpaid, as it was before.
    await qr.query(
      `UPDATE orders SET paymentStatus = 'pending', updatedAt = updatedAt WHERE paymentStatus = 'processing'`,
    );
    await setOrderEnum(qr, 'paymentStatus', PAYMENT_STATUSES, 'pending');
  }
}
