import { ApiProperty } from '@nestjs/swagger';
import { CURRENCIES, type Currency } from '../../../common/money.js';

/** An amount in one currency: its minor units (yen for JPY) and the currency. */
export class CurrencyAmountDto {
  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', example: 'EUR' }) currency: Currency;
  @ApiProperty({ type: 'integer', description: "In the currency's minor units" }) cents: number;
}

/** One customer in the list: everything their orders say about them, one row per e-mail address. */
export class AdminCustomerRowDto {
  @ApiProperty({ description: 'The e-mail address, canonical (the record id of the back office)' })
  id: string;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ description: 'The name on their latest order' }) name: string;
  @ApiProperty({ type: 'integer', description: 'Every order, paid or not' }) orders: number;
  @ApiProperty({ type: 'integer', description: 'Orders whose payment was received (refunded ones too)' })
  paidOrders: number;
  @ApiProperty({
    type: 'integer',
    description:
      "The totals of the paid orders in the store's default currency (USD), before refunds: the figure the " +
      'list sorts by. Orders in other currencies are counted in `spent`, never added in here.',
  })
  spentCents: number;
  @ApiProperty({
    type: [CurrencyAmountDto],
    description:
      'The totals of the paid orders per currency, before refunds, in the order the reports list ' +
      'currencies (USD, EUR, GBP, INR, CAD, AUD, JPY, SGD, AED); a currency with no paid order is left out',
  })
  spent: CurrencyAmountDto[];
  @ApiProperty() firstOrderAt: Date;
  @ApiProperty() lastOrderAt: Date;
}

export class AdminCustomerOrderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() createdAt: Date;
  @ApiProperty() status: string;
  @ApiProperty() paymentStatus: string;
  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', description: 'The currency the order was sold in' })
  currency: Currency;
  @ApiProperty({ type: 'integer', description: "In the order currency's minor units" }) totalCents: number;
  @ApiProperty({ type: Date, nullable: true }) paidAt: Date | null;
  @ApiProperty() awaitingKeys: boolean;
}

export class AdminCustomerKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty() productId: string;
  @ApiProperty({ description: 'In full for admins (audited as license-keys.reveal), masked for support' })
  licenseKey: string;
  @ApiProperty() status: string;
  @ApiProperty({ type: 'integer' }) activationCount: number;
  @ApiProperty({ type: 'integer' }) activationLimit: number;
}

export class AdminCustomerDownloadDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty() productId: string;
  @ApiProperty() fileName: string;
  @ApiProperty() platform: string;
  @ApiProperty({ type: 'integer' }) downloadCount: number;
  @ApiProperty({ type: 'integer' }) maxDownloads: number;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ type: Date, nullable: true }) expiresAt: Date | null;
  @ApiProperty({ type: Date, nullable: true }) lastDownloadedAt: Date | null;
}

export class AdminCustomerActivationDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ format: 'uuid' }) licenseKeyId: string;
  @ApiProperty() instanceId: string;
  @ApiProperty() createdAt: Date;
}

/** An e-mail sent (or to be sent) to the customer: what and when, never its body (it may hold keys). */
export class AdminCustomerEmailDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'order-delivery' }) kind: string;
  @ApiProperty() subject: string;
  @ApiProperty() status: string;
  @ApiProperty({ type: String, nullable: true }) orderId: string | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true }) sentAt: Date | null;
}

export class AdminCustomerMessageDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() subject: string;
  @ApiProperty() status: string;
  @ApiProperty() createdAt: Date;
}

export class AdminCustomerKeyReportDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ format: 'uuid' }) licenseKeyId: string;
  @ApiProperty() status: string;
  @ApiProperty() createdAt: Date;
}

export class AdminCustomerRefundDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ enum: CURRENCIES, enumName: 'Currency', description: "The order's currency" })
  currency: Currency;
  @ApiProperty({ type: 'integer', description: "In the currency's minor units" }) amountCents: number;
  @ApiProperty() status: string;
  @ApiProperty() createdAt: Date;
}

/**
 * Everything of one customer (GET /api/admin/customers/:email), each list newest first and bounded: the
 * latest CUSTOMER_ORDERS_LIMIT orders and what belongs to them, the latest e-mails and messages.
 */
export class AdminCustomerDto extends AdminCustomerRowDto {
  @ApiProperty({ type: [AdminCustomerOrderDto] }) orderList: AdminCustomerOrderDto[];
  @ApiProperty({ type: [AdminCustomerKeyDto] }) licenseKeys: AdminCustomerKeyDto[];
  @ApiProperty({ type: [AdminCustomerDownloadDto] }) downloads: AdminCustomerDownloadDto[];
  @ApiProperty({ type: [AdminCustomerActivationDto] }) activations: AdminCustomerActivationDto[];
  @ApiProperty({ type: [AdminCustomerEmailDto] }) emails: AdminCustomerEmailDto[];
  @ApiProperty({ type: [AdminCustomerMessageDto] }) messages: AdminCustomerMessageDto[];
  @ApiProperty({ type: [AdminCustomerKeyReportDto] }) keyReports: AdminCustomerKeyReportDto[];
  @ApiProperty({ type: [AdminCustomerRefundDto] }) refunds: AdminCustomerRefundDto[];
}

export class AccessLinkSentDto {
  @ApiProperty({ example: true }) queued: true;
  @ApiProperty({ type: 'integer', description: 'The outbox message' }) emailId: number;
}
