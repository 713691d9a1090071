import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsUUID,
  Max,
  Min,
} from 'class-validator';

/** The most orders one bulk request changes (cancel-stale answers `more` when others remain). */
export const BULK_ORDERS_LIMIT = 100;
/** The oldest cut-off cancel-stale takes: a year. */
export const MAX_STALE_HOURS = 24 * 366;

export class CancelStaleOrdersDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_STALE_HOURS, example: 48 })
  // Checked nearest the property first (stopAtFirstError reports the first failure).
  @Max(MAX_STALE_HOURS, { message: `olderThanHours must be at most ${MAX_STALE_HOURS}` })
  @Min(1, { message: 'olderThanHours must be at least 1' })
  @IsInt({ message: 'olderThanHours must be a whole number of hours' })
  olderThanHours: number;

  @ApiPropertyOptional({ description: 'true: only answer which orders would be cancelled' })
  @IsOptional()
  @IsBoolean({ message: 'dryRun must be true or false' })
  dryRun?: boolean;
}

export class SkippedOrderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'The payment provider could not be reached' }) reason: string;
}

export class CancelStaleOrdersResponseDto {
  @ApiProperty() dryRun: boolean;
  @ApiProperty({ type: 'integer', description: 'Orders cancelled (with dryRun: that would be)' })
  cancelled: number;
  @ApiProperty({ type: [String], description: 'Their ids, oldest first' }) ids: string[];
  @ApiProperty({ type: [SkippedOrderDto], description: 'Left as they were, and why' })
  skipped: SkippedOrderDto[];
  @ApiProperty({ description: `More stale orders remain past the ${BULK_ORDERS_LIMIT} of one request` })
  more: boolean;
}

export class ResendDeliveryDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: BULK_ORDERS_LIMIT })
  @IsUUID('all', { each: true, message: 'each of ids must be an order id' })
  @ArrayUnique({ message: 'ids must not repeat an order' })
  @ArrayMaxSize(BULK_ORDERS_LIMIT, { message: `ids may name at most ${BULK_ORDERS_LIMIT} orders` })
  @ArrayMinSize(1, { message: 'ids must name at least one order' })
  @IsArray({ message: 'ids must be a list of order ids' })
  ids: string[];
}

export class ResendDeliveryResultDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['queued', 'skipped'] }) result: 'queued' | 'skipped';
  @ApiPropertyOptional({ type: 'integer', description: 'The outbox message, when queued' }) emailId?: number;
  @ApiPropertyOptional({ description: 'Why it was skipped' }) reason?: string;
}
