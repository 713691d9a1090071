import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { Order } from '../../orders/entities/order.entity.js';
import { deliveryBlock, PAID, UNPAID } from '../../orders/order-process.js';

/** How a provider's review closes (Stripe's `closed_reason`): approved, or refunded by the provider. */
const APPROVED = 'approved';
const REFUNDED = ['refunded', 'refunded_as_fraud'];

/**
 * The payment provider's own fraud review (Stripe Radar's `review.opened` / `review.closed`), applied in
 * the webhook's transaction. Opened: a paid order not yet delivered is held; an unpaid one is marked, so
 * that its confirmation holds it. Closed as approved: a held order is delivered; as refunded: it is
 * rejected (its reserved keys back to stock, the customer told); the provider's refund itself arrives as
 * `charge.refunded` and is recorded once. Closed as disputed or redacted: it stays held for staff.
 */
@Injectable()
export class ProviderReviews {
  private readonly logger = new Logger('Reviews');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fulfilment: FulfilmentService,
  ) {}

  async opened(m: EntityManager, orderId: string): Promise<void> {
    if (!this.config.review.providerReview) return;
    const order = (await this.fulfilment.lockOrder(m, orderId))!;
    if (UNPAID.includes(order.paymentStatus) && order.status === 'processing') {
      await m.update(Order, order.id, { holdReasons: ['provider-review'] });
    } else if (PAID.includes(order.paymentStatus) && order.status === 'processing' && !order.refundDue) {
      await this.fulfilment.holdForReview(m, order, ['provider-review']);
    } else if (order.status === 'fulfilled') {
      this.logger.warn(`The provider opened a review of order ${order.id}, already delivered`);
    }
  }

  async closed(m: EntityManager, orderId: string, reason: string | null): Promise<void> {
    const order = (await this.fulfilment.lockOrder(m, orderId))!;
    if (order.status !== 'on_hold') {
      // Closed before the payment was confirmed: approved, it no longer holds the order.
      if (reason === APPROVED && UNPAID.includes(order.paymentStatus) && order.holdReasons?.length)
        await m.update(Order, order.id, { holdReasons: null });
      return;
    }
    if (reason === APPROVED) {
      if (deliveryBlock({ ...order, status: 'processing' })) return;
      await this.fulfilment.approveHeld(m, order);
    } else if (reason && REFUNDED.includes(reason)) {
      await this.fulfilment.rejectHeld(m, order);
    } else {
      this.logger.warn(`The provider closed its review of held order ${order.id} (${reason}): staff decide`);
    }
  }
}
