import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { KeyBatchesController } from './key-batches.controller.js';
import { KeyBatchesService } from './key-batches.service.js';
import { SuppliersController } from './suppliers.controller.js';
import { SuppliersService } from './suppliers.service.js';

/**
 * Where keys come from (#21 §1): `/api/admin/suppliers` and `/api/admin/key-batches`. Here rather than in
 * `suppliers/` (which holds the entities): these read licence keys, whose entity names its batch.
 */
@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [SuppliersController, KeyBatchesController],
  providers: [SuppliersService, KeyBatchesService],
})
export class AdminSuppliersModule {}
