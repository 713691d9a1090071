import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { CatalogController } from './catalog.controller.js';
import { StockService } from './stock.service.js';
import { StructuredData } from './structured-data.js';

/**
 * Stock levels per product, the public catalogue with them (GET /api/products) and in the storefront pages'
 * schema.org markup, and the staff alerts of low stock and of orders waiting for keys.
 */
@Module({
  imports: [CatalogModule, EmailsModule],
  controllers: [CatalogController],
  providers: [StockService, StructuredData],
  exports: [StockService, StructuredData],
})
export class StockModule {}
