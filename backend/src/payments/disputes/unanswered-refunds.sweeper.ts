import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobLeases } from '../../job-leases/job-leases.service.js';
import { RefundsService } from '../refunds.service.js';

export const UNANSWERED_REFUNDS_INTERVAL_MS = 60_000;
export const UNANSWERED_REFUNDS_JOB = 'unanswered-refunds';

/**
 * Once a minute (in the process holding the job's lease): refunds recorded but never asked of the
 * provider, because the process stopped between the two (an early fraud warning's refund is recorded in
 * the webhook's transaction and asked after it commits), are asked now (RefundsService.askUnanswered),
 * under their own idempotency key so nothing is refunded twice.
 */
@Injectable()
export class UnansweredRefundsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UnansweredRefunds');
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly refunds: RefundsService,
    private readonly leases: JobLeases,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.round(), UNANSWERED_REFUNDS_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round if this process leads the job; never throws. */
  async round(now = new Date()): Promise<void> {
    if (this.running) return;
    this.running = this.leases
      .runIfLeader(UNANSWERED_REFUNDS_JOB, 3 * UNANSWERED_REFUNDS_INTERVAL_MS, async () => {
        const asked = await this.refunds.askUnanswered(now);
        if (asked) this.logger.log(`Asked the provider for ${asked} refund(s) left unanswered`);
      })
      .catch((error: Error) => this.logger.error(`Unanswered refunds skipped: ${error.message}`))
      .finally(() => (this.running = null));
    await this.running;
  }
}
