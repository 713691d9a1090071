import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, type ValidationArguments } from 'class-validator';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../../common/money.js';

/**
 * The currencies sold (a price in them for at least one product), in CURRENCIES order, for the `@IsIn` of a
 * requested currency: CatalogService refills this array in place as it reads the price lists.
 */
export const SOLD_CURRENCIES: Currency[] = [DEFAULT_CURRENCY];

/** The refusal of a currency not sold, with the codes sold when it is made: upper-case ISO 4217 only. */
export const currencyRefusal =
  (field: string) =>
  ({ constraints }: ValidationArguments): string =>
    `${field} must be one of the currencies sold, upper-case: ${(constraints[0] as string[]).join(', ')}`;

export class ProductsQueryDto {
  @ApiProperty({
    required: false,
    enum: CURRENCIES,
    enumName: 'Currency',
    default: DEFAULT_CURRENCY,
    description:
      'The prices in this currency (upper-case ISO 4217, one of store-config `currencies`); a product not ' +
      'sold in it is left out. A currency not sold is a 400.',
  })
  @IsOptional()
  @IsIn(SOLD_CURRENCIES, { message: currencyRefusal('currency') })
  currency?: Currency;
}
