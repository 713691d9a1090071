import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The productId of a day's row for the whole store (every product together). */
export const ALL_PRODUCTS = '';

/**
 * The daily roll-up the sales report reads (#21 §4): one row per day (UTC) for the whole store
 * (productId ALL_PRODUCTS) and one per product sold that day, kept by the transactions that change the
 * figures (a payment, a refund, a key delivered), so a period's figures are a short primary-key range
 * whatever the number of orders. Each row is of one currency (#35), its amounts in that currency's minor
 * units: a sale's figures go to its order's currency, a key's cost to its batch's.
 *
 * - orders, units, revenueCents, taxCents: paid orders, counted on their payment's day (the whole store's
 *   row: the order's total and tax; a product's row: its lines' share);
 * - refundsCents, refundTaxCents: refunds that succeeded, counted on the refund's day;
 * - keyCostCents: the cost of the keys delivered, counted on their order's payment day.
 */
@Entity('sales_days')
export class SalesDay {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  productId: string;

  /** `YYYY-MM-DD`, UTC. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  /** ISO 4217, upper-case: the orders' currency (sales, refunds), or the keys' batches' (key costs). */
  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'int', default: 0 })
  orders: number;

  @Column({ type: 'int', default: 0 })
  units: number;

  @Column({ type: 'int', default: 0 })
  revenueCents: number;

  @Column({ type: 'int', default: 0 })
  taxCents: number;

  @Column({ type: 'int', default: 0 })
  refundsCents: number;

  @Column({ type: 'int', default: 0 })
  refundTaxCents: number;

  @Column({ type: 'int', default: 0 })
  keyCostCents: number;
}
