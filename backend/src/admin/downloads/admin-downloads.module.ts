import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { AdminDownloadsController } from './admin-downloads.controller.js';
import { AdminDownloadsService } from './admin-downloads.service.js';

/** The back office's download links: `/api/admin/downloads`. */
@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [AdminDownloadsController],
  providers: [AdminDownloadsService],
})
export class AdminDownloadsModule {}
