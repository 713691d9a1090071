import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { EXACT } from '../../../database/exact-collation.js';
import { UuidEntity } from '../../../database/uuid-entity.js';
import { Order } from '../../../orders/entities/order.entity.js';

/**
 * A chargeback the cardholder's bank opened against an order's payment (Stripe's `charge.dispute.*`), or
 * an early fraud warning (`radar.early_fraud_warning.*`, `kind: 'fraud_warning'`): what it is about, where
 * it stands, and the evidence sent for it.
 */
export const DISPUTE_KINDS = ['dispute', 'fraud_warning'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

@Entity('disputes')
@Index('IDX_disputes_orderId', ['orderId', 'createdAt'])
@Index('IDX_disputes_status', ['status', 'createdAt'])
@Index('UQ_disputes_providerDisputeId', ['providerDisputeId'], { unique: true })
export class Dispute extends UuidEntity {
  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  @Column({ type: 'simple-enum', enum: DISPUTE_KINDS, default: 'dispute' })
  kind: DisputeKind;

  /** The provider's id (a Stripe `dp_…` or `issfr_…`). */
  @Column({ type: 'varchar', length: 255, ...EXACT })
  providerDisputeId: string;

  @Column({ type: 'int' })
  amountCents: number;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency: string;

  /** The provider's reason (`fraudulent`, `product_not_received`, …; a fraud warning's `fraud_type`). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  reason: string | null;

  /**
   * The provider's status (`needs_response`, `under_review`, `won`, `lost`, …: DISPUTE_PROCESS in
   * orders/order-process.ts); a fraud warning's `open` or `refunded`.
   */
  @Column({ type: 'varchar', length: 40 })
  status: string;

  /**
   * The provider's time for the last event applied to it (Stripe's `created`): an older event that
   * arrives late changes nothing (reportedChangeApplies).
   */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  providerEventAt: Date | null;

  /** The last moment evidence is accepted. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  evidenceDueBy: Date | null;

  /** When staff sent the evidence pack to the provider, and who. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  evidenceSubmittedAt: Date | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  evidenceSubmittedBy: string | null;

  /** Whether opening it revoked the order's keys (DISPUTE_REVOKES_KEYS): staff may restore them once won. */
  @Column({ type: 'boolean', default: false })
  keysRevoked: boolean;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
