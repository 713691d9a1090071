import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackfillsModule } from '../backfills/backfills.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LicenseActivation } from './entities/license-activation.entity.js';
import { LicenseKey } from './entities/license-key.entity.js';
import { InventoryService } from './inventory.service.js';
import { LicenseKeyCipher } from './license-key-cipher.js';
import { LicenseActivationsController } from './license-activations.controller.js';
import { LicenseActivationsService } from './license-activations.service.js';
import { SearchTermsBackfill } from './search-terms-backfill.js';

@Module({
  imports: [TypeOrmModule.forFeature([LicenseKey, LicenseActivation]), CatalogModule, BackfillsModule],
  controllers: [LicenseActivationsController],
  providers: [LicenseKeyCipher, LicenseActivationsService, InventoryService, SearchTermsBackfill],
  exports: [LicenseKeyCipher, LicenseActivationsService, InventoryService],
})
export class LicenseKeysModule {}
