import type { Logger } from '@nestjs/common';
import type { RedisCircuit } from './redis-circuit.js';

/**
 * A Redis outage must not take the store down: while Redis fails, each use of it falls back to what it
 * does without REDIS_URL (limits counted in this process's memory, caches kept per process, job leases
 * taken in the database). The failure is logged at ERROR, at most once a minute, with what is done
 * meanwhile (`meanwhile`). With a `circuit` (the rate limits': circuitOf), Redis is not asked at all for
 * a few seconds after it failed, so a Redis that hangs costs a request one timeout, not one per call.
 */
export class RedisFallback {
  private lastLoggedAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly meanwhile = "counting in this process's memory",
    private readonly now: () => number = Date.now,
    private readonly circuit: RedisCircuit | null = null,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.circuit?.open) return local();
    try {
      const answer = await shared();
      this.circuit?.answered();
      return answer;
    } catch (error) {
      this.circuit?.failed();
      if (this.now() - this.lastLoggedAt >= 60_000) {
        this.lastLoggedAt = this.now();
        this.logger.error(`Redis failed (${(error as Error).message}): ${this.meanwhile} until it answers`);
      }
      return local();
    }
  }
}
