import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AccountModule } from './account/account.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AdminUsersModule } from './auth/admin-users.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CatalogContentModule } from './catalog/catalog-content.module.js';
import type { CatalogContent } from './catalog/catalog.data.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AdminMessagesModule } from './contact/admin-messages.module.js';
import { ContactModule } from './contact/contact.module.js';
import { AdminCouponsModule } from './coupons/admin-coupons.module.js';
import { CouponsModule } from './coupons/coupons.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DatabaseModule } from './database/database.module.js';
import { SeedModule } from './database/seed.module.js';
import { AdminDownloadsModule } from './downloads/admin-downloads.module.js';
import { DownloadsModule } from './downloads/downloads.module.js';
import { FulfilmentModule } from './fulfilment/fulfilment.module.js';
import { HealthModule } from './health/health.module.js';
import { AdminLicenseKeysModule } from './licenses/admin-license-keys.module.js';
import { LicensesModule } from './licenses/licenses.module.js';
import { AdminEmailsModule } from './mail/admin-emails.module.js';
import { MailModule } from './mail/mail.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { REDIS, RedisModule } from './redis/redis.module.js';
import { RedisThrottlerStorage } from './redis/redis-throttler-storage.js';

@Module({})
export class AppModule {
  /** `catalog`: what the seed writes, this build's catalogue unless given (tests). */
  static forRoot(config: AppConfig, catalog?: CatalogContent): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CatalogContentModule.forRoot(catalog),
        DatabaseModule,
        RedisModule,
        // Throttling is applied per route (login, and later the public forms), never globally. With
        // REDIS_URL the counters are shared by every process; otherwise each process counts its own.
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis | null) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
            errorMessage: 'Too many attempts. Please wait a minute and try again.',
            storage:
              redis && config.redis ? new RedisThrottlerStorage(redis, config.redis.keyPrefix) : undefined,
          }),
        }),
        AuthModule,
        CatalogModule,
        CouponsModule,
        AdminCouponsModule,
        CheckoutModule,
        PaymentsModule,
        FulfilmentModule,
        AccountModule,
        LicensesModule,
        AdminLicenseKeysModule,
        DownloadsModule,
        AdminDownloadsModule,
        OrdersModule,
        AdminUsersModule,
        DashboardModule,
        AuditModule,
        MailModule,
        AdminEmailsModule,
        ContactModule,
        AdminMessagesModule,
        HealthModule,
        SeedModule,
      ],
    };
  }
}
