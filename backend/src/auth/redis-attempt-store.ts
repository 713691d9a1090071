import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MemoryAttemptStore, type AttemptCount, type AttemptStore } from './attempt-store.js';
import { circuitOf } from '../redis/redis-circuit.js';
import { RedisFallback } from '../redis/redis-fallback.js';

/**
 * One attempt counted, atomically: a hash (count, lastAt, expiresAt) that Redis drops when it expires.
 * Times are the calling process's (the sign-in limiter compares them with its own clock).
 * KEYS: the counter. ARGV: now ms, ttl ms, sliding (1/0). Answers count, lastAt, expiresAt.
 */
const HIT = `
local now, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'count', 'expiresAt')
local count, expiresAt = tonumber(v[1]), tonumber(v[2])
if not count or not expiresAt or expiresAt <= now then
  count = 0
  expiresAt = nil
end
count = count + 1
if ARGV[3] == '1' or not expiresAt then expiresAt = now + ttl end
redis.call('HSET', KEYS[1], 'count', count, 'lastAt', ARGV[1], 'expiresAt', string.format('%d', expiresAt))
redis.call('PEXPIRE', KEYS[1], math.max(1, expiresAt - now))
return {count, now, expiresAt}
`;

type Hit = (key: string, now: number, ttl: number, sliding: string) => Promise<[number, number, number]>;

/**
 * The sign-in limits' counters in Redis (REDIS_URL), shared by every process. Only the attempts still
 * being checked (SignInLimiter's in-flight count) stay each process's own.
 */
export class RedisAttemptStore implements AttemptStore {
  private readonly memory = new MemoryAttemptStore();
  private readonly fallback: RedisFallback;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    // Date.now read at each call (not the function kept): the limiter and its store share one clock.
    private readonly now: () => number = () => Date.now(),
    /** Names what is counted (the sign-in limits' by default; challenge/ counts anonymous writes). */
    private readonly namespace = 'sign-in',
  ) {
    // The throttler's circuit too: a sign-in asks Redis once while it hangs, not once per counter.
    this.fallback = new RedisFallback(
      new Logger(RedisAttemptStore.name),
      undefined,
      undefined,
      circuitOf(redis),
    );
    if (!('attemptHit' in redis)) redis.defineCommand('attemptHit', { numberOfKeys: 1, lua: HIT });
  }

  hit(key: string, ttlMs: number, sliding: boolean): Promise<AttemptCount> {
    return this.fallback.run(
      async () => {
        const hit = (this.redis as unknown as { attemptHit: Hit }).attemptHit;
        const [count, lastAt, expiresAt] = await hit.call(
          this.redis,
          this.redisKey(key),
          this.now(),
          ttlMs,
          sliding ? '1' : '0',
        );
        return { count, lastAt, expiresAt };
      },
      () => this.memory.hit(key, ttlMs, sliding),
    );
  }

  get(key: string): Promise<AttemptCount | null> {
    return this.fallback.run(
      async () => {
        const [count, lastAt, expiresAt] = (
          await this.redis.hmget(this.redisKey(key), 'count', 'lastAt', 'expiresAt')
        ).map(Number);
        if (!count || !lastAt || !expiresAt || expiresAt <= this.now()) return null;
        return { count, lastAt, expiresAt };
      },
      () => this.memory.get(key),
    );
  }

  delete(key: string): Promise<void> {
    return this.fallback.run(
      async () => {
        await this.redis.del(this.redisKey(key));
        // A success also forgets what was counted here during an outage.
        await this.memory.delete(key);
      },
      () => this.memory.delete(key),
    );
  }

  private redisKey(key: string): string {
    return `${this.keyPrefix}${this.namespace}:${key}`;
  }
}
