import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MemoryAttemptStore } from '../auth/attempt-store.js';
import { RedisAttemptStore } from '../auth/redis-attempt-store.js';
import { MemoryIntervalGate } from '../common/interval-gate.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../redis/redis.module.js';
import { RedisIntervalGate } from '../redis/redis-interval-gate.js';
import { AnonymousWriteGuard } from './anonymous-write.guard.js';
import { ChallengeController } from './challenge.controller.js';
import { ANONYMOUS_WRITE_COUNTS, ChallengeService, USED_SOLUTIONS } from './challenge.service.js';

/**
 * The ceilings on anonymous writes and the challenge past them. Counted, and solutions used once, for
 * the whole store with REDIS_URL; without it (or while Redis is away) by each process alone.
 */
@Module({
  controllers: [ChallengeController],
  providers: [
    ChallengeService,
    AnonymousWriteGuard,
    {
      provide: ANONYMOUS_WRITE_COUNTS,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) =>
        redis && config.redis
          ? new RedisAttemptStore(redis, config.redis.keyPrefix, Date.now, 'anonymous-writes')
          : new MemoryAttemptStore(),
    },
    {
      provide: USED_SOLUTIONS,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) =>
        redis && config.redis
          ? new RedisIntervalGate(redis, config.redis.keyPrefix)
          : new MemoryIntervalGate(),
    },
  ],
  exports: [ChallengeService, AnonymousWriteGuard],
})
export class ChallengeModule {}
