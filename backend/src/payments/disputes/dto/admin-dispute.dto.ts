import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DISPUTE_KINDS, type Dispute, type DisputeKind } from '../entities/dispute.entity.js';

/** A dispute or early fraud warning on the admin order detail (`disputes`). */
export class AdminDisputeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DISPUTE_KINDS, enumName: 'DisputeKind' }) kind: DisputeKind;
  @ApiProperty({ example: 'dp_1Nv0…', description: "The provider's id (Stripe `dp_…`, a warning `issfr_…`)" })
  providerDisputeId: string;
  @ApiProperty({ type: 'integer', example: 4049 }) amountCents: number;
  @ApiProperty({
    example: 'USD',
    description: "The disputed amount's currency, as the provider reports it (upper-case ISO 4217)",
  })
  currency: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'fraudulent',
    description: "The provider's reason; a fraud warning's fraud type",
  })
  reason: string | null;
  @ApiProperty({
    example: 'needs_response',
    description:
      "The provider's status (`needs_response`, `under_review`, `won`, `lost`, …); a fraud warning: `refunded` " +
      '(refunded automatically, EARLY_FRAUD_WARNING_REFUNDS) or `open`',
  })
  status: string;
  @ApiProperty({ type: Date, nullable: true }) evidenceDueBy: Date | null;
  @ApiProperty({ type: Date, nullable: true }) evidenceSubmittedAt: Date | null;
  @ApiProperty({ type: String, nullable: true, description: 'The staff member who submitted it' })
  evidenceSubmittedBy: string | null;
  @ApiProperty({ description: 'Whether it revoked the order’s keys (staff may restore them once won)' })
  keysRevoked: boolean;
  @ApiProperty() createdAt: Date;

  static from(d: Dispute): AdminDisputeDto {
    return {
      id: d.id,
      kind: d.kind,
      providerDisputeId: d.providerDisputeId,
      amountCents: d.amountCents,
      currency: d.currency,
      reason: d.reason,
      status: d.status,
      evidenceDueBy: d.evidenceDueBy,
      evidenceSubmittedAt: d.evidenceSubmittedAt,
      evidenceSubmittedBy: d.evidenceSubmittedBy,
      keysRevoked: d.keysRevoked,
      createdAt: d.createdAt,
    };
  }
}

export const EVIDENCE_FORMATS = ['pdf', 'json'] as const;

export class EvidenceQueryDto {
  @IsOptional()
  @IsIn(EVIDENCE_FORMATS, { message: 'format must be pdf or json' })
  format?: (typeof EVIDENCE_FORMATS)[number];
}

export class RestoreKeysResponseDto {
  @ApiProperty({ type: 'integer', description: 'How many revoked keys work again' }) restored: number;
}
