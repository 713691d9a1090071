import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { MemoryIntervalGate, type IntervalGate } from '../common/interval-gate.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FulfilmentModule } from '../fulfilment/fulfilment.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { JobLeasesModule } from '../job-leases/job-leases.module.js';
import { BankTransferExpiry } from './bank-transfer-expiry.js';
import { ClientSecrets } from './client-secrets.js';
import { PaymentEvent } from './entities/payment-event.entity.js';
import { Refund } from './entities/refund.entity.js';
import { RefundsService } from './refunds.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService, PAYMENT_SYNC_GATE } from './payments.service.js';
import { REDIS } from '../redis/redis.module.js';
import { RedisIntervalGate } from '../redis/redis-interval-gate.js';
import { DisputesService } from './disputes/disputes.service.js';
import { HoldRulesService } from './reviews/hold-rules.service.js';
import { ProviderReviews } from './reviews/provider-reviews.js';
import { InvoicesModule } from '../tax/invoices/invoices.module.js';
import { ReportsModule } from '../reports/reports.module.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([PaymentEvent, Refund]),
    AuditModule,
    JobLeasesModule,
    FulfilmentModule,
    EmailsModule,
    InvoicesModule,
    ReportsModule,
  ],
  controllers: [PaymentsController],
  providers: [
    ClientSecrets,
    PaymentsService,
    BankTransferExpiry,
    RefundsService,
    // Applied from the webhooks in their transaction (disputes/); its admin routes are DisputesModule's.
    DisputesService,
    HoldRulesService,
    ProviderReviews,
    {
      // Status polls reach the provider once per order and interval: per process, or for all with REDIS_URL.
      provide: PAYMENT_SYNC_GATE,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null): IntervalGate =>
        redis && config.redis
          ? new RedisIntervalGate(redis, config.redis.keyPrefix)
          : new MemoryIntervalGate(),
    },
    {
      // Every provider with settings here; checkouts pay with the one the settings choose.
      provide: PaymentProviders,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => PaymentProviders.fromSettings(config),
    },
  ],
  exports: [
    BankTransferExpiry,
    ClientSecrets,
    PaymentProviders,
    PaymentsService,
    RefundsService,
    DisputesService,
  ],
})
export class PaymentsModule {}
