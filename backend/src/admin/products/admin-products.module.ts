import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module.js';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { StockModule } from '../../stock/stock.module.js';
import { AdminProductsController } from './admin-products.controller.js';
import { AdminProductsService } from './admin-products.service.js';

/** The back office's products (their stock and low-stock levels): `/api/admin/products`. */
@Module({
  imports: [AuditModule, CatalogModule, StockModule],
  controllers: [AdminProductsController],
  providers: [AdminProductsService],
})
export class AdminProductsModule {}
