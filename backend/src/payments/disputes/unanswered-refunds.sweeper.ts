import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobLeases } from '../../job-leases/job-leases.service.js';
import { LeaderRounds } from '../../job-leases/leader-rounds.js';
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
  private readonly rounds: LeaderRounds;

  constructor(
    private readonly refunds: RefundsService,
    leases: JobLeases,
  ) {
    this.rounds = new LeaderRounds(
      leases,
      UNANSWERED_REFUNDS_JOB,
      UNANSWERED_REFUNDS_INTERVAL_MS,
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.rounds.start(() => this.ask());
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round if this process leads the job; never throws. */
  round(now = new Date()): Promise<void> {
    return this.rounds.round(() => this.ask(now));
  }

  private async ask(now = new Date()): Promise<void> {
    const asked = await this.refunds.askUnanswered(now);
    if (asked) this.logger.log(`Asked the provider for ${asked} refund(s) left unanswered`);
  }
}
