import { ApiProperty, PickType } from '@nestjs/swagger';
import { ConversionDto } from '../../../reports/converted-figures.js';
import { CurrencySalesFiguresDto, SalesFiguresDto } from '../../../reports/sales-figures.js';
import { AdminOrderRowDto } from '../../orders/dto/admin-order.dto.js';

/** An order as the dashboard lists it: the order list's row, fewer columns. */
export class DashboardRecentOrderDto extends PickType(AdminOrderRowDto, [
  'id',
  'customerEmail',
  'totalCents',
  'status',
  'refundDue',
  'createdAt',
] as const) {}

/** An order held for review longer than HOLD_ALERT_AFTER_HOURS. */
export class DashboardOverdueReviewDto extends PickType(AdminOrderRowDto, [
  'id',
  'customerEmail',
  'totalCents',
] as const) {
  @ApiProperty({ type: [String], example: ['disposable-email'] })
  holdReasons: string[];

  @ApiProperty()
  heldAt: Date;
}

export class DashboardStockDto {
  @ApiProperty({ example: 'office-2024-standard' })
  productId: string;

  @ApiProperty({ example: 'Office 2024 Standard' })
  title: string;

  @ApiProperty({ example: 25, description: 'Unassigned, active keys in the inventory' })
  available: number;

  @ApiProperty({
    example: 0,
    description: 'Paid orders waiting for keys that still lack keys of this product',
  })
  waitingOrders: number;

  @ApiProperty({
    type: 'number',
    nullable: true,
    example: 12.5,
    description:
      'available ÷ keys delivered per day (the higher rate of the last 14 and 30 days), one decimal, ' +
      'rounded down; null when none was delivered in 30 days',
  })
  daysOfStock: number | null;

  @ApiProperty({
    example: 10,
    description: "The product's low-stock level in force (its own, or LOW_STOCK_THRESHOLD); 0: none",
  })
  lowStockThreshold: number;

  @ApiProperty({
    example: true,
    description: 'Whether the product ever had a key: one never stocked is not marked (nor alerted) as low',
  })
  stocked: boolean;
}

/**
 * The store's sales figures (reports/sales-figures.ts) over all time, converted into USD at each day's ECB
 * rate (`conversion` says how, and whether some lacked a rate), the same per currency, and when they were
 * computed.
 */
export class DashboardSalesDto extends SalesFiguresDto {
  @ApiProperty({
    type: [CurrencySalesFiguresDto],
    description: 'The figures per currency sold in, in its minor units (yen for JPY)',
  })
  byCurrency: CurrencySalesFiguresDto[];

  @ApiProperty({ type: () => ConversionDto, description: 'How the figures above were converted into USD' })
  conversion: ConversionDto;

  @ApiProperty({ description: 'When these figures were computed (the dashboard may be up to a minute old)' })
  asOf: Date;
}

/** The back office's dashboard (spec section 3, "Dashboard stats", plus fulfilment and stock figures). */
export class DashboardStatsDto {
  @ApiProperty({ example: 1234 })
  totalOrders: number;

  @ApiProperty({
    type: () => DashboardSalesDto,
    description: 'All the sales since the store opened, by the sales report’s definition',
  })
  sales: DashboardSalesDto;

  @ApiProperty({
    example: 1100,
    description: 'Keys delivered and working: active, assigned to an order that is not held for review',
  })
  activeLicenses: number;

  @ApiProperty({
    example: 3,
    description: 'Keys reserved for orders held for review (active, assigned, not delivered)',
  })
  reservedLicenses: number;

  @ApiProperty({ example: 2300, description: 'Sum of every download link’s download count' })
  totalDownloads: number;

  @ApiProperty({
    example: 1000,
    description:
      'Orders whose payment is completed or partially refunded (refundsDue among them, until they are refunded)',
  })
  completedOrders: number;

  @ApiProperty({ example: 120, description: 'Orders waiting for their payment (cancelled ones left out)' })
  pendingOrders: number;

  @ApiProperty({ type: [DashboardRecentOrderDto], description: 'The 5 newest orders' })
  recentOrders: DashboardRecentOrderDto[];

  @ApiProperty({ example: 0, description: 'Paid orders still waiting for keys (inventory was short)' })
  awaitingKeysOrders: number;

  @ApiProperty({
    example: 0,
    description:
      'Paid orders not delivered (cancelled meanwhile, or their coupon used up) whose payment staff must refund',
  })
  refundsDue: number;

  @ApiProperty({ example: 2, description: 'Key reports still open (staff replace the key or answer)' })
  openKeyReports: number;

  @ApiProperty({ example: 3, description: 'Contact-form messages not yet answered (status new)' })
  newMessages: number;

  @ApiProperty({
    type: [DashboardOverdueReviewDto],
    description: 'Orders held for review longer than HOLD_ALERT_AFTER_HOURS, oldest first (at most 20)',
  })
  overdueReviews: DashboardOverdueReviewDto[];

  @ApiProperty({ type: [DashboardStockDto], description: 'Every catalogue product, also when 0' })
  stock: DashboardStockDto[];

  @ApiProperty({ description: 'When these figures were computed (they may be up to 5 seconds old)' })
  generatedAt: Date;
}
