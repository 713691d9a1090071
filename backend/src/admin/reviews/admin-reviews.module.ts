import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { EmailsModule } from '../../emails/emails.module.js';
import { FulfilmentModule } from '../../fulfilment/fulfilment.module.js';
import { PaymentsModule } from '../../payments/payments.module.js';
import { InvoicesModule } from '../../tax/invoices/invoices.module.js';
import { AdminOrdersModule } from '../orders/admin-orders.module.js';
import { AdminReviewsController } from './admin-reviews.controller.js';
import { AdminReviewsService } from './admin-reviews.service.js';
import { ReviewQueueController } from './review-queue.controller.js';
import { ReviewQueueService } from './review-queue.service.js';

@Module({
  imports: [AdminOrdersModule, AuditModule, EmailsModule, FulfilmentModule, PaymentsModule, InvoicesModule],
  controllers: [AdminReviewsController, ReviewQueueController],
  providers: [AdminReviewsService, ReviewQueueService],
})
export class AdminReviewsModule {}
