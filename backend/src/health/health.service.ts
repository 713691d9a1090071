import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { Backfills } from '../backfills/backfills.service.js';
import { missingMigrations } from '../database/migrate.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { circuitOf, rateLimitsNow } from '../redis/redis-circuit.js';
import { REDIS } from '../redis/redis.module.js';
import type { HealthDto, ReadyDto, RedisState } from './dto/health.dto.js';
import { Lifecycle } from './lifecycle.js';

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

const UNREACHABLE = 'The database is not reachable';

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: Lifecycle,
    private readonly backfills: Backfills,
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
    if (!database) throw new ServiceUnavailableException(UNREACHABLE);
    return { status: 'ok', redis, rateLimits: rateLimitsNow(this.config, this.redis) };
  }

  /**
   * Ready for traffic: not shutting down, the database answers, and it has run every migration of this
   * build. 503 naming the first that fails. Backfills still running do not count: the store serves
   * meanwhile. Redis does not either (see check()).
   */
  async ready(): Promise<ReadyDto> {
    const why = this.lifecycle.notReady();
    if (why) throw new ServiceUnavailableException(why);
    const missing = await within(HEALTH_TIMEOUT_MS, missingMigrations(this.db)).catch(() => {
      throw new ServiceUnavailableException(UNREACHABLE);
    });
    if (missing.length)
      throw new ServiceUnavailableException(
        `The database has not run ${missing.length} of this version's migrations ` +
          `(${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): run npm run migrate`,
      );
    const backfills = await within(HEALTH_TIMEOUT_MS, this.backfills.pending()).catch(() => []);
    return { status: 'ready', backfills };
  }

  /** PING: its answer, or its failure, is also what the rate limits' circuit learns (circuitOf). */
  private async redisState(): Promise<RedisState> {
    if (!this.redis) return 'off';
    const circuit = circuitOf(this.redis);
    try {
      if ((await within(REDIS_HEALTH_TIMEOUT_MS, this.redis.ping())) === 'PONG') {
        circuit.answered();
        return 'up';
      }
    } catch {
      // down
    }
    circuit.failed();
    return 'down';
  }
}
