import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CatalogModule } from '../../catalog/catalog.module.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LicenseKeysModule } from '../../license-keys/license-keys.module.js';
import { REDIS } from '../../redis/redis.module.js';
import { RedisSharedValue } from '../../redis/redis-shared-value.js';
import { StockModule } from '../../stock/stock.module.js';
import { DashboardController } from './dashboard.controller.js';
import {
  DASHBOARD_STALE_MS,
  DashboardService,
  reviveDashboardStats,
  SHARED_DASHBOARD,
} from './dashboard.service.js';
import type { DashboardStatsDto } from './dto/dashboard.dto.js';

/** `GET /api/admin/dashboard`: the back office's figures. */
@Module({
  imports: [CatalogModule, LicenseKeysModule, StockModule],
  controllers: [DashboardController],
  providers: [
    DashboardService,
    {
      provide: SHARED_DASHBOARD,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) =>
        redis && config.redis
          ? new RedisSharedValue<DashboardStatsDto>(
              redis,
              `${config.redis.keyPrefix}dashboard:figures`,
              DASHBOARD_STALE_MS,
              reviveDashboardStats,
            )
          : null,
    },
  ],
})
export class DashboardModule {}
