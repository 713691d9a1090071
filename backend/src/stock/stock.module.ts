import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { StockService } from './stock.service.js';

/** Stock levels per product and the staff alerts of low stock and of orders waiting for keys. */
@Module({
  imports: [CatalogModule, EmailsModule],
  providers: [StockService],
  exports: [StockService],
})
export class StockModule {}
