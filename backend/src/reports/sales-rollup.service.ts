import { Injectable } from '@nestjs/common';
import { In, Not, type EntityManager } from 'typeorm';
import { DEFAULT_CURRENCY, type Currency } from '../common/money.js';
import { isMysqlFamily } from '../database/errors.js';
import { forShare } from '../database/transactions.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
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
import { storedCurrency } from '../orders/order-currency.js';

const FIGURES = [
  'orders',
  'units',
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
] as const;

/** A roll-up row's change: the whole store's (productId ALL_PRODUCTS) or a product's, on a day, in a currency. */
export interface SalesChange extends SalesFigures {
  productId: string;
  day: string;
  currency: Currency;
}

/** What the roll-up reads of a key given to an order: its cost is in its batch's currency. */
export type CostedKey = Pick<LicenseKey, 'productId' | 'costCents' | 'batchId'>;

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
    const currency = storedCurrency(order.currency);
    const shares = productShares(order);
    await addSales(m, [
      {
        productId: ALL_PRODUCTS,
        day,
        currency,
        orders: 1,
        units: shares.reduce((sum, s) => sum + s.units, 0),
        revenueCents: order.totalCents,
        taxCents: order.taxCents,
      },
      ...shares.map((s) => ({ ...s, day, currency, orders: 1 })),
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
      select: { id: true, productId: true, costCents: true, batchId: true },
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
    await this.recordKeyCost(m, order, keys);
  }

  /**
   * Keys given to the order: their cost on its payment day, each in its batch's currency (one read of the
   * batches' currencies, only when a key has a cost).
   */
  async recordKeyCost(
    m: EntityManager,
    order: Pick<PricedOrder, 'paidAt'>,
    keys: readonly CostedKey[],
  ): Promise<void> {
    await addSales(m, await keyCostChanges(m, dayOf(order.paidAt ?? new Date()), keys, 1));
  }

  /**
   * The order's reserved keys (never revealed) about to go back to stock (FulfilmentService's
   * releaseReservedKeys, same condition): their cost leaves its payment day, and they earned nothing.
   */
  async recordKeysReturned(m: EntityManager, orderId: string): Promise<void> {
    const keys = await m.find(LicenseKey, {
      select: { id: true, productId: true, costCents: true, batchId: true },
      where: { orderId, status: 'active', activationCount: 0 },
    });
    if (keys.length === 0) return;
    await m.update(LicenseKey, { id: In(keys.map((k) => k.id)) }, { revenueCents: null });
    const order = await m.findOneOrFail(Order, {
      select: { id: true, paidAt: true },
      where: { id: orderId },
    });
    await addSales(m, await keyCostChanges(m, dayOf(order.paidAt ?? new Date()), keys, -1));
  }
}

/**
 * The keys' costs on `day` (`sign` -1: taken away), the store's row and each product's, per currency of
 * the keys' batches. A key with a cost and no batch (none exists: a cost comes from a batch) counts in the
 * default currency.
 */
async function keyCostChanges(
  m: EntityManager,
  day: string,
  keys: readonly CostedKey[],
  sign: 1 | -1,
): Promise<SalesChange[]> {
  const costed = keys.filter((k) => k.costCents);
  if (!costed.length) return [];
  const batchIds = [...new Set(costed.map((k) => k.batchId).filter((id): id is number => id !== null))];
  // Read under a shared lock: a change of a batch's currency (which locks the batch, then checks that none
  // of its keys was sold) is waited for, and its currency read, so a cost is never counted in a currency its
  // batch no longer has. (InnoDB's check of the key's foreign key waits too, but only while an index holds
  // batchId with a column the sale changes.)
  const batches = batchIds.length
    ? await forShare(
        m
          .createQueryBuilder(KeyBatch, 'b')
          .select(['b.id', 'b.currency'])
          .where('b.id IN (:...batchIds)', { batchIds }),
      ).getMany()
    : [];
  const currencyOf = new Map(batches.map((b) => [b.id, storedCurrency(b.currency)]));
  const tally = new SalesTally();
  for (const key of costed) {
    const currency = (key.batchId !== null && currencyOf.get(key.batchId)) || DEFAULT_CURRENCY;
    const change = { keyCostCents: sign * key.costCents! };
    tally.add(ALL_PRODUCTS, day, currency, change);
    tally.add(key.productId, day, currency, change);
  }
  return tally.changes();
}

/**
 * Changes added up per row before they are written (addSales): for inserting many orders at once (the bulk
 * seed, the backfill), where only the days' sums need holding.
 */
export class SalesTally {
  private readonly sums = new Map<string, SalesChange>();

  add(productId: string, day: string, currency: Currency, change: SalesFigures): void {
    const key = `${productId}|${day}|${currency}`;
    const sum = this.sums.get(key) ?? { productId, day, currency };
    for (const name of FIGURES) if (change[name]) sum[name] = (sum[name] ?? 0) + change[name];
    this.sums.set(key, sum);
  }

  /** A paid order on its payment day, and its refund in full on `refundedOn` (the bulk seed's refunds). */
  addPayment(order: PricedOrder, day: string, refundedOn?: string): void {
    const shares = productShares(order);
    const units = shares.reduce((sum, s) => sum + s.units, 0);
    const currency = storedCurrency(order.currency);
    this.add(ALL_PRODUCTS, day, currency, {
      orders: 1,
      units,
      revenueCents: order.totalCents,
      taxCents: order.taxCents,
    });
    for (const s of shares)
      this.add(s.productId, day, currency, {
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
      this.add(change.productId, day, change.currency, change);
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
  const currency = storedCurrency(order.currency);
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
    { productId: ALL_PRODUCTS, day, currency, refundsCents: amountCents, refundTaxCents: tax },
    ...shares.map((s, i) => ({
      productId: s.productId,
      day,
      currency,
      refundsCents: refunds[i]!,
      refundTaxCents: taxes[i]!,
    })),
  ];
}

const ROWS = 100;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds the changes to their rows in a fixed order (by product, day, then currency), so two transactions never take
 * the same rows in opposite orders. Works on both drivers: `ON CONFLICT … DO UPDATE` (SQLite) and `ON
 * DUPLICATE KEY UPDATE` (MySQL/MariaDB) insert a missing row or add to it, and lock it either way.
 */
export async function addSales(m: EntityManager, changes: readonly SalesChange[]): Promise<void> {
  const q = (name: string) => m.connection.driver.escape(name);
  const table = q(m.getRepository(SalesDay).metadata.tableName);
  const mysql = isMysqlFamily(m.connection.options.type);
  const columns = ['productId', 'day', 'currency', ...FIGURES].map(q).join(', ');
  const add = FIGURES.map((f) =>
    mysql ? `${q(f)} = ${q(f)} + VALUES(${q(f)})` : `${q(f)} = ${q(f)} + excluded.${q(f)}`,
  ).join(', ');
  const upsert = (rows: number) =>
    `INSERT INTO ${table} (${columns}) VALUES ` +
    Array.from({ length: rows }, () => `(${['?', '?', '?', ...FIGURES.map(() => '?')].join(', ')})`).join(
      ', ',
    ) +
    (mysql
      ? ` ON DUPLICATE KEY UPDATE ${add}`
      : ` ON CONFLICT (${q('productId')}, ${q('day')}, ${q('currency')}) DO UPDATE SET ${add}`);
  const sorted = changes
    .filter((change) => FIGURES.some((f) => change[f]))
    .sort(
      (a, b) => compare(a.productId, b.productId) || compare(a.day, b.day) || compare(a.currency, b.currency),
    );
  // A statement per ROWS rows (the bulk seed's and the backfill's many days), under SQLite's variable limit.
  for (let i = 0; i < sorted.length; i += ROWS) {
    const rows = sorted.slice(i, i + ROWS);
    await m.query(
      upsert(rows.length),
      rows.flatMap((change) => [
        change.productId,
        change.day,
        change.currency,
        ...FIGURES.map((f) => change[f] ?? 0),
      ]),
    );
  }
}
