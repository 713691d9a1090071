import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../../key-reports/dto/customer-key-report.dto.js';

/**
 * What a timeline entry is about: `created` (checkout), `payment` (a provider's event), `payment_failed`
 * (a declined attempt, with the provider's reason), `paid`, `held` (for review, with the rules that fired),
 * `reviewed` (approved or rejected), `withdrawn` (by the customer), `keys` (licence keys assigned, last
 * group only), `email` (queued or sent, with its Message-ID), `download`, `activation`, `refund`,
 * `dispute` (a chargeback or an early fraud warning), `key_report` (a key reported as not working),
 * `staff` (a change from the audit trail) and `note` (staff's internal note).
 */
export const TIMELINE_KINDS = [
  'created',
  'payment',
  'payment_failed',
  'paid',
  'held',
  'reviewed',
  'withdrawn',
  'keys',
  'email',
  'download',
  'activation',
  'refund',
  'dispute',
  'key_report',
  'staff',
  'note',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export class TimelineEntryDto {
  @ApiProperty({ type: Date }) at: Date;
  @ApiProperty({ enum: TIMELINE_KINDS, enumName: 'TimelineKind' }) kind: TimelineKind;
  @ApiProperty({ example: 'Payment declined' }) title: string;
  @ApiPropertyOptional({
    example: 'Your card has insufficient funds. (insufficient_funds)',
    description: 'The particulars; a licence key appears only as its last group',
  })
  detail?: string;
  @ApiPropertyOptional({
    example: 'jane.admin',
    description: 'Who: a staff username, `customer`, or the payment provider (`stripe`, `demo`)',
  })
  actor?: string;
}

export class OrderTimelineDto {
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ type: [TimelineEntryDto], description: 'Oldest first' }) entries: TimelineEntryDto[];
  @ApiProperty({ description: 'Whether older entries were left out (the newest 500 are kept)' })
  truncated: boolean;
}

export const NOTE_MAX_LENGTH = 2000;

/** POST /api/admin/orders/:id/notes: an internal note, never shown to the customer. */
export class CreateOrderNoteDto {
  @ApiProperty({ minLength: 1, maxLength: NOTE_MAX_LENGTH, description: 'Trimmed' })
  @Trim()
  // The decorator nearest the property is checked first: "required" before "text", before the length.
  @MaxLength(NOTE_MAX_LENGTH, { message: `Note must be at most ${NOTE_MAX_LENGTH} characters` })
  @IsString({ message: 'Note must be text' })
  @IsNotEmpty({ message: 'Note is required' })
  body: string;
}

export class OrderNoteDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: String, nullable: true, description: 'The staff username' }) author: string | null;
  @ApiProperty() createdAt: Date;
}
