import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type Stripe from 'stripe';
import { MemoryIntervalGate, type IntervalGate } from '../common/interval-gate.js';
import { activeStripe, APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FulfilmentModule } from '../fulfilment/fulfilment.module.js';
import { EmailsModule } from '../emails/emails.module.js';
import { ClientSecrets } from './client-secrets.js';
import { PaymentEvent } from './entities/payment-event.entity.js';
import {
  DemoPaymentProvider,
  PAYMENT_PROVIDER,
  StripePaymentProvider,
  type PaymentProvider,
} from './payment-provider.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService, STRIPE_SYNC_GATE } from './payments.service.js';
import { createStripeClient, STRIPE } from './stripe.client.js';
import { REDIS } from '../redis/redis.module.js';
import { RedisIntervalGate } from '../redis/redis-interval-gate.js';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentEvent]), FulfilmentModule, EmailsModule],
  controllers: [PaymentsController],
  providers: [
    ClientSecrets,
    PaymentsService,
    {
      // Status polls reach Stripe once per order and interval: per process, or for all with REDIS_URL.
      provide: STRIPE_SYNC_GATE,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null): IntervalGate =>
        redis && config.redis
          ? new RedisIntervalGate(redis, config.redis.keyPrefix)
          : new MemoryIntervalGate(),
    },
    {
      provide: STRIPE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Stripe | null =>
        config.payments.stripe ? createStripeClient(config.payments.stripe) : null,
    },
    {
      // The demo provider when it is on (no Stripe keys, or PAYMENTS_DEMO), otherwise Stripe.
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, STRIPE],
      useFactory: (config: AppConfig, stripe: Stripe | null): PaymentProvider => {
        const settings = activeStripe(config);
        return settings && stripe
          ? new StripePaymentProvider(stripe, settings.publishableKey)
          : new DemoPaymentProvider();
      },
    },
  ],
  exports: [ClientSecrets, PAYMENT_PROVIDER, PaymentsService],
})
export class PaymentsModule {}
