import { LOCALES, type Locale } from '../../../common/locales.js';
import { CURRENCIES, type Currency } from '../../../common/money.js';
import { TAX_MODES, type TaxMode } from '../../../config/tax-config.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '../../../orders/entities/order.entity.js';
import { OUTBOX_STATUSES } from '../../../emails/entities/outbox-email.entity.js';
import { LICENSE_KEY_STATUSES } from '../../../orders/order-process.js';
import { PAYMENT_PROVIDER_NAMES } from '../../../config/app-config.js';
import { AdminOrderEvidenceDto, AdminOrderRowDto } from './admin-order.dto.js';
import { PLATFORMS, type Platform } from '../../../catalog/entities/product.entity.js';
import { AdminRefundDto } from './admin-refund.dto.js';
import { AdminDisputeDto } from '../../../payments/disputes/dto/admin-dispute.dto.js';

export class AdminOrderItemDto {
  @ApiProperty() productId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) quantity: number;
  @ApiProperty({ example: 4049, description: 'Unit price in cents' }) unitPriceCents: number;
}

export class AdminBillingDto {
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() address: string;
  @ApiProperty() city: string;
  @ApiProperty() country: string;
  @ApiProperty() zipCode: string;
  @ApiProperty() phoneCountryCode: string;
  @ApiProperty() phone: string;
}

export class AdminOrderKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() productId: string;
  @ApiProperty({ description: 'In full for admins; masked but for the last group for support' })
  licenseKey: string;
  @ApiProperty({ enum: LICENSE_KEY_STATUSES, enumName: 'LicenseKeyStatus' }) status: string;
  @ApiProperty({ type: 'integer' }) activationCount: number;
  @ApiProperty({ type: 'integer' }) activationLimit: number;
}

export class AdminOrderDownloadDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() productId: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ enum: PLATFORMS, enumName: 'Platform' }) platform: Platform;
  @ApiProperty() fileUrl: string;
  @ApiProperty({ type: 'integer' }) downloadCount: number;
  @ApiProperty({ type: 'integer' }) maxDownloads: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ type: Date, nullable: true }) expiresAt: Date | null;
}

export class AdminOrderEmailDto {
  @ApiProperty() id: number;
  @ApiProperty() kind: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: OUTBOX_STATUSES, enumName: 'EmailStatus' }) status: string;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) sentAt: Date | null;
}

/** A credit note of the order (#20 §5): PDF at GET /api/admin/orders/:id/credit-notes/:creditNoteId.pdf. */
export class AdminCreditNoteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CN-2026-000045' }) number: string;
  @ApiProperty() issuedAt: Date;
  @ApiProperty({ type: 'integer', description: 'What it credits, tax included, in cents' })
  totalCents: number;
  @ApiProperty({ type: 'integer', description: 'The tax it credits, in cents' }) taxCents: number;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The refund it records; null for another reversal (a dispute lost)',
  })
  refundId: string | null;
}

/** The statuses staff may move an order to now, each field changed on its own (see allowedTransitions). */
export class AdminOrderTransitionsDto {
  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus', isArray: true, example: ['cancelled'] })
  status: OrderStatus[];

  @ApiProperty({
    enum: PAYMENT_STATUSES,
    enumName: 'PaymentStatus',
    isArray: true,
    example: ['completed', 'failed'],
  })
  paymentStatus: PaymentStatus[];
}

/**
 * The order's margin (#21 §3): what it earned net of tax and refunds, less what its keys cost, in the
 * order's currency (#35).
 */
export class AdminOrderMarginDto {
  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', description: 'The order’s: every amount is in it' })
  currency: Currency;
  @ApiProperty({ type: 'integer', description: 'What was paid, tax included (0 unpaid)' })
  revenueCents: number;
  @ApiProperty({ type: 'integer' }) taxCents: number;
  @ApiProperty({ type: 'integer', description: 'Refunded, tax included' }) refundsCents: number;
  @ApiProperty({ type: 'integer' }) refundTaxCents: number;
  @ApiProperty({
    type: 'integer',
    description:
      'The cost of every key given to it (faulty ones too). A key bought in another currency (its ' +
      'batch’s) is converted at the ECB rate of the payment’s day (keyCostRateDate)',
  })
  keyCostCents: number;
  @ApiProperty({ type: 'integer', description: 'revenue − tax − (refunds − refundTax) − keyCost' })
  marginCents: number;
  @ApiProperty({ type: 'integer', description: 'Keys with no cost recorded (stored before batches)' })
  keysWithoutCost: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '2026-11-27',
    description:
      'The ECB day whose rates converted the costs of keys bought in another currency (the payment’s day ' +
      'or the last before it with rates, at most 10 days); null when none was converted',
  })
  keyCostRateDate: string | null;
  @ApiProperty({
    type: 'integer',
    description:
      'Keys bought in another currency with no ECB rate in time: their cost is left out of keyCostCents ' +
      '(enter or import the rates under Exchange rates)',
  })
  keysWithoutRate: number;
}

export class AdminOrderDetailDto extends AdminOrderRowDto {
  @ApiProperty({ type: [AdminOrderItemDto] }) orderItems: AdminOrderItemDto[];
  @ApiProperty({ type: AdminBillingDto }) billing: AdminBillingDto;
  @ApiProperty({ example: 4049 }) subtotalCents: number;
  @ApiProperty({ example: 405 }) discountCents: number;
  @ApiProperty({ type: 'integer', example: 692, description: 'The tax in cents (0 with tax off)' })
  taxCents: number;
  @ApiProperty({ example: 19, description: 'Its rate as a percentage' }) taxRate: number;
  @ApiProperty({ enum: TAX_MODES, enumName: 'TaxMode' }) taxMode: TaxMode;
  @ApiProperty({ type: String, nullable: true, example: 'DE' }) taxCountry: string | null;
  @ApiProperty({
    type: AdminOrderEvidenceDto,
    description:
      'Where the buyer is, by each piece of evidence, and the country two of them agree on: with tax on, none ' +
      'agreeing, or two agreeing on another country than the billing one, holds the order (tax-evidence)',
  })
  evidence: AdminOrderEvidenceDto;
  @ApiProperty({ type: String, nullable: true }) couponCode: string | null;
  @ApiProperty({
    enum: LOCALES,
    enumName: 'Locale',
    description: 'The language the order was placed in: its e-mails and documents are in it',
  })
  locale: Locale;
  @ApiProperty({ enum: PAYMENT_PROVIDER_NAMES, enumName: 'PaymentProvider', nullable: true })
  paymentProvider: string | null;
  @ApiProperty({ type: String, nullable: true }) providerPaymentId: string | null;
  @ApiProperty({ type: Date, nullable: true }) paidAt: Date | null;
  @ApiProperty({
    type: AdminOrderTransitionsDto,
    description:
      'The statuses and payment statuses this staff member may set now (PUT); empty for support. The current ' +
      'values are not listed. A status sent with a payment change is judged after the payment change.',
  })
  allowedTransitions: AdminOrderTransitionsDto;
  @ApiProperty({ type: [AdminOrderKeyDto] }) licenseKeys: AdminOrderKeyDto[];
  @ApiProperty({ type: [AdminOrderDownloadDto] }) downloads: AdminOrderDownloadDto[];
  @ApiProperty({ type: [AdminOrderEmailDto] }) emails: AdminOrderEmailDto[];
  @ApiProperty({ type: [AdminRefundDto], description: 'Oldest first, failed ones included' })
  refunds: AdminRefundDto[];
  @ApiProperty({
    type: 'integer',
    description:
      'What may still be refunded: paid, less the refunds that succeeded or are pending (0 unpaid)',
  })
  refundableCents: number;
  @ApiProperty({
    type: AdminOrderMarginDto,
    nullable: true,
    description: 'For admins (null for support: it shows what keys cost)',
  })
  margin: AdminOrderMarginDto | null;
  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'When the customer withdrew from the contract before delivery (status withdrawn)',
  })
  withdrawnAt: Date | null;

  @ApiProperty({
    type: [AdminDisputeDto],
    description: 'Chargebacks and early fraud warnings of its payment, oldest first',
  })
  disputes: AdminDisputeDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-000123',
    description:
      'Its invoice, issued when the payment was received (PDF at GET /api/admin/orders/:id/invoice.pdf); ' +
      'null while unpaid, and for orders paid before invoices were issued',
  })
  invoiceNumber: string | null;

  @ApiProperty({
    type: [AdminCreditNoteDto],
    description: 'One per refund (and a dispute lost), oldest first',
  })
  creditNotes: AdminCreditNoteDto[];
}

/**
 * The back office sets the status and/or payment status, as the order process allows (the detail's
 * `allowedTransitions`; anything else is a 409); nothing else is writable.
 */
export class UpdateOrderDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES, enumName: 'OrderStatus' })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` })
  status?: OrderStatus;

  @ApiPropertyOptional({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES, { message: `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}` })
  paymentStatus?: PaymentStatus;
}

export class ResendEmailResponseDto {
  @ApiProperty({ example: true }) queued: true;
  @ApiProperty({ description: 'The outbox message id' }) emailId: number;
}
