import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LicenseKeysModule } from '../license-keys/license-keys.module.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [CatalogModule, LicenseKeysModule],
  providers: [SeedService],
})
export class SeedModule {}
