import { Injectable, type OnModuleInit } from '@nestjs/common';
import { In, type DataSource } from 'typeorm';
import type { BackfillBatch, BackfillJob } from '../backfills/backfill-job.js';
import { Backfills } from '../backfills/backfills.service.js';
import { DEFAULT_CURRENCY } from '../common/money.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
import { ALL_PRODUCTS } from './entities/sales-day.entity.js';
import { storedCurrency } from '../orders/order-currency.js';
import { dayOf } from './sales-math.js';
import { addSales, SalesTally } from './sales-rollup.service.js';

/** A datetime column's UTC day as either driver answers it raw (a Date, or SQLite's `YYYY-MM-DD hh:mm:ss`). */
const rawDay = (value: Date | string) => (value instanceof Date ? dayOf(value) : value.slice(0, 10));

/** Its name in `backfills` (queued by SalesBackfill1765900000020). */
export const SALES_DAYS_BACKFILL = 'sales-days';
/** Orders read at a time: the history is never in memory, only a batch's days. */
const BATCH = 500;

/**
 * The sales roll-up of the orders paid before the upgrade queued it, in the background (Backfills), as
 * SalesRollupService would have kept it: every order paid before then on its payment day, its refunds
 * that had succeeded by then on the day they did (a payment refunded in full with no refund row for the
 * rest: on the order's last change), and the cost of the keys it had been given by then. Whatever happened
 * after, this version's code added as it happened: the two add up to the same rows, in either order. The
 * sales report and margins say they are still computing until it is done (BackfillNotice).
 */
@Injectable()
export class SalesDaysBackfill implements BackfillJob, OnModuleInit {
  readonly name = SALES_DAYS_BACKFILL;
  readonly rows = 'paid orders';

  constructor(private readonly backfills: Backfills) {}

  onModuleInit(): void {
    this.backfills.register(this);
  }

  private paidBefore(db: DataSource, queuedAt: Date, lastId: string) {
    return db
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.id > :lastId', { lastId })
      .andWhere('o.paidAt IS NOT NULL AND o.paidAt < :queuedAt', { queuedAt });
  }

  remaining(db: DataSource, lastId: string, queuedAt: Date): Promise<number> {
    return this.paidBefore(db, queuedAt, lastId).getCount();
  }

  async next(db: DataSource, lastId: string, queuedAt: Date): Promise<BackfillBatch | null> {
    const orders = await this.paidBefore(db, queuedAt, lastId)
      .select([
        'o.id',
        'o.orderItems',
        'o.discountCents',
        'o.totalCents',
        'o.taxCents',
        'o.taxMode',
        'o.paidAt',
        'o.currency',
        'o.paymentStatus',
        'o.updatedAt',
      ])
      .orderBy('o.id')
      .limit(BATCH)
      .getMany();
    if (!orders.length) return null;
    const ids = orders.map((o) => o.id);
    // By table name: the refunds are payments' (which imports this folder).
    const refunds = await db
      .createQueryBuilder()
      .select('r.orderId', 'orderId')
      .addSelect('r.amountCents', 'amountCents')
      .addSelect('r.updatedAt', 'updatedAt')
      .from('refunds', 'r')
      .where('r.orderId IN (:...ids)', { ids })
      .andWhere("r.status = 'succeeded' AND r.updatedAt < :queuedAt", { queuedAt })
      .orderBy('r.createdAt')
      .addOrderBy('r.id')
      .getRawMany<{ orderId: string; amountCents: number | string; updatedAt: Date | string }>();
    const costs = await db
      .getRepository(LicenseKey)
      .createQueryBuilder('k')
      .leftJoin(KeyBatch, 'b', 'b.id = k.batchId')
      .select('k.orderId', 'orderId')
      .addSelect('k.productId', 'productId')
      .addSelect('b.currency', 'currency')
      .addSelect('SUM(k.costCents)', 'cost')
      .where({ orderId: In(ids) })
      .andWhere('k.assignedAt < :queuedAt', { queuedAt })
      .groupBy('k.orderId')
      .addGroupBy('k.productId')
      .addGroupBy('b.currency')
      .getRawMany<{
        orderId: string;
        productId: string;
        currency: string | null;
        cost: number | string | null;
      }>();

    const tally = new SalesTally();
    for (const order of orders) {
      const day = dayOf(order.paidAt!);
      tally.addPayment(order, day);
      let refunded = 0;
      for (const refund of refunds.filter((r) => r.orderId === order.id)) {
        tally.addRefund(order, Number(refund.amountCents), refunded, rawDay(refund.updatedAt));
        refunded += Number(refund.amountCents);
      }
      // Refunded in full before refunds had rows (the 2026-11-23 release), on the order's last change.
      if (order.paymentStatus === 'refunded' && refunded < order.totalCents && order.updatedAt < queuedAt)
        tally.addRefund(order, order.totalCents - refunded, refunded, dayOf(order.updatedAt));
      for (const { productId, currency, cost } of costs.filter((c) => c.orderId === order.id)) {
        if (!Number(cost)) continue;
        // In its batch's currency (costs come from batches; none without one has a cost).
        const costCurrency = currency ? storedCurrency(currency) : DEFAULT_CURRENCY;
        tally.add(ALL_PRODUCTS, day, costCurrency, { keyCostCents: Number(cost) });
        tally.add(productId, day, costCurrency, { keyCostCents: Number(cost) });
      }
    }
    return { lastId: orders.at(-1)!.id, rows: orders.length, write: (m) => addSales(m, tally.changes()) };
  }
}
