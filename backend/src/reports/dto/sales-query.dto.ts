import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SALES_INTERVALS, type SalesInterval } from '../sales-periods.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const dayMessage = (name: string) => `${name} must be a day such as 2026-10-01`;

/*
 * `from` and `to` are optional in the DTO (the tax register's are optional, and the reports answer their
 * absence with the same 400 as a malformed one); RequiredDayRange marks them required in the document of
 * the routes that need them.
 */

/** A range of days, both included (UTC). */
export class DayRangeQueryDto {
  @ApiPropertyOptional({
    example: '2026-10-01',
    pattern: DAY.source,
    description: 'The first day (UTC); required',
  })
  @IsOptional()
  @Matches(DAY, { message: dayMessage('from') })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-10-31',
    pattern: DAY.source,
    description: 'The last day (UTC), included; required',
  })
  @IsOptional()
  @Matches(DAY, { message: dayMessage('to') })
  to?: string;
}

export class SalesQueryDto extends DayRangeQueryDto {
  @ApiPropertyOptional({
    enum: SALES_INTERVALS,
    default: 'day',
    description:
      'Periods of a day, an ISO week (named by its Monday) or a month (named by its first day). At most ' +
      '366 days by day, 1096 by week, 3660 by month.',
  })
  @IsOptional()
  @IsIn(SALES_INTERVALS, { message: `interval must be one of ${SALES_INTERVALS.join(', ')}` })
  interval?: SalesInterval;

  @ApiPropertyOptional({
    description: 'One product’s figures (its share of each order) instead of the store’s',
    maxLength: 64,
  })
  @IsOptional()
  @MaxLength(64, { message: 'productId must be a product id' })
  @IsString({ message: 'productId must be a product id' })
  productId?: string;
}

export const MARGIN_GROUPS = ['product', 'supplier'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

export class MarginsQueryDto extends DayRangeQueryDto {
  @ApiPropertyOptional({ enum: MARGIN_GROUPS, default: 'product' })
  @IsOptional()
  @IsIn(MARGIN_GROUPS, { message: `groupBy must be one of ${MARGIN_GROUPS.join(', ')}` })
  groupBy?: MarginGroup;
}

/** `from` and `to` as a report that needs both documents them: required. */
export function RequiredDayRange(): MethodDecorator {
  const day = (name: 'from' | 'to', description: string, example: string) =>
    ApiQuery({
      name,
      required: true,
      description,
      schema: { type: 'string', pattern: DAY.source, example },
    });
  return applyDecorators(
    day('from', 'The first day (UTC)', '2026-10-01'),
    day('to', 'The last day (UTC), included', '2026-10-31'),
  );
}
