import { ApiProperty } from '@nestjs/swagger';
import { AdminOrderListRowDto } from '../../orders/dto/admin-order.dto.js';
import { TimelineEntryDto } from '../../orders/dto/order-timeline.dto.js';

/** What the store knows of the buyer from the e-mail's other orders, placed before the held one. */
export class CustomerHistoryDto {
  @ApiProperty({ example: 2, description: "The e-mail's paid orders placed before this one" })
  previousOrders: number;

  @ApiProperty({ example: 0, description: 'Refunds that succeeded on those orders' })
  refunds: number;

  @ApiProperty({ example: 0, description: 'Chargebacks (disputes) opened on those orders' })
  disputes: number;

  @ApiProperty({ example: 0, description: "Early fraud warnings the card's bank sent on those orders" })
  fraudWarnings: number;

  @ApiProperty({
    type: Date,
    nullable: true,
    description: "When the e-mail's first paid order was placed (null: this is its first)",
  })
  firstOrderAt: Date | null;
}

/**
 * A row of the review queue: the held order as the orders list gives it (reasons, evidence countries,
 * tax), the buyer's history by e-mail and the order's story, so staff decide without leaving the queue.
 */
export class ReviewQueueRowDto extends AdminOrderListRowDto {
  @ApiProperty({ type: CustomerHistoryDto }) history: CustomerHistoryDto;

  @ApiProperty({
    type: [TimelineEntryDto],
    description: "The order's timeline, oldest first (as GET /api/admin/orders/:id/timeline gives it)",
  })
  timeline: TimelineEntryDto[];

  @ApiProperty({ description: 'Whether older timeline entries were left out (the newest 500 are kept)' })
  timelineTruncated: boolean;
}
