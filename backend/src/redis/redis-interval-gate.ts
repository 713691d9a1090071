import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MemoryIntervalGate, type IntervalGate } from '../common/interval-gate.js';
import { RedisFallback } from './redis-fallback.js';

/**
 * The gate shared by every process (REDIS_URL): one key per gate key that expires after the interval,
 * set only if absent (SET NX PX). While Redis fails, each process keeps its own gate.
 */
export class RedisIntervalGate implements IntervalGate {
  private readonly memory = new MemoryIntervalGate();
  private readonly fallback = new RedisFallback(
    new Logger(RedisIntervalGate.name),
    'keeping each process its own once-per-interval gates',
  );

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  pass(key: string, intervalMs: number): Promise<boolean> {
    return this.fallback.run(
      async () =>
        (await this.redis.set(`${this.keyPrefix}gate:${key}`, '1', 'PX', Math.ceil(intervalMs), 'NX')) ===
        'OK',
      () => this.memory.pass(key, intervalMs),
    );
  }
}
