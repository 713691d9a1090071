import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, type DataSource } from 'typeorm';
import { Product } from '../catalog/entities/product.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
import { Supplier } from '../suppliers/entities/supplier.entity.js';
import { ALL_PRODUCTS, SalesDay } from './entities/sales-day.entity.js';
import { salesFigures, type SalesRollupSums } from './sales-figures.js';
import type { MarginRowDto, SalesPeriodDto } from './dto/sales-period.dto.js';
import {
  dayMessage,
  type DayRangeQueryDto,
  type MarginsQueryDto,
  type SalesQueryDto,
} from './dto/sales-query.dto.js';
import {
  daysBetween,
  MAX_RANGE_DAYS,
  parseDay,
  periodOf,
  periodsBetween,
  type SalesInterval,
} from './sales-periods.js';

/** The label of keys stored before supplier batches. */
export const NO_BATCH = 'No batch';

type Days = { from: string; to: string };
/** What a period adds up from the roll-up's days. */
type Sums = SalesRollupSums & { orders: number; units: number; keyCostCents: number };

const zero = (): Sums => ({
  orders: 0,
  units: 0,
  revenueCents: 0,
  taxCents: 0,
  refundsCents: 0,
  refundTaxCents: 0,
  keyCostCents: 0,
});

/**
 * The sales report and the margins (#21 §3, §4), read from the daily roll-up (SalesRollupService keeps it):
 * a period's figures are a primary-key range of at most a few thousand rows, whatever the number of orders.
 */
@Injectable()
export class SalesReportService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every period of the range, those without sales at zero. */
  async sales(query: SalesQueryDto): Promise<SalesPeriodDto[]> {
    const interval: SalesInterval = query.interval ?? 'day';
    const { from, to } = this.range(query, MAX_RANGE_DAYS[interval], interval);
    const [first, last] = [query.from!, query.to!];
    const productId = query.productId ?? ALL_PRODUCTS;
    if (query.productId !== undefined && !(await this.db.getRepository(Product).existsBy({ id: productId })))
      throw new BadRequestException(`productId: no product ${productId.slice(0, 64)}`);
    const days = await this.db.getRepository(SalesDay).find({
      where: { productId, day: Between(first, last) },
    });
    const periods = new Map(periodsBetween(from, to, interval).map((p) => [p, zero()]));
    for (const day of days) {
      const sum = periods.get(periodOf(day.day, interval))!;
      for (const name of Object.keys(sum) as (keyof Sums)[]) sum[name] += Number(day[name]);
    }
    return [...periods].map(([period, sums]) => {
      const figures = salesFigures(sums);
      return {
        period,
        orders: sums.orders,
        units: sums.units,
        ...figures,
        keyCostCents: sums.keyCostCents,
        marginCents: figures.netSalesCents - sums.keyCostCents,
      };
    });
  }

  /**
   * Margins per product (the roll-up's figures of the orders paid and refunds made in the range, without
   * tax) or per supplier (the keys delivered in the range: what each earned and cost).
   */
  async margins(query: MarginsQueryDto): Promise<MarginRowDto[]> {
    this.range(query, MAX_RANGE_DAYS.month, 'month');
    const days = { from: query.from!, to: query.to! };
    return query.groupBy === 'supplier' ? this.bySupplier(days) : this.byProduct(days);
  }

  private async byProduct({ from, to }: Days): Promise<MarginRowDto[]> {
    const sum = (name: string) => `COALESCE(SUM(d.${name}), 0)`;
    const rows = await this.db
      .getRepository(SalesDay)
      .createQueryBuilder('d')
      .select('d.productId', 'productId')
      .addSelect(sum('units'), 'units')
      .addSelect(`${sum('revenueCents')} - ${sum('taxCents')}`, 'paid')
      .addSelect(`${sum('refundsCents')} - ${sum('refundTaxCents')}`, 'refunded')
      .addSelect(sum('keyCostCents'), 'keyCostCents')
      .where('d.productId <> :all AND d.day >= :from AND d.day <= :to', { all: ALL_PRODUCTS, from, to })
      .groupBy('d.productId')
      .orderBy('d.productId')
      .getRawMany<Record<string, string | number>>();
    const products = await this.db.getRepository(Product).find({ select: { id: true, title: true } });
    const used = await this.keysUsed({ from, to });
    return rows.map((row) => {
      const revenueCents = Number(row.paid) - Number(row.refunded);
      const keyCostCents = Number(row.keyCostCents);
      const productId = String(row.productId);
      return {
        key: productId,
        label: products.find((p) => p.id === productId)?.title ?? productId,
        unitsSold: Number(row.units),
        keysUsed: used.get(productId) ?? 0,
        revenueCents,
        keyCostCents,
        marginCents: revenueCents - keyCostCents,
      };
    });
  }

  private async bySupplier({ from, to }: Days): Promise<MarginRowDto[]> {
    const rows = await this.db
      .getRepository(LicenseKey)
      .createQueryBuilder('k')
      .leftJoin(KeyBatch, 'b', 'b.id = k.batchId')
      .leftJoin(Supplier, 's', 's.id = b.supplierId')
      .select('b.supplierId', 'supplierId')
      .addSelect('MAX(s.name)', 'name')
      .addSelect('COUNT(*)', 'keys')
      .addSelect("SUM(CASE WHEN k.status = 'faulty' THEN 0 ELSE 1 END)", 'sold')
      .addSelect('COALESCE(SUM(k.revenueCents), 0)', 'revenueCents')
      .addSelect('COALESCE(SUM(k.costCents), 0)', 'keyCostCents')
      .where('k.assignedAt >= :from AND k.assignedAt < :until AND k.orderId IS NOT NULL', {
        from: parseDay(from),
        until: new Date(parseDay(to)!.getTime() + 86_400_000),
      })
      .groupBy('b.supplierId')
      .getRawMany<Record<string, string | number | null>>();
    return rows
      .map((row) => {
        const revenueCents = Number(row.revenueCents);
        const keyCostCents = Number(row.keyCostCents);
        return {
          key: row.supplierId === null ? 'none' : String(row.supplierId),
          label: row.supplierId === null ? NO_BATCH : String(row.name),
          unitsSold: Number(row.sold),
          keysUsed: Number(row.keys),
          revenueCents,
          keyCostCents,
          marginCents: revenueCents - keyCostCents,
        };
      })
      .sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.label.localeCompare(b.label)));
  }

  /**
   * Per product, the keys given to the orders paid in the range (any status: a faulty key and its
   * replacement are two keys used), whose cost the roll-up puts on those orders' payment days. Keys given
   * back to stock are no longer the order's, and their cost left the roll-up with them.
   */
  private async keysUsed({ from, to }: Days): Promise<Map<string, number>> {
    const rows = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .innerJoin(LicenseKey, 'k', 'k.orderId = o.id')
      .select('k.productId', 'productId')
      .addSelect('COUNT(*)', 'keys')
      .where('o.paidAt >= :from AND o.paidAt < :until', {
        from: parseDay(from),
        until: new Date(parseDay(to)!.getTime() + 86_400_000),
      })
      .groupBy('k.productId')
      .getRawMany<{ productId: string; keys: string | number }>();
    return new Map(rows.map((row) => [row.productId, Number(row.keys)]));
  }

  /** The range's days, checked: real days, in order, and not longer than `maxDays`. */
  private range(query: DayRangeQueryDto, maxDays: number, interval: SalesInterval) {
    if (query.from === undefined) throw new BadRequestException([dayMessage('from')]);
    if (query.to === undefined) throw new BadRequestException([dayMessage('to')]);
    const from = parseDay(query.from);
    const to = parseDay(query.to);
    if (!from) throw new BadRequestException(`from: ${query.from} is not a day of the calendar`);
    if (!to) throw new BadRequestException(`to: ${query.to} is not a day of the calendar`);
    if (to < from) throw new BadRequestException('to must not be before from');
    if (daysBetween(from, to) > maxDays)
      throw new BadRequestException(`The range is longer than ${maxDays} days, the most by ${interval}`);
    return { from, to };
  }
}
