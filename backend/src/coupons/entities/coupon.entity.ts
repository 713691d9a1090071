import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
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

  @Column({ type: 'int' })
  percentOff: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  startsAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'int', nullable: true })
  maxRedemptions: number | null;

  @Column({ type: 'int', default: 0 })
  redemptionCount: number;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
