import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { JobLeasesModule } from '../job-leases/job-leases.module.js';
import { LicenseKeysModule } from '../license-keys/license-keys.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { InvoicesModule } from '../tax/invoices/invoices.module.js';
import { StockModule } from '../stock/stock.module.js';
import { FulfilmentService } from './fulfilment.service.js';
import { ReservationSweeper } from './reservation-sweeper.js';
import { RestockService } from './restock.service.js';
import { ReportsModule } from '../reports/reports.module.js';

@Module({
  imports: [
    CatalogModule,
    CouponsModule,
    JobLeasesModule,
    LicenseKeysModule,
    EmailsModule,
    InvoicesModule,
    StockModule,
    ReportsModule,
  ],
  providers: [FulfilmentService, ReservationSweeper, RestockService],
  exports: [FulfilmentService, RestockService],
})
export class FulfilmentModule {}
