import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module.js';
import type { HealthDto, RedisState } from './dto/health.dto.js';

/** A database that has not answered `SELECT 1` within this time counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 3_000;
/** A Redis that has not answered PING within this time counts as down. */
export const REDIS_HEALTH_TIMEOUT_MS = 1_000;

/** Rejects when `work` has not settled within `ms` (a server that hangs must not hang the check too). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  /** Healthy once the database answers; Redis is reported, never required. 503 without the database. */
  async check(): Promise<HealthDto> {
    const [database, redis] = await Promise.all([
      within(HEALTH_TIMEOUT_MS, this.db.query('SELECT 1')).then(
        () => true,
        () => false,
      ),
      this.redisState(),
    ]);
    if (!database) throw new ServiceUnavailableException('The database is not reachable');
    return { status: 'ok', redis };
  }

  private async redisState(): Promise<RedisState> {
    if (!this.redis) return 'off';
    try {
      return (await within(REDIS_HEALTH_TIMEOUT_MS, this.redis.ping())) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
