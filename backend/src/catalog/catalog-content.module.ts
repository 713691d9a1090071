import { Global, Module, type DynamicModule } from '@nestjs/common';
import { STORE_CATALOG, type CatalogContent } from './catalog.data.js';

/** The catalogue the seed writes (CatalogContent), for injection. */
export const CATALOG_CONTENT = Symbol('CATALOG_CONTENT');

/** Provides CATALOG_CONTENT everywhere: this build's catalogue, or the one the app was created with. */
@Global()
@Module({})
export class CatalogContentModule {
  static forRoot(content: CatalogContent = STORE_CATALOG): DynamicModule {
    return {
      module: CatalogContentModule,
      providers: [{ provide: CATALOG_CONTENT, useValue: content }],
      exports: [CATALOG_CONTENT],
    };
  }
}
