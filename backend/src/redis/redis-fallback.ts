import type { Logger } from '@nestjs/common';

/**
 * A Redis outage must not take sign-in or checkout down: while Redis fails, the limits are counted in
 * this process's memory, as without REDIS_URL (each process then allows its own budget). The failure is
 * logged at ERROR, at most once a minute.
 */
export class RedisFallback {
  private lastLoggedAt = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      if (this.now() - this.lastLoggedAt >= 60_000) {
        this.lastLoggedAt = this.now();
        this.logger.error(
          `Redis failed (${(error as Error).message}): counting in this process's memory until it answers`,
        );
      }
      return local();
    }
  }
}
