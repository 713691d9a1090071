import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit } from './1763700000000-initial-schema.js';

/**
 * Coupon holds kept apart from uses (#32 §4): `coupons.heldCount` counts the redemptions held by unpaid
 * checkouts, and `redemptionCount` the paid ones only (the back office's "uses"); the cap counts both. The
 * holds of orders still reserving their coupon move from the one to the other.
 */
export class CouponHolds1766100000400 implements MigrationInterface {
  name = 'CouponHolds1766100000400';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('coupons', new TableColumn(columnKit(qr).int('heldCount', { default: 0 })));
    await qr.query(
      `UPDATE coupons SET heldCount = (SELECT COUNT(*) FROM orders o
         WHERE o.couponCode = coupons.code AND o.couponState = 'reserved')`,
    );
    await qr.query(
      `UPDATE coupons SET redemptionCount =
         CASE WHEN redemptionCount > heldCount THEN redemptionCount - heldCount ELSE 0 END`,
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query('UPDATE coupons SET redemptionCount = redemptionCount + heldCount');
    await qr.dropColumn('coupons', 'heldCount');
  }
}
