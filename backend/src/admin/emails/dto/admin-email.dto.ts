import { ApiProperty } from '@nestjs/swagger';
import {
  OUTBOX_STATUSES,
  type OutboxEmail,
  type OutboxStatus,
} from '../../../emails/entities/outbox-email.entity.js';

/** A message of the outbox, as the back office lists it (no bodies). */
export class AdminEmailDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'jane@example.com' }) to: string;
  @ApiProperty() subject: string;
  @ApiProperty({
    example: 'order-delivery',
    description: 'order-delivery, access-link, contact-notification',
  })
  kind: string;
  @ApiProperty({ enum: OUTBOX_STATUSES, enumName: 'EmailStatus' }) status: OutboxStatus;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) sentAt: Date | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) orderId: string | null;

  static from(row: OutboxEmail): AdminEmailDto {
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
      orderId: row.orderId,
    };
  }
}

/** One message with its plain-text body, secrets masked. The HTML body is never returned. */
export class AdminEmailDetailDto extends AdminEmailDto {
  @ApiProperty({
    description:
      'The plain-text body with every licence key masked but for its last group ' +
      '(XXXXX-XXXXX-XXXXX-XXXXX-ABCDE) and the tokens of sign-in and download links hidden',
  })
  text: string;
}
