import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { LicensesModule } from '../licenses/licenses.module.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [CatalogModule, LicensesModule],
  providers: [SeedService],
})
export class SeedModule {}
