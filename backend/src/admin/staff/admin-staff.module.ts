import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { AuthModule } from '../../auth/auth.module.js';
import { EmailsModule } from '../../emails/emails.module.js';
import { AdminStaffController } from './admin-staff.controller.js';
import { AdminStaffService } from './admin-staff.service.js';

/** Staff account management (`/api/admin/staff`), administrators only. */
@Module({
  imports: [AuditModule, AuthModule, EmailsModule],
  controllers: [AdminStaffController],
  providers: [AdminStaffService],
})
export class AdminStaffModule {}
