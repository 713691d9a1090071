import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, type DataSource } from 'typeorm';
import { Product } from '../catalog/entities/product.entity.js';
import { LicenseKey } from '../license-keys/entities/license-key.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
import { Supplier } from '../suppliers/entities/supplier.entity.js';
import type { Currency } from '../common/money.js';
import { Converter, RateBook, sumAndConvert, type DayFigures } from './converted-figures.js';
import { ALL_PRODUCTS, SalesDay } from './entities/sales-day.entity.js';
import { ROLLUP_AMOUNTS, ROLLUP_COUNTS, rollupSums, type RollupField } from './rollup-sums.js';
import { salesFigures } from './sales-figures.js';
import { storedCurrency } from '../orders/order-currency.js';
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
type Sums = Record<RollupField, number>;

/** A period's figures (in one currency, or converted) from its sums. */
function periodFigures(sums: Sums) {
  const figures = salesFigures(sums);
  return {
    orders: sums.orders,
    units: sums.units,
    ...figures,
    keyCostCents: sums.keyCostCents,
    marginCents: figures.netSalesCents - sums.keyCostCents,
  };
}

/** A margins row's amounts (in one currency, or converted): revenue without tax less refunds, less cost. */
function marginFigures(sums: Pick<Sums, 'revenueCents' | 'keyCostCents'>) {
  return {
    revenueCents: sums.revenueCents,
    keyCostCents: sums.keyCostCents,
    marginCents: sums.revenueCents - sums.keyCostCents,
  };
}

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
    const days = (
      await this.db.getRepository(SalesDay).find({
        where: { productId, day: Between(first, last) },
      })
    ).map((day) => ({ ...day, currency: storedCurrency(day.currency) }) as DayFigures<RollupField>);
    const periods = new Map(
      periodsBetween(from, to, interval).map((p) => [p, [] as DayFigures<RollupField>[]]),
    );
    for (const day of days) periods.get(periodOf(day.day, interval))!.push(day);
    const book = await RateBook.forRows(this.db, days);
    return [...periods].map(([period, ofPeriod]) => {
      const converter = new Converter(book);
      const { byCurrency, converted } = sumAndConvert(ROLLUP_AMOUNTS, ROLLUP_COUNTS, ofPeriod, converter);
      return {
        period,
        ...periodFigures(converted),
        byCurrency: [...byCurrency].map(([currency, sums]) => ({ currency, ...periodFigures(sums) })),
        conversion: converter.summary(),
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
    const rows = await rollupSums(this.db, 'each', { from, to });
    const products = await this.db.getRepository(Product).find({ select: { id: true, title: true } });
    const used = await this.keysUsed({ from, to });
    const book = await RateBook.forRows(this.db, rows);
    const productIds = [...new Set(rows.map((row) => row.productId))].sort();
    return productIds.map((productId) => {
      const converter = new Converter(book);
      const { byCurrency, converted } = sumAndConvert(
        ROLLUP_AMOUNTS,
        ROLLUP_COUNTS,
        rows.filter((row) => row.productId === productId),
        converter,
      );
      // Revenue without tax, less refunds without theirs.
      const revenue = (sums: Sums) => ({
        revenueCents: sums.revenueCents - sums.taxCents - (sums.refundsCents - sums.refundTaxCents),
        keyCostCents: sums.keyCostCents,
      });
      return {
        key: productId,
        label: products.find((p) => p.id === productId)?.title ?? productId,
        unitsSold: converted.units,
        keysUsed: used.get(productId) ?? 0,
        ...marginFigures(revenue(converted)),
        byCurrency: [...byCurrency].map(([currency, sums]) => ({
          currency,
          ...marginFigures(revenue(sums)),
        })),
        conversion: converter.summary(),
      };
    });
  }

  /**
   * The keys delivered in the range per supplier: what each earned in its order's currency and cost in its
   * batch's, converted at the rate of its order's payment day (the sale's).
   */
  private async bySupplier({ from, to }: Days): Promise<MarginRowDto[]> {
    // The sale's day: its payment's (a key is only given to a paid order), as text on either driver.
    const saleDay = 'SUBSTR(COALESCE(o.paidAt, k.assignedAt), 1, 10)';
    const rows = await this.db
      .getRepository(LicenseKey)
      .createQueryBuilder('k')
      .innerJoin(Order, 'o', 'o.id = k.orderId')
      .leftJoin(KeyBatch, 'b', 'b.id = k.batchId')
      .leftJoin(Supplier, 's', 's.id = b.supplierId')
      .select('b.supplierId', 'supplierId')
      .addSelect('o.currency', 'orderCurrency')
      .addSelect('b.currency', 'batchCurrency')
      .addSelect(saleDay, 'day')
      .addSelect('MAX(s.name)', 'name')
      .addSelect('COUNT(*)', 'keys')
      .addSelect("SUM(CASE WHEN k.status = 'faulty' THEN 0 ELSE 1 END)", 'sold')
      .addSelect('COALESCE(SUM(k.revenueCents), 0)', 'revenueCents')
      .addSelect('COALESCE(SUM(k.costCents), 0)', 'keyCostCents')
      .where('k.assignedAt >= :from AND k.assignedAt < :until', {
        from: parseDay(from),
        until: new Date(parseDay(to)!.getTime() + 86_400_000),
      })
      .groupBy('b.supplierId')
      .addGroupBy('o.currency')
      .addGroupBy('b.currency')
      .addGroupBy(saleDay)
      .getRawMany<Record<string, string | number | null>>();
    type Amounts = DayFigures<'revenueCents' | 'keyCostCents'>;
    const suppliers = new Map<string, { label: string; keys: number; sold: number; amounts: Amounts[] }>();
    for (const row of rows) {
      const key = row.supplierId === null ? 'none' : String(row.supplierId);
      const supplier = suppliers.get(key) ?? {
        label: row.supplierId === null ? NO_BATCH : String(row.name),
        keys: 0,
        sold: 0,
        amounts: [],
      };
      supplier.keys += Number(row.keys);
      supplier.sold += Number(row.sold);
      const day = String(row.day);
      const orderCurrency = storedCurrency(String(row.orderCurrency));
      const batchCurrency: Currency =
        row.batchCurrency === null ? orderCurrency : storedCurrency(String(row.batchCurrency));
      supplier.amounts.push(
        { day, currency: orderCurrency, revenueCents: Number(row.revenueCents), keyCostCents: 0 },
        { day, currency: batchCurrency, revenueCents: 0, keyCostCents: Number(row.keyCostCents) },
      );
      suppliers.set(key, supplier);
    }
    const book = await RateBook.forRows(
      this.db,
      [...suppliers.values()].flatMap((s) => s.amounts),
    );
    return [...suppliers]
      .map(([key, supplier]) => {
        const converter = new Converter(book);
        const { byCurrency, converted } = sumAndConvert(
          ['revenueCents', 'keyCostCents'],
          [],
          supplier.amounts,
          converter,
        );
        return {
          key,
          label: supplier.label,
          unitsSold: supplier.sold,
          keysUsed: supplier.keys,
          ...marginFigures(converted),
          byCurrency: [...byCurrency].map(([currency, sums]) => ({ currency, ...marginFigures(sums) })),
          conversion: converter.summary(),
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
