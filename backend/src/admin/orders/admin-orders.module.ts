import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { FulfilmentModule } from '../../fulfilment/fulfilment.module.js';
import { LicenseKeysModule } from '../../license-keys/license-keys.module.js';
import { PaymentsModule } from '../../payments/payments.module.js';
import { InvoicesModule } from '../../tax/invoices/invoices.module.js';
import { AdminOrdersController } from './admin-orders.controller.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { OrderBulkActionsController } from './order-bulk-actions.controller.js';
import { OrderBulkActionsService } from './order-bulk-actions.service.js';
import { AdminRefundsController } from './admin-refunds.controller.js';
import { AdminRefundsService } from './admin-refunds.service.js';
import { OrderTimelineController } from './order-timeline.controller.js';
import { OrderTimelineService } from './order-timeline.service.js';

@Module({
  imports: [AuditModule, FulfilmentModule, LicenseKeysModule, PaymentsModule, InvoicesModule],
  controllers: [
    OrderBulkActionsController,
    AdminOrdersController,
    OrderTimelineController,
    AdminRefundsController,
  ],
  providers: [AdminOrdersService, OrderTimelineService, OrderBulkActionsService, AdminRefundsService],
  // The review queue shows each held order's timeline.
  exports: [OrderTimelineService],
})
export class AdminOrdersModule {}
