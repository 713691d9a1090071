import { Injectable } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { isMysqlFamily } from '../database/errors.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { ALL_PRODUCTS, SalesDay } from './entities/sales-day.entity.js';
import {
  dayOf,
  keyRevenue,
  productShares,
  refundTax,
  spread,
  type PricedOrder,
  type SalesFigures,
} from './sales-math.js';

const FIGURES = [
  'orders',
  'units',
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
] as const;

/** A roll-up row's change: the whole store's (productId ALL_PRODUCTS) or a product's, on a day. */
export interface SalesChange extends SalesFigures {
  productId: string;
  day: string;
}

/**
 * Keeps `sales_days` (SalesDay) in step with the figures, inside the transaction that changes them, so the
 * report is never ahead of or behind the orders: a payment confirmed, a refund that succeeded, keys given
 * to an order or taken back. Each call adds to the rows with one upsert (insert-if-missing, else add), which
 * holds the rows' locks until commit: concurrent payments queue on a day's rows instead of losing updates.
 * Callers already hold their order's lock (and the invoice series'), so the rows are always taken after it.
 */
@Injectable()
export class SalesRollupService {
  /** A paid order, on its payment's day: the whole store's row gets its total and tax, each product its part. */
  async recordPayment(m: EntityManager, order: PricedOrder): Promise<void> {
    const day = dayOf(order.paidAt ?? new Date());
    const shares = productShares(order);
    await addSales(m, [
      {
        productId: ALL_PRODUCTS,
        day,
        orders: 1,
        units: shares.reduce((sum, s) => sum + s.units, 0),
        revenueCents: order.totalCents,
        taxCents: order.taxCents,
      },
      ...shares.map((s) => ({ ...s, day, orders: 1 })),
    ]);
  }

  /**
   * A refund of `amountCents` that succeeded (`refundedBeforeCents` having succeeded before it), on its
   * day. A refund is of money, not of lines: each product's row gets a part of it in proportion to what
   * the product was paid, and of its tax in proportion to the product's tax, so the products' rows add up
   * to the store's.
   */
  async recordRefund(
    m: EntityManager,
    order: PricedOrder,
    amountCents: number,
    refundedBeforeCents: number,
    at = new Date(),
  ): Promise<void> {
    if (amountCents <= 0) return;
    await addSales(m, refundChanges(order, amountCents, refundedBeforeCents, dayOf(at)));
  }

  /**
   * Keys of `productId` typed in by staff for the order (`keyIds`): their cost joins the order's payment
   * day, and each gets its share of the product's revenue (keyRevenue). Keys taken from stock get both in
   * FulfilmentService.allocateKeys.
   */
  async recordKeysTaken(
    m: EntityManager,
    order: PricedOrder & Pick<Order, 'id'>,
    productId: string,
    keyIds: readonly string[],
  ): Promise<void> {
    if (keyIds.length === 0) return;
    const keys = await m.find(LicenseKey, {
      select: { id: true, costCents: true },
      where: { id: In([...keyIds]) },
    });
    const before = await m.countBy(LicenseKey, {
      orderId: order.id,
      productId,
      status: Not('faulty' as const),
      id: Not(In([...keyIds])),
    });
    const byRevenue = new Map<number, string[]>();
    keys.forEach((key, i) => {
      const revenue = keyRevenue(order, productId, before + i);
      byRevenue.set(revenue, [...(byRevenue.get(revenue) ?? []), key.id]);
    });
    for (const [revenueCents, ids] of byRevenue)
      await m.update(LicenseKey, { id: In(ids) }, { revenueCents });
    await this.recordKeyCost(
      m,
      order,
      productId,
      keys.reduce((sum, k) => sum + (k.costCents ?? 0), 0),
    );
  }

  /** Keys of `productId` costing `costCents` in all given to the order: on its payment day. */
  async recordKeyCost(
    m: EntityManager,
    order: Pick<PricedOrder, 'paidAt'>,
    productId: string,
    costCents: number,
  ): Promise<void> {
    if (costCents === 0) return;
    const day = dayOf(order.paidAt ?? new Date());
    await addSales(m, [
      { productId: ALL_PRODUCTS, day, keyCostCents: costCents },
      { productId, day, keyCostCents: costCents },
    ]);
  }

  /**
   * The order's reserved keys (never revealed) about to go back to stock (FulfilmentService's
   * releaseReservedKeys, same condition): their cost leaves its payment day, and they earned nothing.
   */
  async recordKeysReturned(m: EntityManager, orderId: string): Promise<void> {
    const keys = await m.find(LicenseKey, {
      select: { id: true, productId: true, costCents: true },
      where: { orderId, status: 'active', activationCount: 0 },
    });
    if (keys.length === 0) return;
    await m.update(LicenseKey, { id: In(keys.map((k) => k.id)) }, { revenueCents: null });
    const order = await m.findOneOrFail(Order, {
      select: { id: true, paidAt: true },
      where: { id: orderId },
    });
    const day = dayOf(order.paidAt ?? new Date());
    const costs = new Map<string, number>();
    for (const k of keys) costs.set(k.productId, (costs.get(k.productId) ?? 0) + (k.costCents ?? 0));
    const total = [...costs.values()].reduce((sum, c) => sum + c, 0);
    if (total === 0) return;
    await addSales(m, [
      { productId: ALL_PRODUCTS, day, keyCostCents: -total },
      ...[...costs].map(([productId, cost]) => ({ productId, day, keyCostCents: -cost })),
    ]);
  }
}

/**
 * Changes added up per row before they are written (addSales): for inserting many orders at once (the bulk
 * seed, the backfill), where only the days' sums need holding.
 */
export class SalesTally {
  private readonly sums = new Map<string, SalesChange>();

  add(productId: string, day: string, change: SalesFigures): void {
    const key = `${productId}|${day}`;
    const sum = this.sums.get(key) ?? { productId, day };
    for (const name of FIGURES) if (change[name]) sum[name] = (sum[name] ?? 0) + change[name];
    this.sums.set(key, sum);
  }

  /** A paid order on its payment day, and its refund in full on `refundedOn` (the bulk seed's refunds). */
  addPayment(order: PricedOrder, day: string, refundedOn?: string): void {
    const shares = productShares(order);
    const units = shares.reduce((sum, s) => sum + s.units, 0);
    this.add(ALL_PRODUCTS, day, {
      orders: 1,
      units,
      revenueCents: order.totalCents,
      taxCents: order.taxCents,
    });
    for (const s of shares)
      this.add(s.productId, day, {
        orders: 1,
        units: s.units,
        revenueCents: s.revenueCents,
        taxCents: s.taxCents,
      });
    if (refundedOn) this.addRefund(order, order.totalCents, 0, refundedOn);
  }

  /** A refund, as SalesRollupService.recordRefund counts it. */
  addRefund(order: PricedOrder, amountCents: number, refundedBeforeCents: number, day: string): void {
    for (const change of refundChanges(order, amountCents, refundedBeforeCents, day))
      this.add(change.productId, day, change);
  }

  changes(): SalesChange[] {
    return [...this.sums.values()];
  }
}

/** A refund's changes: the store's row, and each product's part (see recordRefund). */
function refundChanges(
  order: PricedOrder,
  amountCents: number,
  refundedBeforeCents: number,
  day: string,
): SalesChange[] {
  const tax = refundTax(order, refundedBeforeCents, amountCents);
  const shares = productShares(order);
  const refunds = spread(
    shares.map((s) => s.revenueCents),
    amountCents,
  );
  const taxes = spread(
    shares.map((s) => s.taxCents),
    tax,
  );
  return [
    { productId: ALL_PRODUCTS, day, refundsCents: amountCents, refundTaxCents: tax },
    ...shares.map((s, i) => ({
      productId: s.productId,
      day,
      refundsCents: refunds[i]!,
      refundTaxCents: taxes[i]!,
    })),
  ];
}

const ROWS = 100;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds the changes to their rows in a fixed order (by product, then day), so two transactions never take
 * the same rows in opposite orders. Works on both drivers: `ON CONFLICT … DO UPDATE` (SQLite) and `ON
 * DUPLICATE KEY UPDATE` (MySQL/MariaDB) insert a missing row or add to it, and lock it either way.
 */
export async function addSales(m: EntityManager, changes: readonly SalesChange[]): Promise<void> {
  const q = (name: string) => m.connection.driver.escape(name);
  const table = q(m.getRepository(SalesDay).metadata.tableName);
  const mysql = isMysqlFamily(m.connection.options.type);
  const columns = ['productId', 'day', ...FIGURES].map(q).join(', ');
  const add = FIGURES.map((f) =>
    mysql ? `${q(f)} = ${q(f)} + VALUES(${q(f)})` : `${q(f)} = ${q(f)} + excluded.${q(f)}`,
  ).join(', ');
  const upsert = (rows: number) =>
    `INSERT INTO ${table} (${columns}) VALUES ` +
    Array.from({ length: rows }, () => `(${['?', '?', ...FIGURES.map(() => '?')].join(', ')})`).join(', ') +
    (mysql
      ? ` ON DUPLICATE KEY UPDATE ${add}`
      : ` ON CONFLICT (${q('productId')}, ${q('day')}) DO UPDATE SET ${add}`);
  const sorted = changes
    .filter((change) => FIGURES.some((f) => change[f]))
    .sort((a, b) => compare(a.productId, b.productId) || compare(a.day, b.day));
  // A statement per ROWS rows (the bulk seed's and the backfill's many days), under SQLite's variable limit.
  for (let i = 0; i < sorted.length; i += ROWS) {
    const rows = sorted.slice(i, i + ROWS);
    await m.query(
      upsert(rows.length),
      rows.flatMap((change) => [change.productId, change.day, ...FIGURES.map((f) => change[f] ?? 0)]),
    );
  }
}
