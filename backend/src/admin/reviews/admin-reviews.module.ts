import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { EmailsModule } from '../../emails/emails.module.js';
import { FulfilmentModule } from '../../fulfilment/fulfilment.module.js';
import { PaymentsModule } from '../../payments/payments.module.js';
import { InvoicesModule } from '../../tax/invoices/invoices.module.js';
import { AdminReviewsController } from './admin-reviews.controller.js';
import { AdminReviewsService } from './admin-reviews.service.js';

@Module({
  imports: [AuditModule, EmailsModule, FulfilmentModule, PaymentsModule, InvoicesModule],
  controllers: [AdminReviewsController],
  providers: [AdminReviewsService],
})
export class AdminReviewsModule {}
