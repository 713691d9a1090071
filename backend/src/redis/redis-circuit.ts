import type { Redis } from 'ioredis';
import type { AppConfig, RateLimitsMode } from '../config/app-config.js';

/** After Redis fails, how long this process counts without it before one call tries Redis again. */
export const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * Whether Redis is worth asking now. A Redis that is down fails each command at once (no offline queue),
 * but a paused or overloaded one lets each wait its whole timeout (1 s), and a sign-in makes up to five
 * calls: after one failure every use of the client that shares this circuit falls back at once for
 * REDIS_RETRY_AFTER_MS, then the next call tries Redis again (and closes it when Redis answers). A request
 * waits for a timeout at most once.
 */
export class RedisCircuit {
  private openUntil = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly retryAfterMs = REDIS_RETRY_AFTER_MS,
  ) {}

  /** Whether uses fall back without asking Redis (it failed less than retryAfterMs ago). */
  get open(): boolean {
    return this.now() < this.openUntil;
  }

  failed(): void {
    this.openUntil = this.now() + this.retryAfterMs;
  }

  answered(): void {
    this.openUntil = 0;
  }
}

const circuits = new WeakMap<Redis, RedisCircuit>();

/** The circuit of one Redis client: one per client, shared by every use of it in this process. */
export function circuitOf(redis: Redis): RedisCircuit {
  let circuit = circuits.get(redis);
  if (!circuit) circuits.set(redis, (circuit = new RedisCircuit()));
  return circuit;
}

/**
 * Where this process counts its rate limits right now: `shared` (in Redis, with every process) or
 * `per-process` (RATE_LIMITS=per-process or no REDIS_URL, or Redis down now: not connected, or failed
 * within REDIS_RETRY_AFTER_MS). `/api/health` and the metrics report it.
 */
export function rateLimitsNow(config: Pick<AppConfig, 'rateLimits'>, redis: Redis | null): RateLimitsMode {
  if (config.rateLimits === 'per-process' || !redis) return 'per-process';
  return redis.status === 'ready' && !circuitOf(redis).open ? 'shared' : 'per-process';
}
