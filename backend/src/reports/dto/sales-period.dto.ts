import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, type Currency } from '../../common/money.js';
import { ConversionDto } from '../converted-figures.js';
import { CurrencySalesFiguresDto, SalesFiguresDto } from '../sales-figures.js';

/**
 * A period's figures in one currency: the sales of the orders paid in it, and the cost of the keys bought
 * in it (whatever the currency of the orders they went to).
 */
export class SalesPeriodCurrencyDto extends CurrencySalesFiguresDto {
  @ApiProperty({ type: 'integer', description: 'Orders paid in the period in this currency' })
  orders: number;

  @ApiProperty({ type: 'integer', description: 'Keys sold by those orders' })
  units: number;

  @ApiProperty({
    type: 'integer',
    description:
      'The cost of the keys bought in this currency (their batch’s) given to the orders paid in the period',
  })
  keyCostCents: number;

  @ApiProperty({
    type: 'integer',
    description:
      'netSalesCents − keyCostCents: the margin of these sales when their keys were bought in the same ' +
      'currency; otherwise only the converted marginCents of the period is a margin (this its part)',
  })
  marginCents: number;
}

/**
 * One period of the sales report: the store's sales figures (SalesFigures: gross sales, refunds, net sales,
 * tax, total sales) and the margin, converted into the store's default currency (USD) at each day's ECB
 * rate (`conversion` says how), and the same per currency (`byCurrency`).
 */
export class SalesPeriodDto extends SalesFiguresDto {
  @ApiProperty({ example: '2026-11-23', description: 'The period’s first day (a day, a Monday, a 1st)' })
  period: string;

  @ApiProperty({ type: 'integer', description: 'Orders paid in the period (or holding the product)' })
  orders: number;

  @ApiProperty({ type: 'integer', description: 'Keys sold (units of the orders’ lines)' })
  units: number;

  @ApiProperty({
    type: 'integer',
    description: 'The cost of the keys given to the orders paid in the period',
  })
  keyCostCents: number;

  @ApiProperty({ type: 'integer', description: 'netSalesCents − keyCostCents' })
  marginCents: number;

  @ApiProperty({
    type: [SalesPeriodCurrencyDto],
    description:
      'The figures per currency, in its minor units: only the currencies with figures in the period',
  })
  byCurrency: SalesPeriodCurrencyDto[];

  @ApiProperty({ type: () => ConversionDto, description: 'How the period’s amounts were converted' })
  conversion: ConversionDto;
}

/** A margins row's figures in one currency: revenue of orders paid in it, cost of keys bought in it. */
export class MarginCurrencyDto {
  @ApiProperty({ enum: CURRENCIES, example: 'EUR' })
  currency: Currency;

  @ApiProperty({ type: 'integer', description: 'Without tax, in this currency (the orders’)' })
  revenueCents: number;

  @ApiProperty({ type: 'integer', description: 'The keys bought in this currency (their batch’s)' })
  keyCostCents: number;

  @ApiProperty({
    type: 'integer',
    description:
      'revenueCents − keyCostCents: a margin where the keys were bought in the currency they were sold in; ' +
      'otherwise the row’s converted marginCents is the margin',
  })
  marginCents: number;
}

/**
 * One row of the margins report: a product or a supplier. Amounts converted into the store's default
 * currency at the ECB rate of each sale's day, and per currency.
 */
export class MarginRowDto {
  @ApiProperty({ example: 'office-2024-pro-plus', description: 'The product id, the supplier id, or `none`' })
  key: string;

  @ApiProperty({ example: 'Office 2024 Professional Plus' })
  label: string;

  @ApiProperty({
    type: 'integer',
    description:
      'Units sold. Products: the units of the orders paid in the range; suppliers: the keys delivered in ' +
      'the range that still stand for a unit sold (all but those replaced as faulty)',
  })
  unitsSold: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Keys used, replacements of faulty keys included: what keyCostCents is the cost of. Products: the ' +
      'keys given to the orders paid in the range; suppliers: the keys delivered in the range',
  })
  keysUsed: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Without tax. Products: paid less refunded in the period; suppliers: what their keys delivered in ' +
      'the period earned (before refunds, which are of money, not of keys)',
  })
  revenueCents: number;

  @ApiProperty({
    type: 'integer',
    description: 'The cost of the keys used (keysUsed), not of the units sold',
  })
  keyCostCents: number;

  @ApiProperty({ type: 'integer', description: 'revenueCents − keyCostCents: every key used costs' })
  marginCents: number;

  @ApiProperty({ type: [MarginCurrencyDto], description: 'The same per currency, in its minor units' })
  byCurrency: MarginCurrencyDto[];

  @ApiProperty({
    type: () => ConversionDto,
    description:
      'revenueCents, keyCostCents and marginCents are converted into USD at the ECB rate of each sale’s day',
  })
  conversion: ConversionDto;
}
