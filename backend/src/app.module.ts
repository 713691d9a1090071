import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { SeedModule } from './database/seed.module.js';
import { HealthModule } from './health/health.module.js';
import { LicensesModule } from './licenses/licenses.module.js';
import { OrdersModule } from './orders/orders.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        // Throttling is applied per route (login, and later the public forms), never globally.
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
          errorMessage: 'Too many attempts. Please wait a minute and try again.',
        }),
        AuthModule,
        CatalogModule,
        LicensesModule,
        OrdersModule,
        HealthModule,
        SeedModule,
      ],
    };
  }
}
