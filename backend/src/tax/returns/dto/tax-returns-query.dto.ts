import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { BAD_QUARTER, DAY_PATTERN, QUARTER_PATTERN } from '../quarters.js';

const DAY_MESSAGE = (name: string) => `${name} must be a day such as 2026-10-01`;

/*
 * `quarter` is optional in both queries (a parameter of one name states one rule across the document): the
 * returns answer its absence with the same 400 as a malformed one.
 */

/** The quarter of the OSS and UK returns. */
export class QuarterQueryDto {
  @ApiPropertyOptional({
    example: '2026-Q4',
    pattern: QUARTER_PATTERN.source,
    description: 'A quarter of UTC time',
  })
  @IsOptional()
  @Matches(QUARTER_PATTERN, { message: BAD_QUARTER })
  quarter?: string;
}

/** The register's period: a quarter, or the days `from` to `to` (both included, UTC). */
export class RegisterQueryDto extends QuarterQueryDto {
  @ApiPropertyOptional({ example: '2026-10-01', pattern: DAY_PATTERN.source, description: 'With `to`' })
  @IsOptional()
  @Matches(DAY_PATTERN, { message: DAY_MESSAGE('from') })
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', pattern: DAY_PATTERN.source, description: 'With `from`' })
  @IsOptional()
  @Matches(DAY_PATTERN, { message: DAY_MESSAGE('to') })
  to?: string;
}
