import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../orders/order-process.js';
import type { OrderPaymentState } from '../payments.service.js';

/** The demo provider's confirmation: where the order stands after it. */
export class PaymentStateDto implements OrderPaymentState {
  @ApiProperty({ format: 'uuid' })
  orderId: string;

  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus', example: 'fulfilled' })
  status: string;

  @ApiProperty({ enum: PAYMENT_STATUSES, enumName: 'PaymentStatus', example: 'completed' })
  paymentStatus: string;
}

/** A webhook's answer once its event is applied (or was already). */
export class WebhookReceivedDto {
  @ApiProperty({ enum: [true] })
  received: true;
}
