import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { JobLeasesModule } from '../../job-leases/job-leases.module.js';
import { PaymentsModule } from '../payments.module.js';
import { AdminDisputesController } from './admin-disputes.controller.js';
import { DisputeEvidenceService } from './dispute-evidence.service.js';
import { UnansweredRefundsSweeper } from './unanswered-refunds.sweeper.js';

/**
 * The back office's side of disputes (evidence, restoring keys) and the catch-up of refunds the store
 * decided on itself. DisputesService, applied from the payment webhooks, is provided by PaymentsModule.
 */
@Module({
  imports: [AuditModule, JobLeasesModule, PaymentsModule],
  controllers: [AdminDisputesController],
  providers: [DisputeEvidenceService, UnansweredRefundsSweeper],
})
export class DisputesModule {}
