import { ApiProperty } from '@nestjs/swagger';
import { Equals } from 'class-validator';
import { CustomerEmail, EMAIL_MAX_LENGTH } from '../../common/email.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../orders/entities/order.entity.js';
import { LICENSE_KEY_STATUSES } from '../../orders/order-process.js';
import { PLATFORMS, type Platform } from '../../catalog/entities/product.entity.js';
import { CustomerKeyReportDto } from '../../key-reports/dto/customer-key-report.dto.js';

export class AccessLinkRequestDto {
  @ApiProperty({
    example: 'jane@example.com',
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    description: 'Compared in its canonical form, exactly',
  })
  @CustomerEmail()
  email: string;
}

export class AccessLinkResponseDto {
  @ApiProperty({
    example: 'If this address has orders with us, a sign-in link is on its way. It works for 30 minutes.',
  })
  message: string;
}

export class CustomerLicenseKeyDto {
  @ApiProperty({ format: 'uuid', description: 'The key to name when reporting it' }) id: string;
  @ApiProperty() productId: string;
  @ApiProperty({
    example: 'ABCDE-12345-FGHIJ-67890-KLMNO',
    description: 'The key in full; masked (XXXXX-…-last group) when it is not available',
  })
  licenseKey: string;
  @ApiProperty({
    description:
      'False when the stored key cannot be read (it was altered at rest): licenseKey is then masked and ' +
      'support has to reissue the key',
  })
  available: boolean;
  @ApiProperty({ enum: LICENSE_KEY_STATUSES, enumName: 'LicenseKeyStatus' }) status: string;
  @ApiProperty() activationCount: number;
  @ApiProperty() activationLimit: number;
  @ApiProperty({ type: CustomerKeyReportDto, nullable: true, description: "The key's latest report" })
  report: CustomerKeyReportDto | null;
  @ApiProperty({
    description:
      'Whether the customer may report it as not activating now: an active key of a paid order, within 30 ' +
      'days of the payment, without an open report',
  })
  canReport: boolean;
}

export class CustomerDownloadDto {
  @ApiProperty() productId: string;
  @ApiProperty() fileName: string;
  @ApiProperty({ enum: PLATFORMS, enumName: 'Platform', description: 'The system the file installs on' })
  platform: Platform;
  @ApiProperty({ type: String, nullable: true }) fileSize: string | null;
  @ApiProperty({ description: 'PUBLIC_URL/api/downloads/<token>' }) url: string;
  @ApiProperty() downloadCount: number;
  @ApiProperty() maxDownloads: number;
  @ApiProperty({ type: Date, nullable: true }) expiresAt: Date | null;
  @ApiProperty() isActive: boolean;
}

export class CustomerOrderItemDto {
  @ApiProperty() productId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) quantity: number;
  @ApiProperty({ type: 'integer', description: 'Unit price in cents' }) unitPriceCents: number;
}

/** A credit note of the order (#20 §5): PDF at GET /api/account/orders/:id/credit-notes/:creditNoteId.pdf. */
export class CustomerCreditNoteDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CN-2026-000045' }) number: string;
  @ApiProperty() issuedAt: Date;
  @ApiProperty({ type: 'integer', description: 'What it credits, tax included, in cents' })
  totalCents: number;
}

export class CustomerOrderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' }) status: string;
  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' }) paymentStatus: string;
  @ApiProperty() awaitingKeys: boolean;
  @ApiProperty({ type: 'integer' }) totalCents: number;
  @ApiProperty({
    description:
      'Whether the customer may withdraw from the contract now (POST /api/account/orders/:id/withdrawal): ' +
      'paid, and no licence key delivered yet (held for review, or waiting for stock)',
  })
  canWithdraw: boolean;
  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'When the customer withdrew (status withdrawn): the time the acknowledgement states',
  })
  withdrawnAt: Date | null;
  @ApiProperty({ type: [CustomerOrderItemDto] }) items: CustomerOrderItemDto[];
  @ApiProperty({ type: [CustomerLicenseKeyDto] }) licenseKeys: CustomerLicenseKeyDto[];
  @ApiProperty({ type: [CustomerDownloadDto] }) downloads: CustomerDownloadDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-000123',
    description:
      'Its invoice (PDF at GET /api/account/orders/:id/invoice.pdf); null for an order paid before ' +
      'invoices were issued',
  })
  invoiceNumber: string | null;
  @ApiProperty({ type: [CustomerCreditNoteDto], description: 'One per refund, oldest first' })
  creditNotes: CustomerCreditNoteDto[];
}

export class WithdrawalRequestDto {
  @ApiProperty({
    enum: [true],
    description: 'The customer confirmed the withdrawal (the second step on the account page)',
  })
  @Equals(true, { message: 'confirm must be true: confirm the withdrawal' })
  confirm: true;
}
