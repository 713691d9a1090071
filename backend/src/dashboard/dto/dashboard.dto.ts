import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, type OrderStatus } from '../../orders/entities/order.entity.js';

export class DashboardRecentOrderDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'jane@example.com' })
  customerEmail: string;

  @ApiProperty({ example: 40.49, description: 'Order total in dollars' })
  totalAmount: number;

  @ApiProperty({ enum: ORDER_STATUSES })
  status: OrderStatus;

  @ApiProperty()
  createdAt: Date;
}

export class DashboardStockDto {
  @ApiProperty({ example: 'office-2024-standard' })
  productId: string;

  @ApiProperty({ example: 'Office 2024 Standard' })
  title: string;

  @ApiProperty({ example: 25, description: 'Unassigned, active keys in the inventory' })
  available: number;
}

/** The back office's dashboard (spec section 3, "Dashboard stats", plus fulfilment and stock figures). */
export class DashboardStatsDto {
  @ApiProperty({ example: 1234 })
  totalOrders: number;

  @ApiProperty({ example: 48210.37, description: 'Dollars: the totals of orders whose payment is completed' })
  totalRevenue: number;

  @ApiProperty({ example: 1100, description: 'Keys with status active that are assigned to an order' })
  activeLicenses: number;

  @ApiProperty({ example: 2300, description: 'Sum of every download link’s download count' })
  totalDownloads: number;

  @ApiProperty({ example: 1000, description: 'Orders whose payment is completed' })
  completedOrders: number;

  @ApiProperty({ example: 120, description: 'Orders whose payment is pending' })
  pendingOrders: number;

  @ApiProperty({ type: [DashboardRecentOrderDto], description: 'The 5 newest orders' })
  recentOrders: DashboardRecentOrderDto[];

  @ApiProperty({ example: 0, description: 'Paid orders still waiting for keys (inventory was short)' })
  awaitingKeysOrders: number;

  @ApiProperty({ type: [DashboardStockDto], description: 'Every catalogue product, also when 0' })
  stock: DashboardStockDto[];

  @ApiProperty({ description: 'When these figures were computed (they may be up to 5 seconds old)' })
  generatedAt: Date;
}
