import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The roll-up's rules as they stood when this was written (reports/sales-math.ts and sales-rollup.service.ts
 * keep the live ones; sales-report.e2e-spec.ts checks both give the same rows): a migration does not
 * change with the code after it, and the database layer imports no feature.
 */

const FIGURES = [
  'orders',
  'units',
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
] as const;
type Figures = Partial<Record<(typeof FIGURES)[number], number>>;

interface Item {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  taxCents?: number;
}
interface Priced {
  items: Item[];
  discountCents: number;
  totalCents: number;
  taxCents: number;
  taxMode: string;
}

const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** Cents shared in proportion to `weights`, largest remainders first (tax-math's shareDiscount). */
function share(weights: readonly number[], cents: number): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, i) => (i === 0 ? cents : 0));
  if (cents === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * cents) / total);
  const shares = exact.map(Math.floor);
  let left = cents - shares.reduce((sum, c) => sum + c, 0);
  const order = exact.map((value, i) => ({ i, remainder: value - Math.floor(value) }));
  order.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** Each product's units, revenue (tax included) and tax in the order. */
function productShares(order: Priced) {
  const discounts = share(
    order.items.map((i) => i.unitPriceCents * i.quantity),
    order.discountCents,
  );
  const byProduct = new Map<
    string,
    { productId: string; units: number; revenueCents: number; taxCents: number }
  >();
  order.items.forEach((item, i) => {
    const tax = item.taxCents ?? 0;
    const net = item.unitPriceCents * item.quantity - discounts[i]!;
    const s = byProduct.get(item.productId) ?? {
      productId: item.productId,
      units: 0,
      revenueCents: 0,
      taxCents: 0,
    };
    s.units += item.quantity;
    s.revenueCents += order.taxMode === 'exclusive' ? net + tax : net;
    s.taxCents += tax;
    byProduct.set(item.productId, s);
  });
  return [...byProduct.values()];
}

/** The day's sums per (product, day); the store's row has productId ''. */
class Tally {
  readonly sums = new Map<string, Figures & { productId: string; day: string }>();

  add(productId: string, day: string, change: Figures): void {
    const key = `${productId}|${day}`;
    const sum = this.sums.get(key) ?? { productId, day };
    for (const name of FIGURES) if (change[name]) sum[name] = (sum[name] ?? 0) + change[name];
    this.sums.set(key, sum);
  }

  payment(order: Priced, day: string): void {
    const shares = productShares(order);
    const units = shares.reduce((sum, s) => sum + s.units, 0);
    this.add('', day, { orders: 1, units, revenueCents: order.totalCents, taxCents: order.taxCents });
    for (const s of shares)
      this.add(s.productId, day, {
        orders: 1,
        units: s.units,
        revenueCents: s.revenueCents,
        taxCents: s.taxCents,
      });
  }

  refund(order: Priced, amountCents: number, beforeCents: number, day: string): void {
    const upTo = (cents: number) =>
      order.totalCents === 0
        ? 0
        : mulDivHalfUp(Math.min(cents, order.totalCents), order.taxCents, order.totalCents);
    const tax = upTo(beforeCents + amountCents) - upTo(beforeCents);
    const shares = productShares(order);
    const refunds = share(
      shares.map((s) => s.revenueCents),
      amountCents,
    );
    const taxes = share(
      shares.map((s) => s.taxCents),
      tax,
    );
    this.add('', day, { refundsCents: amountCents, refundTaxCents: tax });
    shares.forEach((s, i) =>
      this.add(s.productId, day, { refundsCents: refunds[i]!, refundTaxCents: taxes[i]! }),
    );
  }
}

/** Orders read at a time: the history is never in memory, only its days. */
const PAGE = 500;

interface PaidRow {
  id: string;
  orderItems: string;
  discountCents: number;
  totalCents: number;
  taxCents: number;
  taxMode: string;
  paidAt: Date | string;
  paymentStatus: string;
  updatedAt: Date | string;
}

/** A datetime column's UTC day, as either driver answers it (a Date, or SQLite's `YYYY-MM-DD hh:mm:ss`). */
const dayOfRaw = (value: Date | string) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Fills the sales roll-up (#21 §4) with the history of a store upgrading to it, as SalesRollupService would
 * have kept it: every paid order on its payment day, every refund that succeeded on the day it last changed
 * (a payment refunded in full with no refund row for the rest: on the order's last change), and the cost
 * of the keys given (none recorded before batches). Orders are read a page at a time in id order; only the
 * days' sums are held.
 */
export class SalesBackfill1765900000020 implements MigrationInterface {
  name = 'SalesBackfill1765900000020';

  async up(qr: QueryRunner): Promise<void> {
    const q = (name: string) => qr.connection.driver.escape(name);
    const tally = new Tally();
    const columns = [
      'id',
      'orderItems',
      'discountCents',
      'totalCents',
      'taxCents',
      'taxMode',
      'paidAt',
      'paymentStatus',
      'updatedAt',
    ]
      .map(q)
      .join(', ');
    let after = '';
    for (;;) {
      const page: PaidRow[] = await qr.query(
        `SELECT ${columns} FROM ${q('orders')} WHERE ${q('paidAt')} IS NOT NULL AND ${q('id')} > ? ` +
          `ORDER BY ${q('id')} LIMIT ${PAGE}`,
        [after],
      );
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      const ids = page.map((o) => o.id);
      const marks = ids.map(() => '?').join(', ');
      const refunds: { orderId: string; amountCents: number; updatedAt: Date | string }[] = await qr.query(
        `SELECT ${q('orderId')}, ${q('amountCents')}, ${q('updatedAt')} FROM ${q('refunds')} ` +
          `WHERE ${q('status')} = 'succeeded' AND ${q('orderId')} IN (${marks}) ` +
          `ORDER BY ${q('createdAt')}, ${q('id')}`,
        ids,
      );
      const costs: { orderId: string; productId: string; cost: number | string | null }[] = await qr.query(
        `SELECT ${q('orderId')}, ${q('productId')}, SUM(${q('costCents')}) AS ${q('cost')} ` +
          `FROM ${q('license_keys')} WHERE ${q('orderId')} IN (${marks}) GROUP BY ${q('orderId')}, ${q('productId')}`,
        ids,
      );
      for (const row of page) {
        const order: Priced = {
          items: JSON.parse(row.orderItems) as Item[],
          discountCents: Number(row.discountCents),
          totalCents: Number(row.totalCents),
          taxCents: Number(row.taxCents),
          taxMode: row.taxMode,
        };
        const day = dayOfRaw(row.paidAt);
        tally.payment(order, day);
        const refund = (amountCents: number, before: number, at: Date | string) =>
          tally.refund(order, amountCents, before, dayOfRaw(at));
        let refunded = 0;
        for (const r of refunds.filter((r) => r.orderId === row.id)) {
          refund(Number(r.amountCents), refunded, r.updatedAt);
          refunded += Number(r.amountCents);
        }
        if (row.paymentStatus === 'refunded' && refunded < order.totalCents)
          refund(order.totalCents - refunded, refunded, row.updatedAt);
        for (const c of costs.filter((c) => c.orderId === row.id && Number(c.cost ?? 0) !== 0)) {
          tally.add('', day, { keyCostCents: Number(c.cost) });
          tally.add(c.productId, day, { keyCostCents: Number(c.cost) });
        }
      }
    }
    // Inserted in one go: nothing else writes the table while the migrations run.

    const rows = [...tally.sums.values()];
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      await qr.query(
        `INSERT INTO ${q('sales_days')} (${['productId', 'day', ...FIGURES].map(q).join(', ')}) VALUES ` +
          chunk.map(() => `(${Array.from({ length: 2 + FIGURES.length }, () => '?').join(', ')})`).join(', '),
        chunk.flatMap((r) => [r.productId, r.day, ...FIGURES.map((f) => r[f] ?? 0)]),
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DELETE FROM ${qr.connection.driver.escape('sales_days')}`);
  }
}
