import { ApiProperty } from '@nestjs/swagger';
import { SalesFiguresDto } from '../sales-figures.js';

/**
 * One period of the sales report: the store's sales figures (SalesFigures: gross sales, refunds, net sales,
 * tax, total sales) and the margin. Amounts in cents of the store's currency.
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
}

/** One row of the margins report: a product or a supplier. */
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
}
