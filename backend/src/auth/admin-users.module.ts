import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** Staff account management (`/api/admin/users`), administrators only. */
@Module({
  imports: [AuditModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminUsersModule {}
