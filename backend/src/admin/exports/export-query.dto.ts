import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dayMessage = (name: string) => `${name} must be a day such as 2026-10-01`;

/**
 * The query of a list's CSV export: the list's own `filter` and `sort` (as its page requests send them;
 * no `range`: the export has every match), and the days `from` and `to` of creation, both included (UTC),
 * each optional.
 */
export class ExportQueryDto {
  @ApiPropertyOptional({
    description: 'JSON ["field","ASC|DESC"], as the list takes it',
    example: '["createdAt","DESC"]',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sort?: string;

  @ApiPropertyOptional({
    description: 'JSON object of filters, as the list takes them',
    example: '{"status":"completed"}',
    maxLength: 4000,
  })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  filter?: string;

  @ApiPropertyOptional({
    example: '2026-10-01',
    pattern: DAY_PATTERN.source,
    description: 'Created on or after this day (UTC)',
  })
  @IsOptional()
  @Matches(DAY_PATTERN, { message: dayMessage('from') })
  from?: string;

  @ApiPropertyOptional({
    example: '2026-10-31',
    pattern: DAY_PATTERN.source,
    description: 'Created on or before this day (UTC)',
  })
  @IsOptional()
  @Matches(DAY_PATTERN, { message: dayMessage('to') })
  to?: string;
}

/** The licence keys' export also takes `reveal`. */
export class LicenseKeyExportQueryDto extends ExportQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: the keys in clear (administrators only, recorded in the audit trail)',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'reveal must be true or false' })
  reveal?: 'true' | 'false';
}
