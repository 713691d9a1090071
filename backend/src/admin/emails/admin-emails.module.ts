import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { AdminEmailsService } from './admin-emails.service.js';
import { EmailsModule } from '../../emails/emails.module.js';

/** The back office's view of the mail outbox, with resend: `/api/admin/emails`. */
@Module({
  imports: [AuditModule, EmailsModule],
  controllers: [AdminEmailsController],
  providers: [AdminEmailsService],
})
export class AdminEmailsModule {}
