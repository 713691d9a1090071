import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, type Currency } from '../common/money.js';

/**
 * The store's one definition of its sales (#34), as Shopify's sales reports show them, used by the
 * dashboard, the sales report and the back office alike. In one currency's minor units: a currency's own
 * figures, or the store's converted into its default currency (converted-figures.ts).
 *
 * - gross sales: what the paid orders came to, after their discount, without tax, counted on the
 *   payment's day (Shopify's gross sales is before discounts; the roll-up keeps no discounts per day);
 * - refunds: the refunds that succeeded, without their tax, counted on the refund's day;
 * - net sales: gross sales less refunds;
 * - tax: the tax on the paid orders less the tax given back with the refunds;
 * - total sales: net sales plus tax, what the store kept of what it was paid.
 *
 * A paid order owed a refund (`refundDue`) is a sale until the refund is made, as a refund requested in
 * Shopify is a return only once processed; the dashboard shows how many such refunds are due beside.
 */
export interface SalesFigures {
  grossSalesCents: number;
  refundsCents: number;
  netSalesCents: number;
  taxCents: number;
  totalSalesCents: number;
}

/** What the daily roll-up (SalesDay) keeps: totals tax included, with their tax. */
export interface SalesRollupSums {
  revenueCents: number;
  taxCents: number;
  refundsCents: number;
  refundTaxCents: number;
}

/** The figures of roll-up sums (of a day, a period, or all time): the only place they are derived. */
export function salesFigures(sums: SalesRollupSums): SalesFigures {
  const grossSalesCents = sums.revenueCents - sums.taxCents;
  const refundsCents = sums.refundsCents - sums.refundTaxCents;
  const netSalesCents = grossSalesCents - refundsCents;
  const taxCents = sums.taxCents - sums.refundTaxCents;
  return {
    grossSalesCents,
    refundsCents,
    netSalesCents,
    taxCents,
    totalSalesCents: netSalesCents + taxCents,
  };
}

/** SalesFigures in the API's documents (the dashboard's, each period of the sales report). */
export class SalesFiguresDto implements SalesFigures {
  @ApiProperty({
    type: 'integer',
    description: 'What the paid orders came to, after their discount, without tax (on the payment’s day)',
  })
  grossSalesCents: number;

  @ApiProperty({ type: 'integer', description: 'Refunds that succeeded, without their tax (on their day)' })
  refundsCents: number;

  @ApiProperty({ type: 'integer', description: 'grossSalesCents − refundsCents' })
  netSalesCents: number;

  @ApiProperty({ type: 'integer', description: 'Tax on the paid orders less the tax refunded' })
  taxCents: number;

  @ApiProperty({ type: 'integer', description: 'netSalesCents + taxCents' })
  totalSalesCents: number;
}

/** SalesFigures of the sales in one currency, in its minor units (yen for JPY). */
export class CurrencySalesFiguresDto extends SalesFiguresDto {
  @ApiProperty({ enum: CURRENCIES, example: 'EUR', description: 'The orders’ currency' })
  currency: Currency;
}
