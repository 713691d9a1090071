import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { COUPON_HOLD_MINUTES } from '../coupons/coupons.service.js';
import { JobLeases } from '../job-leases/job-leases.service.js';
import { StockService } from '../stock/stock.service.js';
import { FulfilmentService } from './fulfilment.service.js';

/** How often the housekeeping runs (and once straight after start). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;
/** The housekeeping's lease (JobLeases): a leader that dies is replaced within this time and a round. */
export const HOUSEKEEPING_LEASE_MS = 3 * HOUSEKEEPING_INTERVAL_MS;
/** The job's name in its lease. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * Fulfilment's housekeeping, at start and once a minute: releases the coupon holds of checkouts unpaid
 * for COUPON_HOLD_MINUTES, and gives keys already in stock to paid orders still waiting for them. Keys normally reach
 * waiting orders in the request that imports them (RestockService); this catches what that request
 * left undone when the server stopped or crashed half-way through, so no order waits for the next
 * import while its keys sit in the inventory.
 *
 * With several processes, the rounds every minute run in one of them, the holder of the job's lease; the
 * others skip them. The round at start runs in every process, leader or not: it is the one that catches up
 * on what a process that stopped or crashed left undone, and a crashed leader's lease outlives it by
 * minutes.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private timer?: NodeJS.Timeout;
  private first?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly fulfilment: FulfilmentService,
    private readonly leases: JobLeases,
    private readonly stock: StockService,
  ) {}

  onApplicationBootstrap(): void {
    this.first = setTimeout(() => void this.firstRound(), 0);
    this.first.unref();
    this.timer = setInterval(() => void this.leaderRound(), HOUSEKEEPING_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.first);
    clearInterval(this.timer);
    await this.running;
  }

  /** The round at start: in every process; the first to take the lease leads from then on. */
  private async firstRound(): Promise<void> {
    if (!(await this.leaderRound())) await this.housekeeping();
  }

  /**
   * A round of housekeeping if this process leads the job (holds its lease, or takes it now); answers
   * whether it ran. Never throws: a lease that cannot be read (database and Redis away) is logged and the
   * round skipped.
   */
  async leaderRound(now = new Date()): Promise<boolean> {
    try {
      return await this.leases.runIfLeader(HOUSEKEEPING_JOB, HOUSEKEEPING_LEASE_MS, () =>
        this.housekeeping(now),
      );
    } catch (error) {
      this.logger.error(`Housekeeping skipped, its lease could not be read: ${(error as Error).message}`);
      return false;
    }
  }

  /** One round of housekeeping; never throws (a failure is logged and the next round tries again). */
  housekeeping(now = new Date()): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.sweep(now);
        await this.completeWaiting();
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async sweep(now = new Date()): Promise<number> {
    try {
      const released = await this.fulfilment.releaseAbandonedReservations(
        new Date(now.getTime() - COUPON_HOLD_MINUTES * 60_000),
      );
      if (released) this.logger.log(`Released ${released} coupon reservation(s) of abandoned checkouts`);
      return released;
    } catch (error) {
      this.logger.error(`Sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }

  /** Gives keys in stock to paid orders waiting for them, oldest first. Returns the orders completed. */
  async completeWaiting(): Promise<number> {
    try {
      const completed = await this.fulfilment.completeWaitingOrders();
      await this.stock.recheck();
      if (completed) this.logger.log(`Completed ${completed} order(s) that were waiting for keys in stock`);
      return completed;
    } catch (error) {
      this.logger.error(`Completing waiting orders failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
