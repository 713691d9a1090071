import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { APP_CONFIG, type AppConfig } from './app-config.js';
import { StoreConfigController } from './store-config.controller.js';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      // The store-config's currencies are the price lists'.
      imports: [CatalogModule],
      controllers: [StoreConfigController],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
