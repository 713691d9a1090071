import type { DataSource } from 'typeorm';
import { CONVERTED_TO, type DayFigures } from './converted-figures.js';
import { ALL_PRODUCTS, SalesDay } from './entities/sales-day.entity.js';
import { storedCurrency } from '../orders/order-currency.js';

/** The roll-up's amounts, converted between currencies, and its counts, added up as they are. */
export const ROLLUP_AMOUNTS = [
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
] as const;
export const ROLLUP_COUNTS = ['orders', 'units'] as const;
export type RollupField = (typeof ROLLUP_AMOUNTS)[number] | (typeof ROLLUP_COUNTS)[number];
export type RollupSums = DayFigures<RollupField> & { productId: string };

/**
 * The roll-up's rows of the days `from`..`to` (all days without them), the store's (ALL_PRODUCTS) or every
 * product's, added up per product and currency: per day for a currency other than CONVERTED_TO, whose
 * amounts each day's rate converts (sumAndConvert), in one sum for CONVERTED_TO's (its `day` empty).
 */
export async function rollupSums(
  db: DataSource,
  products: 'store' | 'each',
  days?: { from: string; to: string },
): Promise<RollupSums[]> {
  const day = `CASE WHEN d.currency = '${CONVERTED_TO}' THEN '' ELSE d.day END`;
  const query = db
    .getRepository(SalesDay)
    .createQueryBuilder('d')
    .select('d.productId', 'productId')
    .addSelect('d.currency', 'currency')
    .addSelect(day, 'day')
    .where(products === 'store' ? 'd.productId = :all' : 'd.productId <> :all', { all: ALL_PRODUCTS })
    .groupBy('d.productId')
    .addGroupBy('d.currency')
    .addGroupBy(day);
  for (const field of [...ROLLUP_AMOUNTS, ...ROLLUP_COUNTS])
    query.addSelect(`COALESCE(SUM(d.${field}), 0)`, field);
  if (days) query.andWhere('d.day >= :from AND d.day <= :to', days);
  const rows = await query.getRawMany<Record<string, string | number>>();
  // SUM answers a DECIMAL on MySQL/MariaDB (text), an integer on SQLite.
  return rows.map((row) => ({
    ...(Object.fromEntries(
      [...ROLLUP_AMOUNTS, ...ROLLUP_COUNTS].map((field) => [field, Number(row[field])]),
    ) as Record<RollupField, number>),
    productId: String(row.productId),
    currency: storedCurrency(String(row.currency)),
    day: String(row.day),
  }));
}
