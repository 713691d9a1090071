import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller.js';
import { SalesReportService } from './sales-report.service.js';
import { SalesRollupService } from './sales-rollup.service.js';

/**
 * The sales report and margins (`/api/admin/reports/*`), and the roll-up service that the payment, refund
 * and delivery transactions keep it with (exported to them).
 */
@Module({
  controllers: [ReportsController],
  providers: [SalesReportService, SalesRollupService],
  exports: [SalesRollupService],
})
export class ReportsModule {}
