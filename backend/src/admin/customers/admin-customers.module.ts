import { Module } from '@nestjs/common';
import { AccountModule } from '../../account/account.module.js';
import { AuditModule } from '../../audit/audit.module.js';
import { LicenseKeysModule } from '../../license-keys/license-keys.module.js';
import { AdminCustomersController } from './admin-customers.controller.js';
import { AdminCustomersService } from './admin-customers.service.js';

/** The back office's customer view: `/api/admin/customers` (admin and support). */
@Module({
  imports: [AccountModule, AuditModule, LicenseKeysModule],
  controllers: [AdminCustomersController],
  providers: [AdminCustomersService],
})
export class AdminCustomersModule {}
