import { ApiProperty } from '@nestjs/swagger';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  VAT_NUMBER_STATUSES,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type RefundReason,
  type VatNumberStatus,
} from '../../../orders/entities/order.entity.js';

/** An order's own fields: what the orders list, the order's detail and the dashboard's recent orders share. */
export class AdminOrderRowDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Jane Doe' })
  customerName: string;

  @ApiProperty({ example: 'jane@example.com' })
  customerEmail: string;

  @ApiProperty({ example: 4049, description: 'Order total in cents' })
  totalCents: number;

  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' })
  status: OrderStatus;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus' })
  paymentStatus: PaymentStatus;

  @ApiProperty({ example: 'card', nullable: true, type: String })
  paymentMethod: string | null;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  awaitingKeys: boolean;

  @ApiProperty({
    enum: REFUND_REASONS,
    enumName: 'RefundReason',
    nullable: true,
    description: 'Set while the order was paid but not delivered and owes the shopper a full refund',
  })
  refundDue: RefundReason | null;

  @ApiProperty({
    type: [String],
    nullable: true,
    example: ['disposable-email', 'first-order-amount'],
    description:
      'The rules that held the order for review (provider-review, elevated-risk, country-mismatch, tax-evidence, ' +
      'velocity-orders, velocity-cards, first-order-amount, disposable-email); kept after the review',
  })
  holdReasons: string[] | null;

  @ApiProperty({ nullable: true, type: Date, description: 'When it was held for review' })
  heldAt: Date | null;

  @ApiProperty({ nullable: true, type: Date, description: 'When the held order was approved or rejected' })
  reviewedAt: Date | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Acme SARL',
    description: "A business buyer's company",
  })
  billingCompany: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'FR40303265045',
    description: 'Its VAT number, normalised, with its country prefix',
  })
  vatNumber: string | null;

  @ApiProperty({
    enum: VAT_NUMBER_STATUSES,
    enumName: 'VatNumberStatus',
    nullable: true,
    description:
      'verified by the validation service (VIES); unverified (no service, no answer, or a UK number): charged ' +
      'the consumer rate. Null without a VAT number',
  })
  vatNumberStatus: VatNumberStatus | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The validation service's consultation number (VIES requestIdentifier), the check's proof",
  })
  vatCheckReference: string | null;

  @ApiProperty({
    type: Date,
    nullable: true,
    description: 'When the validation service confirmed the number',
  })
  vatCheckedAt: Date | null;

  @ApiProperty({ description: 'Reverse-charged: no VAT charged, the buyer accounts for it' })
  reverseCharge: boolean;

  static from(order: Order): AdminOrderRowDto {
    return {
      id: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      totalCents: order.totalCents,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      createdAt: order.createdAt,
      awaitingKeys: order.awaitingKeys,
      refundDue: order.refundDue,
      holdReasons: order.holdReasons ?? null,
      heldAt: order.heldAt ?? null,
      reviewedAt: order.reviewedAt ?? null,
      billingCompany: order.billingCompany ?? null,
      vatNumber: order.vatNumber ?? null,
      vatNumberStatus: order.vatNumberStatus ?? null,
      vatCheckReference: order.vatCheckReference ?? null,
      vatCheckedAt: order.vatCheckedAt ?? null,
      reverseCharge: order.reverseCharge ?? false,
    };
  }
}

/** A row of the back office's orders list: the order and the products it holds. */
export class AdminOrderListRowDto extends AdminOrderRowDto {
  @ApiProperty({
    type: [String],
    example: ['office-2024-standard'],
    description: "The products of the order's lines, in its order (the products a key may be typed in for)",
  })
  productIds: string[];

  static override from(order: Order): AdminOrderListRowDto {
    return { ...AdminOrderRowDto.from(order), productIds: order.orderItems.map((item) => item.productId) };
  }
}
