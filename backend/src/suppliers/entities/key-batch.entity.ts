import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Product } from '../../catalog/entities/product.entity.js';
import { Supplier } from './supplier.entity.js';

/**
 * Keys bought from a supplier in one purchase (#21 §1): one product, the supplier's invoice, what each key
 * cost. Every key put into stock belongs to a batch (LicenseKey.batchId); keys from before batches have none.
 */
@Entity('key_batches')
@Index('IDX_key_batches_createdAt', ['createdAt', 'id'])
@Index('IDX_key_batches_supplierId', ['supplierId', 'createdAt', 'id'])
@Index('IDX_key_batches_productId', ['productId', 'createdAt', 'id'])
export class KeyBatch {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  supplierId: number;

  @ManyToOne(() => Supplier, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'supplierId' })
  supplier?: Supplier;

  @Column({ type: 'varchar', length: 64 })
  productId: string;

  @ManyToOne(() => Product, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'productId' })
  product?: Product;

  /** The supplier's invoice (or order) reference, for reconciliation. */
  @Column({ type: 'varchar', length: 100 })
  invoiceReference: string;

  /** What one key cost, in cents of `currency`. */
  @Column({ type: 'int' })
  costPerKeyCents: number;

  /** ISO 4217, upper-case (`USD`). */
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The purchase's day, `YYYY-MM-DD` (a day, not an instant). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  purchasedAt: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
