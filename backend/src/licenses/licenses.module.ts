import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LicenseActivation } from './entities/license-activation.entity.js';
import { LicenseKey } from './entities/license-key.entity.js';
import { InventoryService } from './inventory.service.js';
import { LicenseKeyCipher } from './license-key-cipher.js';
import { LicensesController } from './licenses.controller.js';
import { LicensesService } from './licenses.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LicenseKey, LicenseActivation]), CatalogModule],
  controllers: [LicensesController],
  providers: [LicenseKeyCipher, LicensesService, InventoryService],
  exports: [LicenseKeyCipher, LicensesService, InventoryService],
})
export class LicensesModule {}
