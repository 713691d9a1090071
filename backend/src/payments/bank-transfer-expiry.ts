import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runInTransaction } from '../database/transactions.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { JobLeases } from '../job-leases/job-leases.service.js';
import { LeaderRounds } from '../job-leases/leader-rounds.js';
import { Order } from '../orders/entities/order.entity.js';
import {
  BANK_TRANSFER_DAYS,
  BANK_TRANSFER_METHOD,
  DEMO_BANK_TRANSFER_METHOD,
} from '../orders/bank-transfers.js';
import { PaymentProviders } from './payment-providers.js';

export const BANK_TRANSFER_EXPIRY_INTERVAL_MS = 60_000;
export const BANK_TRANSFER_EXPIRY_JOB = 'bank-transfer-expiry';
/** Orders looked at per round, oldest first; the next round takes the rest. */
const PER_ROUND = 100;
const DAY_MS = 86_400_000;

/**
 * Once a minute (in the process holding the job's lease): an order still waiting for its bank transfer
 * BANK_TRANSFER_DAYS after checkout is cancelled. The provider's payment is cancelled first, so a transfer
 * arriving later is not taken for it; then the order (its payment `failed`, its coupon reservation given
 * back, the buyer e-mailed: FulfilmentService.paymentCancelled). A payment the provider says was paid
 * meanwhile is left to its webhook, and one it cannot be asked about to the next round.
 */
@Injectable()
export class BankTransferExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BankTransferExpiry');
  private readonly rounds: LeaderRounds;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly fulfilment: FulfilmentService,
    leases: JobLeases,
  ) {
    this.rounds = new LeaderRounds(
      leases,
      BANK_TRANSFER_EXPIRY_JOB,
      BANK_TRANSFER_EXPIRY_INTERVAL_MS,
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.rounds.start(async () => {
      const expired = await this.expire();
      if (expired) this.logger.log(`Cancelled ${expired} order(s) whose bank transfer did not arrive`);
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** Cancels the orders whose bank transfer is overdue at `now`; answers how many. */
  async expire(now = new Date()): Promise<number> {
    const due = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.paymentProvider', 'o.providerPaymentId'])
      // IDX_orders_paymentStatus: the payments processing, oldest first (few: they end within days).
      .where('o.paymentStatus = :processing AND o.createdAt < :cutoff', {
        processing: 'processing',
        cutoff: new Date(now.getTime() - BANK_TRANSFER_DAYS * DAY_MS),
      })
      .andWhere('o.paymentMethod IN (:...methods)', {
        methods: [BANK_TRANSFER_METHOD, DEMO_BANK_TRANSFER_METHOD],
      })
      .orderBy('o.createdAt', 'ASC')
      .take(PER_ROUND)
      .getMany();
    let expired = 0;
    for (const order of due) {
      const provider = this.providers.of(order);
      if (!provider || !order.providerPaymentId) continue;
      try {
        if ((await provider.cancelPayment(order.providerPaymentId)) !== 'cancelled') continue;
      } catch (error) {
        this.logger.warn(
          `Order ${order.id}: its overdue bank transfer could not be cancelled at ${provider.name}: ` +
            (error as Error).message,
        );
        continue;
      }
      if (await runInTransaction(this.db, (m) => this.fulfilment.paymentCancelled(m, order.id))) {
        // Part of it may have arrived: Stripe keeps that in the buyer's balance until it is returned.
        this.logger.warn(
          `Order ${order.id}: no bank transfer within ${BANK_TRANSFER_DAYS} days, cancelled (anything ` +
            `received in part is the buyer's: return it from ${provider.name}'s dashboard if they ask)`,
        );
        expired++;
      }
    }
    return expired;
  }
}
