import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ALL_PRODUCTS } from '../../reports/entities/sales-day.entity.js';
import { addSales, SalesTally } from '../../reports/sales-rollup.service.js';
import type { PricedOrder } from '../../reports/sales-math.js';

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
    const tally = new SalesTally();
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
        const order: PricedOrder = {
          orderItems: JSON.parse(row.orderItems) as PricedOrder['orderItems'],
          discountCents: Number(row.discountCents),
          totalCents: Number(row.totalCents),
          taxCents: Number(row.taxCents),
          taxMode: row.taxMode as PricedOrder['taxMode'],
          paidAt: null,
        };
        const day = dayOfRaw(row.paidAt);
        tally.addPayment(order, day);
        const refund = (amountCents: number, before: number, at: Date | string) =>
          tally.addRefund(order, amountCents, before, dayOfRaw(at));
        let refunded = 0;
        for (const r of refunds.filter((r) => r.orderId === row.id)) {
          refund(Number(r.amountCents), refunded, r.updatedAt);
          refunded += Number(r.amountCents);
        }
        if (row.paymentStatus === 'refunded' && refunded < order.totalCents)
          refund(order.totalCents - refunded, refunded, row.updatedAt);
        for (const c of costs.filter((c) => c.orderId === row.id && Number(c.cost ?? 0) !== 0)) {
          tally.add(ALL_PRODUCTS, day, { keyCostCents: Number(c.cost) });
          tally.add(c.productId, day, { keyCostCents: Number(c.cost) });
        }
      }
    }
    await addSales(qr.manager, tally.changes());
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query(`DELETE FROM ${qr.connection.driver.escape('sales_days')}`);
  }
}
