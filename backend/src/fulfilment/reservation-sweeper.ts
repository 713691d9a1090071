import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FulfilmentService } from './fulfilment.service.js';

/** A coupon reserved by a checkout is given back when the payment has not succeeded within this time. */
export const RESERVATION_MINUTES = 30;

/** Once a minute, releases the coupon reservations of abandoned checkouts. */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private timer?: NodeJS.Timeout;

  constructor(private readonly fulfilment: FulfilmentService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<number> {
    try {
      const released = await this.fulfilment.releaseAbandonedReservations(
        new Date(now.getTime() - RESERVATION_MINUTES * 60_000),
      );
      if (released) this.logger.log(`Released ${released} coupon reservation(s) of abandoned checkouts`);
      return released;
    } catch (error) {
      this.logger.error(`Sweep failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
