import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import type { StockLevel } from '../../../stock/stock.service.js';

export const MAX_LOW_STOCK_THRESHOLD = 100_000;
const THRESHOLD_MESSAGE = `lowStockThreshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, or null for the store's default`;

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

  static from(level: StockLevel): AdminProductDto {
    return {
      id: level.productId,
      title: level.title,
      lowStockThreshold: level.lowStockThreshold,
      effectiveLowStockThreshold: level.effectiveLowStockThreshold,
      available: level.available,
      waitingOrders: level.waitingOrders,
      daysOfStock: level.daysOfStock,
      stocked: level.stocked,
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
