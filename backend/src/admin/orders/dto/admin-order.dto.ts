import { ApiProperty } from '@nestjs/swagger';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type RefundReason,
} from '../../../orders/entities/order.entity.js';

/** A row of the back office's orders list. */
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
    };
  }
}
