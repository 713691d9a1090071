import type { Logger } from '@nestjs/common';

/**
 * A Redis outage must not take the store down: while Redis fails, each use of it falls back to what it
 * does without REDIS_URL (limits counted in this process's memory, caches kept per process, job leases
 * taken in the database). The failure is logged at ERROR, at most once a minute, with what is done
 * meanwhile (`meanwhile`).
 */
export class RedisFallback {
  private lastLoggedAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly meanwhile = "counting in this process's memory",
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      if (this.now() - this.lastLoggedAt >= 60_000) {
        this.lastLoggedAt = this.now();
        this.logger.error(`Redis failed (${(error as Error).message}): ${this.meanwhile} until it answers`);
      }
      return local();
    }
  }
}
