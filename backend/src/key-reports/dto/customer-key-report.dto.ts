import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { KEY_REPORT_STATUSES, type KeyReportStatus } from '../entities/key-report.entity.js';
import { SCREENSHOT_MAX_BASE64 } from '../screenshot.js';

export const KEY_REPORT_LIMITS = { errorMessage: 2000, answer: 2000 } as const;

/** Leading and trailing white space removed. */
export const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

// The decorator nearest the property is checked first: "is required" before the length rule.
export class CreateKeyReportDto {
  @ApiProperty({ format: 'uuid', description: "The key's id, as the licence page lists it" })
  @IsUUID('all', { message: 'License key ID must be the id of one of your licence keys' })
  @IsNotEmpty({ message: 'License key ID is required' })
  licenseKeyId: string;

  @ApiProperty({
    example: 'Activation error 0xC004C060: the product key you entered cannot be used.',
    description: 'What the customer saw when the key did not activate',
    minLength: 1,
    maxLength: KEY_REPORT_LIMITS.errorMessage,
  })
  @Trim()
  @MaxLength(KEY_REPORT_LIMITS.errorMessage, {
    message: `Error message must be at most ${KEY_REPORT_LIMITS.errorMessage} characters`,
  })
  @IsNotEmpty({ message: 'Error message is required' })
  @IsString({ message: 'Error message is required' })
  errorMessage: string;

  @ApiPropertyOptional({
    description:
      'A screenshot of the error: a PNG, JPEG or WebP image of at most 2 MB, base64-encoded (a data: URL ' +
      'is accepted; its declared type is ignored, the bytes decide)',
    maxLength: SCREENSHOT_MAX_BASE64,
  })
  @IsOptional()
  @MaxLength(SCREENSHOT_MAX_BASE64, { message: 'Screenshot must be at most 2 MB' })
  @IsString({ message: 'Screenshot must be base64-encoded' })
  screenshot?: string;
}

/** A key's report as its customer sees it on the licence page. */
export class CustomerKeyReportDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: KEY_REPORT_STATUSES, enumName: 'KeyReportStatus' }) status: KeyReportStatus;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: String, nullable: true, description: "Staff's answer (status answered)" })
  answer: string | null;
  @ApiProperty({ type: Date, nullable: true }) resolvedAt: Date | null;
}
