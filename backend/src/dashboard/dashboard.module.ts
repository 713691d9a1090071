import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LicensesModule } from '../licenses/licenses.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/** `GET /api/admin/dashboard`: the back office's figures. */
@Module({
  imports: [CatalogModule, LicensesModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
