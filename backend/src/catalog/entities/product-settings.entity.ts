import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Product } from './product.entity.js';

/**
 * What the operator sets per product, apart from the catalogue's content (#21 §2): the low-stock level,
 * and when the staff alerts of a crossing were sent (cleared when stock is back above the level, or when no
 * order waits any more), so each crossing alerts once. A product without a row has the defaults.
 */
@Entity('product_settings')
export class ProductSettings {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  productId: string;

  @OneToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId' })
  product?: Product;

  /** Keys in stock below which staff are alerted; null: LOW_STOCK_THRESHOLD. */
  @Column({ type: 'int', nullable: true })
  lowStockThreshold: number | null;

  /** When the low-stock alert of the current crossing was queued; null: stock is at or above the level. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lowStockAlertedAt: Date | null;

  /** When the alert that orders wait for keys was queued; null: none waits. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  waitingAlertedAt: Date | null;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
