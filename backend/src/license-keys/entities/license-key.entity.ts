import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { EXACT } from '../../database/exact-collation.js';
import { UuidEntity } from '../../database/uuid-entity.js';
import { Product } from '../../catalog/entities/product.entity.js';
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
