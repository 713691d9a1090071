import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Currency } from '../../common/money.js';
import { Product } from './product.entity.js';

/**
 * A product's price in one currency (#35 §1), in the currency's minor units (yen for JPY): the price list
 * the store sells from. A product without a row for a currency is not sold in it; every product has its
 * USD row (the default currency). Set by staff (PUT /api/admin/products/:id/prices) or written by the
 * catalogue seed, which writes only rows it wrote itself (`catalogVersion` not null) from a newer version.
 */
@Entity('product_prices')
export class ProductPrice {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  productId: string;

  /** Upper-case ISO 4217, one of CURRENCIES. */
  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: Currency;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'productId' })
  product?: Product;

  @Column({ type: 'int' })
  currentPriceCents: number;

  @Column({ type: 'int' })
  originalPriceCents: number;

  /** The CATALOG_VERSION the seed wrote this price from; null: set by staff, which the seed never overwrites. */
  @Column({ type: 'int', nullable: true })
  catalogVersion: number | null;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt: Date;
}
