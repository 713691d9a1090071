import { Module } from '@nestjs/common';
import { BackfillsModule } from '../backfills/backfills.module.js';
import { ReportsController } from './reports.controller.js';
import { SalesDaysBackfill } from './sales-days-backfill.js';
import { SalesReportService } from './sales-report.service.js';
import { SalesRollupService } from './sales-rollup.service.js';

/**
 * The sales report and margins (`/api/admin/reports/*`), the roll-up service that the payment, refund
 * and delivery transactions keep it with (exported to them), and the roll-up's backfill for a store
 * upgrading to it.
 */
@Module({
  imports: [BackfillsModule],
  controllers: [ReportsController],
  providers: [SalesReportService, SalesRollupService, SalesDaysBackfill],
  exports: [SalesRollupService],
})
export class ReportsModule {}
