import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { Order } from '../../orders/entities/order.entity.js';

import { REFUND_STATUSES, type RefundStatus } from '../../orders/order-process.js';

/**
 * `pending`: asked of the provider and not confirmed yet (its amount is held: no other refund may take it);
 * `succeeded`: the provider confirmed it, its effects applied; `failed` / `canceled`: no money moved. How
 * it moves: REFUND_PROCESS (orders/order-process.ts).
 */
export { REFUND_STATUSES, type RefundStatus };

/**
 * Money given back through the payment provider: asked for by staff (the Refund action) or made at the
 * provider (Stripe's dashboard) and learnt from its webhook. What it does to the order (payment status,
 * keys revoked, links disabled, the customer's e-mail) is applied once, when the provider confirms it.
 */
@Entity('refunds')
@Index('IDX_refunds_orderId', ['orderId', 'createdAt'])
@Index('IDX_refunds_createdAt', ['createdAt', 'id'])
@Index('IDX_refunds_status', ['status', 'createdAt', 'id'])
@Index('UQ_refunds_idempotencyKey', ['idempotencyKey'], { unique: true })
@Index('UQ_refunds_providerRefundId', ['providerRefundId'], { unique: true })
export class Refund extends UuidEntity {
  @Column({ type: 'varchar', length: 36 })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'orderId' })
  order?: Order;

  @Column({ type: 'int' })
  amountCents: number;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency: string;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ type: 'simple-enum', enum: REFUND_STATUSES, default: 'pending' })
  status: RefundStatus;

  /** The provider's words when it refused or failed the refund. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  failureReason: string | null;

  /** The staff member who asked for it; null for a refund made at the provider. */
  @Column({ type: 'int', nullable: true })
  staffUserId: number | null;

  /** Their username then (as the audit trail keeps it). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  staffUsername: string | null;

  /**
   * The request's `Idempotency-Key` (a replay answers this refund), or one made up for it. The provider
   * is asked with `refund-<id>`, so a retried call never refunds twice either.
   */
  @Column({ type: 'varchar', length: 255, ...EXACT })
  idempotencyKey: string;

  /** SHA-256 of the request, so a reused Idempotency-Key with another request is refused. */
  @Column({ type: 'varchar', length: 64, nullable: true, ...EXACT })
  requestFingerprint: string | null;

  /**
   * The provider's time for the last event applied to it (Stripe's `created`): an older event that
   * arrives late changes nothing (reportedChangeApplies). Null until an event is applied.
   */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  providerEventAt: Date | null;

  /** The provider's id for the refund (a Stripe `re_…`), once it answered. */
  @Column({ type: 'varchar', length: 255, nullable: true, ...EXACT })
  providerRefundId: string | null;

  /** Whether keys are revoked when it succeeds: every key and link for a full refund, else `licenseKeyIds`. */
  @Column({ type: 'boolean', default: false })
  revokeKeys: boolean;

  /** The keys a partial refund revokes (staff's choice, per line). */
  @Column({ type: 'simple-json', nullable: true })
  licenseKeyIds: string[] | null;

  /** Whether the customer is e-mailed when it succeeds. */
  @Column({ type: 'boolean', default: true })
  notifyCustomer: boolean;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
