import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { CurrencyPrice } from '../../../catalog/price-lists.js';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../../../common/money.js';
import type { StockLevel } from '../../../stock/stock.service.js';

export const MAX_LOW_STOCK_THRESHOLD = 100_000;
const THRESHOLD_MESSAGE = `lowStockThreshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, or null for the store's default`;

/** The highest price staff may set, in a currency's minor units: 1,000,000.00 (or ¥100,000,000). */
export const MAX_PRICE_CENTS = 100_000_000;
const amountMessage = (field: string) =>
  `${field} must be a whole number of the currency's minor units (cents; yen for JPY) from 1 to ${MAX_PRICE_CENTS}`;

/** A product's price in one currency. */
export class ProductPriceDto {
  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    example: 'EUR',
    description: 'Upper-case ISO 4217',
  })
  @IsIn(CURRENCIES, { message: `currency must be one of ${CURRENCIES.join(', ')} (upper-case)` })
  currency: Currency;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PRICE_CENTS,
    example: 3799,
    description: "The price, in the currency's minor units (cents; whole yen for JPY)",
  })
  @Max(MAX_PRICE_CENTS, { message: amountMessage('currentPriceCents') })
  @Min(1, { message: amountMessage('currentPriceCents') })
  @IsInt({ message: amountMessage('currentPriceCents') })
  currentPriceCents: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PRICE_CENTS,
    example: 18999,
    description: 'The list price, in the same units; at least currentPriceCents (equal: no saving)',
  })
  @Max(MAX_PRICE_CENTS, { message: amountMessage('originalPriceCents') })
  @Min(1, { message: amountMessage('originalPriceCents') })
  @IsInt({ message: amountMessage('originalPriceCents') })
  originalPriceCents: number;
}

/** A product's whole price list, which replaces the one it had. */
export class UpdateProductPricesDto {
  @ApiProperty({
    type: [ProductPriceDto],
    minItems: 1,
    maxItems: CURRENCIES.length,
    description:
      `The product's prices, at most one per currency; ${DEFAULT_CURRENCY} (the default currency) is ` +
      'required. A currency left out is no longer sold for this product.',
  })
  @ValidateNested({ each: true })
  @Type(() => ProductPriceDto)
  @ArrayMaxSize(CURRENCIES.length, { message: `prices may hold at most ${CURRENCIES.length} currencies` })
  @ArrayMinSize(1, { message: `prices must hold the ${DEFAULT_CURRENCY} price at least` })
  @IsArray({ message: 'prices must be a list of {currency, currentPriceCents, originalPriceCents}' })
  prices: ProductPriceDto[];
}

/** A catalogue product as the back office's Products page shows it: its stock and its low-stock level. */
export class AdminProductDto {
  @ApiProperty({ example: 'office-2024-standard' }) id: string;
  @ApiProperty({ example: 'Office 2024 Standard' }) title: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_LOW_STOCK_THRESHOLD,
    example: 20,
    description:
      "Keys in stock below which staff are alerted; null: the store's default (LOW_STOCK_THRESHOLD)",
  })
  lowStockThreshold: number | null;

  @ApiProperty({
    type: 'integer',
    example: 10,
    description: 'Read-only: the level in force (the product’s own or the default); 0: no low-stock alert',
  })
  effectiveLowStockThreshold: number;

  @ApiProperty({ type: 'integer', example: 25, description: 'Read-only: unassigned, active keys in stock' })
  available: number;

  @ApiProperty({
    type: 'integer',
    example: 0,
    description: 'Read-only: paid orders waiting for keys that still lack keys of this product',
  })
  waitingOrders: number;

  @ApiProperty({
    type: 'number',
    nullable: true,
    example: 12.5,
    description:
      'Read-only: available ÷ keys delivered per day (the higher rate of the last 14 and 30 days), ' +
      'one decimal, rounded down; null when none was delivered in 30 days',
  })
  daysOfStock: number | null;

  @ApiProperty({
    example: true,
    description: 'Read-only: whether the product ever had a key; one never stocked is not low, nor alerted',
  })
  stocked: boolean;

  @ApiProperty({
    type: [ProductPriceDto],
    description: 'Its price list, in the order of the currencies the store can sell in (USD first)',
  })
  prices: ProductPriceDto[];

  static from(level: StockLevel, prices: CurrencyPrice[]): AdminProductDto {
    return {
      id: level.productId,
      title: level.title,
      lowStockThreshold: level.lowStockThreshold,
      effectiveLowStockThreshold: level.effectiveLowStockThreshold,
      available: level.available,
      waitingOrders: level.waitingOrders,
      daysOfStock: level.daysOfStock,
      stocked: level.stocked,
      prices,
    };
  }
}

/** The one writable setting of a product. */
export class UpdateProductDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_LOW_STOCK_THRESHOLD,
    example: 20,
    // Null is a value here, so the property is optional to the validator; leaving it out is still a 400.
    required: false,
    description:
      "Required. 0: no low-stock alert for this product; null: the store's default (LOW_STOCK_THRESHOLD)",
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @Max(MAX_LOW_STOCK_THRESHOLD, { message: THRESHOLD_MESSAGE })
  @Min(0, { message: THRESHOLD_MESSAGE })
  @IsInt({ message: THRESHOLD_MESSAGE })
  lowStockThreshold: number | null;
}
