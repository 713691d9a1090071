import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { KeyReportsService } from './key-reports.service.js';

/** Customers' reports of licence keys that do not activate (#19 §5); see KeyReportsService. */
@Module({
  imports: [CatalogModule, EmailsModule],
  providers: [KeyReportsService],
  exports: [KeyReportsService],
})
export class KeyReportsModule {}
