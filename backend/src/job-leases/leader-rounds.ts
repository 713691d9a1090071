import type { Logger } from '@nestjs/common';
import type { JobLeases } from './job-leases.service.js';

/**
 * A job's rounds every `intervalMs`, run in the one process holding the job's lease (three intervals long,
 * so a leader that dies is replaced within minutes), one round at a time per process. A round never throws:
 * a failure, or a lease that cannot be read, is logged and the next round tries again.
 */
export class LeaderRounds {
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly leases: JobLeases,
    private readonly job: string,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  /** Starts the rounds (the first after one interval). */
  start(work: () => Promise<void>): void {
    this.timer = setInterval(() => void this.round(work), this.intervalMs);
    this.timer.unref();
  }

  /** Stops them, after the round under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round now if this process leads the job and none is under way. */
  async round(work: () => Promise<void>): Promise<void> {
    if (this.running) return;
    this.running = this.leases
      .runIfLeader(this.job, 3 * this.intervalMs, work)
      .catch((error: Error) => this.logger.error(`${this.job} skipped: ${error.message}`))
      .finally(() => (this.running = null));
    await this.running;
  }
}
