import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogService } from './catalog.service.js';
import { ProductPrice } from './entities/product-price.entity.js';
import { Product } from './entities/product.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Product, ProductPrice])],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
