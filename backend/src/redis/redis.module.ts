import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Injection token of the shared Redis client, or null without REDIS_URL. */
export const REDIS = Symbol('REDIS');

/**
 * Opens the client. A Redis that does not answer does not stop the server: it starts, each use of Redis
 * falls back to what it does without one (see RedisFallback), and the client keeps reconnecting in the
 * background.
 */
export async function connectRedis(url: string, logger = new Logger('Redis')): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // A command while disconnected fails at once instead of waiting in a queue: a request must not hang
    // on a Redis that is away.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.error(
      `Redis is unreachable (${error.message}): rate limits are counted per process, caches kept per ` +
        'process and job leases taken in the database until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) logger.log('Redis is back: rate limits, caches and job leases are shared again');
    down = false;
  });
  try {
    await redis.connect();
  } catch {
    // Logged by the error handler; ioredis retries on its own.
  }
  return redis;
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redis ? connectRedis(config.redis.url) : null),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    if (redis.status !== 'ready') {
      // Not connected (Redis away): stops reconnecting at once.
      redis.disconnect();
      return;
    }
    // quit() lets the replies of commands already sent arrive; 'end' comes once the socket is closed.
    await Promise.all([
      new Promise((done) => redis.once('end', done)),
      redis.quit().catch(() => redis.disconnect()),
    ]);
  }
}
