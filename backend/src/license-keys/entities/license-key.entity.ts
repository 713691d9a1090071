import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { Product } from '../../catalog/entities/product.entity.js';
import { KeyBatch } from '../../suppliers/entities/key-batch.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import { LICENSE_KEY_STATUSES, type LicenseKeyStatus } from '../../orders/order-process.js';

/**
 * A licence key. Unassigned keys (no order) are the inventory. The key itself is only stored encrypted
 * (see LicenseKeyCipher); `keyLookup` finds and deduplicates it, `keyLastGroup` is for display.
 */
@Entity('license_keys')
@Index('IDX_license_keys_inventory', ['orderId', 'status', 'productId', 'createdAt', 'id'])
@Index('IDX_license_keys_status', ['status', 'createdAt', 'id'])
@Index('IDX_license_keys_createdAt', ['createdAt', 'id'])
@Index('IDX_license_keys_productId', ['productId', 'createdAt', 'id'])
@Index('IDX_license_keys_activationCount', ['activationCount', 'createdAt', 'id'])
@Index('IDX_license_keys_keyLastGroup', ['keyLastGroup'])
@Index('IDX_license_keys_batchId', ['batchId', 'status', 'orderId'])
@Index('IDX_license_keys_assignedAt', ['assignedAt'])
@Index('UQ_license_keys_keyLookup', ['keyLookup'], { unique: true })
export class LicenseKey extends UuidEntity {
  @Column({ type: 'varchar', length: 36, nullable: true })
  orderId: string | null;

  @ManyToOne(() => Order, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'orderId' })
  order?: Order | null;

  @Column({ type: 'varchar', length: 64 })
  productId: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'productId' })
  product?: Product;

  /** AES-256-GCM ciphertext of the normalised key. */
  @Column({ type: 'varchar', length: 255 })
  keyCiphertext: string;

  /** HMAC-SHA256 of the normalised key (hex). */
  @Column({ type: 'varchar', length: 64, ...EXACT })
  keyLookup: string;

  /** The key's last group of five, kept in clear like a card's last four digits. */
  @Column({ type: 'varchar', length: 5 })
  keyLastGroup: string;

  /** The supplier batch the key came in (#21 §1); null for keys stored before batches. */
  @Column({ type: 'int', nullable: true })
  batchId: number | null;

  @ManyToOne(() => KeyBatch, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'batchId' })
  batch?: KeyBatch | null;

  /**
   * What the key cost (its batch's costPerKeyCents when it entered stock; a later change of the batch's cost
   * reaches only keys still in stock), so a delivered key keeps the cost its order's margin was reckoned with.
   */
  @Column({ type: 'int', nullable: true })
  costCents: number | null;

  /**
   * The key's share of its order's revenue, without tax and after the discount, set when it is delivered:
   * what a supplier's keys earned (#21 §3). Null in stock, and for keys delivered before it was kept.
   */
  @Column({ type: 'int', nullable: true })
  revenueCents: number | null;

  @Column({ type: 'int', default: 0 })
  activationCount: number;

  @Column({ type: 'int', default: 1 })
  activationLimit: number;

  @Column({ type: 'simple-enum', enum: LICENSE_KEY_STATUSES, default: 'active' })
  status: LicenseKeyStatus;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  assignedAt: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
