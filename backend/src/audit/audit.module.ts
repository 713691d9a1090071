import { Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/** The audit trail's writer, for every module that records back-office changes (read at admin/audit). */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
