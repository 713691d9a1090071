import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { AdminCouponsController } from './admin-coupons.controller.js';
import { AdminCouponsService } from './admin-coupons.service.js';

/** The back office's coupons: `/api/admin/coupons`. */
@Module({
  imports: [AuditModule],
  controllers: [AdminCouponsController],
  providers: [AdminCouponsService],
})
export class AdminCouponsModule {}
