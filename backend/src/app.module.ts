import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AccountModule } from './account/account.module.js';
import { AdminAuditModule } from './admin/audit/admin-audit.module.js';
import { AdminCustomersModule } from './admin/customers/admin-customers.module.js';
import { AdminStaffModule } from './admin/staff/admin-staff.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CatalogContentModule } from './catalog/catalog-content.module.js';
import type { CatalogContent } from './catalog/catalog.data.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AdminMessagesModule } from './admin/messages/admin-messages.module.js';
import { AdminKeyReportsModule } from './admin/key-reports/admin-key-reports.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { AdminCouponsModule } from './admin/coupons/admin-coupons.module.js';
import { AdminProductsModule } from './admin/products/admin-products.module.js';
import { CouponsModule } from './coupons/coupons.module.js';
import { DashboardModule } from './admin/dashboard/dashboard.module.js';
import { DatabaseModule } from './database/database.module.js';
import { SeedModule } from './seed/seed.module.js';
import { AdminDownloadsModule } from './admin/downloads/admin-downloads.module.js';
import { DownloadsModule } from './downloads/downloads.module.js';
import { FulfilmentModule } from './fulfilment/fulfilment.module.js';
import { HealthModule } from './health/health.module.js';
import { Lifecycle } from './health/lifecycle.js';
import { LifecycleModule } from './health/lifecycle.module.js';
import { AdminLicenseKeysModule } from './admin/license-keys/admin-license-keys.module.js';
import { AdminSuppliersModule } from './admin/suppliers/admin-suppliers.module.js';
import { LicenseKeysModule } from './license-keys/license-keys.module.js';
import { AdminEmailsModule } from './admin/emails/admin-emails.module.js';
import { EmailsModule } from './emails/emails.module.js';
import { AdminOrdersModule } from './admin/orders/admin-orders.module.js';
import { DisputesModule } from './payments/disputes/disputes.module.js';
import { AdminReviewsModule } from './admin/reviews/admin-reviews.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { REDIS, RedisModule } from './redis/redis.module.js';
import { RedisThrottlerStorage } from './redis/redis-throttler-storage.js';
import { SCHEMA } from './schema/entities.js';
import { TaxReturnsModule } from './tax/returns/tax-returns.module.js';
import { ReportsModule } from './reports/reports.module.js';

@Module({})
export class AppModule {
  /**
   * `catalog`: what the seed writes, this build's catalogue unless given (tests); `lifecycle`: the
   * process's (main.ts's early port reads it while the app starts), a new one unless given.
   */
  static forRoot(config: AppConfig, catalog?: CatalogContent, lifecycle = new Lifecycle()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LifecycleModule.forRoot(lifecycle),
        CatalogContentModule.forRoot(catalog),
        DatabaseModule.forRoot(SCHEMA, (step) => lifecycle.starting(step)),
        RedisModule,
        // Throttling is applied per route (login, and later the public forms), never globally. With
        // REDIS_URL the counters are shared by every process (unless RATE_LIMITS=per-process); otherwise
        // each process counts its own.
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis | null) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
            errorMessage: 'Too many attempts. Please wait a minute and try again.',
            storage:
              redis && config.redis && config.rateLimits === 'shared'
                ? new RedisThrottlerStorage(redis, config.redis.keyPrefix)
                : undefined,
          }),
        }),
        AuthModule,
        CatalogModule,
        CouponsModule,
        AdminCouponsModule,
        AdminProductsModule,
        CheckoutModule,
        PaymentsModule,
        FulfilmentModule,
        AccountModule,
        LicenseKeysModule,
        AdminLicenseKeysModule,
        AdminSuppliersModule,
        DownloadsModule,
        AdminDownloadsModule,
        AdminOrdersModule,
        DisputesModule,
        AdminReviewsModule,
        AdminStaffModule,
        DashboardModule,
        AdminAuditModule,
        AdminCustomersModule,
        EmailsModule,
        AdminEmailsModule,
        MessagesModule,
        AdminMessagesModule,
        AdminKeyReportsModule,
        TaxReturnsModule,
        ReportsModule,
        HealthModule,
        SeedModule,
      ],
    };
  }
}
