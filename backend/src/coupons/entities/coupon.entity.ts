import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Currency } from '../../common/money.js';
import { EXACT } from '../../database/exact-collation.js';

/**
 * A promo code. `code` is stored upper-case and compared exactly, so its UNIQUE index and lookups fold
 * letter case (the spec's rule) and nothing else: `SÄVE10` is not `SAVE10`.
 */
@Entity('coupons')
@Index('UQ_coupons_code', ['code'], { unique: true })
export class Coupon {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, ...EXACT })
  code: string;

  /** A percentage coupon's discount, 1 to 100, in any currency; null for a fixed-amount coupon. */
  @Column({ type: 'int', nullable: true })
  percentOff: number | null;

  /** A fixed-amount coupon's discount, in `currency`'s minor units; null for a percentage coupon. */
  @Column({ type: 'int', nullable: true })
  amountOffCents: number | null;

  /** The only currency a fixed-amount coupon applies in (upper-case ISO 4217); null for a percentage one. */
  @Column({ type: 'varchar', length: 3, nullable: true })
  currency: Currency | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  startsAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'int', nullable: true })
  maxRedemptions: number | null;

  /** Redemptions by paid orders: what the back office shows as the coupon's uses. */
  @Column({ type: 'int', default: 0 })
  redemptionCount: number;

  /**
   * Redemptions held by checkouts not paid yet (COUPON_HOLD_MINUTES at most; one per buyer): the cap
   * counts them with the paid ones, so paid orders never take the coupon past it.
   */
  @Column({ type: 'int', default: 0 })
  heldCount: number;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
