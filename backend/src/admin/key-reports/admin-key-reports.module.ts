import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { EmailsModule } from '../../emails/emails.module.js';
import { FulfilmentModule } from '../../fulfilment/fulfilment.module.js';
import { KeyReportsModule } from '../../key-reports/key-reports.module.js';
import { AdminKeyReportsController } from './admin-key-reports.controller.js';
import { AdminKeyReportsService } from './admin-key-reports.service.js';

/** The back office's queue of keys customers report as not activating: `/api/admin/key-reports`. */
@Module({
  imports: [AuditModule, EmailsModule, FulfilmentModule, KeyReportsModule],
  controllers: [AdminKeyReportsController],
  providers: [AdminKeyReportsService],
})
export class AdminKeyReportsModule {}
