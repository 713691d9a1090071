import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { Transform } from 'class-transformer';
import { REFUND_STATUSES, type Refund, type RefundStatus } from '../../../payments/entities/refund.entity.js';
import type { RefundRequest } from '../../../payments/refunds.service.js';
import { currencyOf } from '../../../orders/order-currency.js';

/** POST /api/admin/orders/:id/refunds: money back through the payment provider. */
export class CreateRefundDto implements RefundRequest {
  @ApiPropertyOptional({
    type: 'integer',
    example: 2000,
    minimum: 1,
    maximum: 100_000_000,
    description:
      "In minor units of the order's currency (cents; whole yen for JPY): a refund is in the currency paid. " +
      'Omitted: everything left to refund (a full refund). `null` is refused (400).',
  })
  // Only leaving it out means "the rest": a null from a client's empty field must not refund everything.
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined)
  @Max(100_000_000, { message: 'amountCents must be at most 100000000' })
  @Min(1, { message: 'amountCents must be at least 1' })
  @IsInt({ message: 'amountCents must be a whole number of cents (leave it out to refund everything left)' })
  amountCents?: number;

  @ApiProperty({
    example: 'Customer changed their mind',
    minLength: 1,
    maxLength: 500,
    description: 'Why: kept with the refund',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'reason is required' })
  @MinLength(1, { message: 'reason is required' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason: string;

  @ApiProperty({
    description:
      'Revoke licence keys when the refund succeeds: every key (and download link) of the order for a full ' +
      'refund, the keys in licenseKeyIds for a partial one',
  })
  @IsBoolean({ message: 'revokeKeys must be true or false' })
  revokeKeys: boolean;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: 1000,
    description:
      'A partial refund with revokeKeys: the keys of the order it covers (staff pick them per line)',
  })
  @IsOptional()
  @IsArray({ message: 'licenseKeyIds must be a list of licence key ids' })
  @ArrayMaxSize(1000, { message: 'licenseKeyIds must list at most 1000 keys' })
  @IsUUID('all', { each: true, message: 'licenseKeyIds must be licence key ids' })
  licenseKeyIds?: string[];

  @ApiProperty({ description: 'E-mail the customer (amount, where the money goes, when it arrives)' })
  @IsBoolean({ message: 'notifyCustomer must be true or false' })
  notifyCustomer: boolean;
}

/** A refund of an order, as the back office shows it. */
export class AdminRefundDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ type: 'integer', example: 2000, description: 'In minor units of `currency`' })
  amountCents: number;
  @ApiProperty({ example: 'USD', description: "ISO 4217, upper-case: the order's currency" })
  currency: string;
  @ApiProperty() reason: string;
  @ApiProperty({
    enum: REFUND_STATUSES,
    enumName: 'RefundStatus',
    description: 'pending until the provider confirms it; its effects apply when it succeeds',
  })
  status: RefundStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed' }) failureReason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Null for a refund made at the provider' })
  staffUsername: string | null;
  @ApiProperty({ type: String, nullable: true }) providerRefundId: string | null;
  @ApiProperty() revokeKeys: boolean;
  @ApiProperty({ type: [String], nullable: true }) licenseKeyIds: string[] | null;
  @ApiProperty() notifyCustomer: boolean;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;

  static from(refund: Refund): AdminRefundDto {
    return {
      id: refund.id,
      orderId: refund.orderId,
      amountCents: refund.amountCents,
      currency: currencyOf(refund),
      reason: refund.reason,
      status: refund.status,
      failureReason: refund.failureReason,
      staffUsername: refund.staffUsername,
      providerRefundId: refund.providerRefundId,
      revokeKeys: refund.revokeKeys,
      licenseKeyIds: refund.licenseKeyIds,
      notifyCustomer: refund.notifyCustomer,
      createdAt: refund.createdAt,
      updatedAt: refund.updatedAt,
    };
  }
}
