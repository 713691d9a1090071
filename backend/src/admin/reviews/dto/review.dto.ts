import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../orders/entities/order.entity.js';
import { REFUND_STATUSES } from '../../../payments/entities/refund.entity.js';

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** POST /api/admin/orders/:id/review: staff's decision on an order held for review. */
export class ReviewDecisionDto {
  @ApiProperty({
    enum: REVIEW_DECISIONS,
    description: 'approve: deliver it now; reject: refund it in full and put its reserved keys back in stock',
  })
  @IsIn(REVIEW_DECISIONS, { message: 'decision must be approve or reject' })
  decision: ReviewDecision;

  @ApiPropertyOptional({
    maxLength: 2000,
    description: "Staff's note, kept on the order (never shown to the customer)",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'note must be text' })
  @MaxLength(2000, { message: 'note must be at most 2000 characters' })
  note?: string;

  @ApiPropertyOptional({
    example: 'FR',
    pattern: '^[A-Z]{2}$',
    description:
      'With approve, for an order held because its evidence of where the buyer is disagreed or agreed on ' +
      'another country than the billing one (hold reason tax-evidence): the country whose VAT applies, one ' +
      'of those the evidence gives (billing, card, checkout address). The amount paid stays; the VAT it ' +
      'holds is figured at that country’s rate and the invoice is replaced (a credit note and a new ' +
      'invoice). With VAT added (taxMode exclusive) a rate that changes what the buyer owes is a 409 with ' +
      '`refundAndReorder: true`: reject (refund) and ask the buyer to order again. Left out: the billing ' +
      'country’s rate stands.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^[A-Z]{2}$/, { message: 'taxCountry must be a two-letter country code' })
  taxCountry?: string;

  @ApiPropertyOptional({
    description:
      'With approve, for a reverse-charged order (hold reason vat-number-review: VIES gave no company name ' +
      'for its VAT number): tax it as a consumer’s, at the billing country’s rate (or taxCountry’s), under ' +
      'the same rule: the amount paid stays and holds the VAT (taxMode inclusive), or a 409 with ' +
      '`refundAndReorder: true` when VAT is added. Left out: the reverse charge stands.',
  })
  @IsOptional()
  @IsBoolean({ message: 'consumerRate must be true or false' })
  consumerRate?: boolean;
}

export class ReviewRefundDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    enum: REFUND_STATUSES,
    description: 'failed: the refund is to be made again (Refund action)',
  })
  status: string;

  @ApiProperty({ nullable: true, type: String })
  failureReason: string | null;
}

/** The order after the decision. */
export class ReviewResultDto {
  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ enum: REVIEW_DECISIONS })
  decision: ReviewDecision;

  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' })
  status: string;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' })
  paymentStatus: string;

  @ApiProperty({ nullable: true, type: Date })
  reviewedAt: Date | null;

  @ApiPropertyOptional({ type: ReviewRefundDto, description: 'Rejected: the refund through the provider' })
  refund?: ReviewRefundDto;
}
