import { Module } from '@nestjs/common';
import { KeyReportsService } from './key-reports.service.js';

/** Customers' reports of licence keys that do not activate (#19 §5); see KeyReportsService. */
@Module({
  providers: [KeyReportsService],
  exports: [KeyReportsService],
})
export class KeyReportsModule {}
