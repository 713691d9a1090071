import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { AuditController } from './audit.controller.js';

/** The back office's audit trail: `/api/admin/audit`, administrators only. */
@Module({ imports: [AuditModule], controllers: [AuditController] })
export class AdminAuditModule {}
