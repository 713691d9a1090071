import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { AdminMessagesController } from './admin-messages.controller.js';
import { AdminMessagesService } from './admin-messages.service.js';

/** The back office's contact inbox: `/api/admin/messages`. */
@Module({
  imports: [AuditModule],
  controllers: [AdminMessagesController],
  providers: [AdminMessagesService],
})
export class AdminMessagesModule {}
