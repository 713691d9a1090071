import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { circuitOf } from './redis-circuit.js';
import { RedisFallback } from './redis-fallback.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One request counted for @nestjs/throttler, atomically, with the semantics of its memory storage: a
 * sliding window (a sorted set of the hits of the last `ttl` ms, scored by Redis's clock so processes'
 * clocks do not matter); the hit that goes over `limit` blocks the key for `block` ms and forgets the
 * window, so counting starts afresh when the block ends. Both keys expire, so nothing outlives its use.
 * KEYS: hits, block. ARGV: ttl ms, limit, block ms, a unique member. Answers hits, ms until the oldest
 * hit leaves the window, blocked (0/1), ms until the block (or, without one, the window) lets one through.
 */
const INCREMENT = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return {limit + 1, blocked, 1, blocked} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
local hits = redis.call('ZCARD', KEYS[1])
if hits >= limit then
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    redis.call('DEL', KEYS[1])
    return {hits + 1, block, 1, block}
  end
  local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
  return {hits + 1, oldest + ttl - now, 1, oldest + ttl - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ttl)
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
return {hits + 1, oldest + ttl - now, 0, 0}
`;

type Increment = (
  hits: string,
  block: string,
  ttl: number,
  limit: number,
  blockMs: number,
  member: string,
) => Promise<[number, number, number, number]>;

/** @nestjs/throttler's counters in Redis (REDIS_URL), shared by every process of the store. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly memory = new ThrottlerStorageService();
  private readonly fallback: RedisFallback;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    this.fallback = new RedisFallback(
      new Logger(RedisThrottlerStorage.name),
      undefined,
      undefined,
      circuitOf(redis),
    );
    if (!('throttlerIncrement' in redis))
      redis.defineCommand('throttlerIncrement', { numberOfKeys: 2, lua: INCREMENT });
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return this.fallback.run(
      async () => {
        // The braces keep both keys in one slot, should the Redis ever be a cluster.
        const base = `${this.keyPrefix}throttle:{${throttlerName}:${key}}`;
        const increment = (this.redis as unknown as { throttlerIncrement: Increment }).throttlerIncrement;
        const [totalHits, expireMs, blocked, blockMs] = await increment.call(
          this.redis,
          `${base}:hits`,
          `${base}:block`,
          ttl,
          limit,
          blockDuration,
          randomUUID(),
        );
        // In seconds, as the memory storage answers (Retry-After and X-RateLimit-Reset).
        return {
          totalHits,
          timeToExpire: Math.ceil(expireMs / 1000),
          isBlocked: blocked === 1,
          timeToBlockExpire: blocked === 1 ? Math.ceil(blockMs / 1000) : 0,
        };
      },
      () => this.memory.increment(key, ttl, limit, blockDuration, throttlerName),
    );
  }

  /** Stops the memory fallback's sweep timer (Nest calls it: the throttler module provides this object). */
  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
  }
}
