import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LICENSE_KEY_STATUSES, type LicenseKeyStatus } from '../../../orders/order-process.js';
import { KEY_REPORT_LIMITS, Trim } from '../../../key-reports/dto/customer-key-report.dto.js';
import {
  KEY_REPORT_STATUSES,
  SCREENSHOT_TYPES,
  type KeyReportStatus,
  type ScreenshotType,
} from '../../../key-reports/entities/key-report.entity.js';

/** A customer's report of a key that does not activate, as the back office's queue shows it. */
export class AdminKeyReportDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: KEY_REPORT_STATUSES, enumName: 'KeyReportStatus' }) status: KeyReportStatus;
  @ApiProperty({ format: 'uuid' }) licenseKeyId: string;
  @ApiProperty({ example: 'XXXXX-XXXXX-XXXXX-XXXXX-KLMNO', description: 'The reported key, masked' })
  licenseKey: string;
  @ApiProperty({ enum: LICENSE_KEY_STATUSES, enumName: 'LicenseKeyStatus' })
  licenseKeyStatus: LicenseKeyStatus;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty() productId: string;
  @ApiProperty({ example: 'jane@example.com' }) customerEmail: string;
  @ApiProperty({ description: 'What the customer saw' }) errorMessage: string;
  @ApiProperty({
    enum: SCREENSHOT_TYPES,
    enumName: 'ScreenshotType',
    nullable: true,
    description: 'The screenshot’s type (GET /api/admin/key-reports/:id/screenshot), null without one',
  })
  screenshotType: ScreenshotType | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The key from stock given in its place',
  })
  replacementKeyId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Staff’s answer to the customer' })
  answer: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who replaced the key or answered' })
  resolvedBy: string | null;
  @ApiProperty({ type: Date, nullable: true }) resolvedAt: Date | null;
  @ApiProperty() createdAt: Date;
}

/** Answering a report: it becomes `answered` and the customer is e-mailed the text. */
export class UpdateKeyReportDto {
  @ApiProperty({ minLength: 1, maxLength: KEY_REPORT_LIMITS.answer, description: 'Sent to the customer' })
  @Trim()
  @MaxLength(KEY_REPORT_LIMITS.answer, {
    message: `Answer must be at most ${KEY_REPORT_LIMITS.answer} characters`,
  })
  @IsNotEmpty({ message: 'Answer is required' })
  @IsString({ message: 'Answer is required' })
  answer: string;
}
