import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUniqueViolation } from '../database/errors.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { ClientSecrets } from './client-secrets.js';
import { PaymentEvent } from './entities/payment-event.entity.js';
import { STRIPE } from './stripe.client.js';

/** Signatures older than this are refused (replayed captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface OrderPaymentState {
  orderId: string;
  status: string;
  paymentStatus: string;
}

/**
 * Turns payment events into order changes. A provider event is recorded by its id in the same transaction
 * as its effects: a replay finds the id and does nothing, and a failure leaves no record so the provider
 * retries it.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fulfilment: FulfilmentService,
    private readonly secrets: ClientSecrets,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
  ) {}

  /** POST /api/payments/webhook: verify the signature on the raw body, then apply the event once. */
  async handleStripeWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true }> {
    if (!this.stripe || !this.config.payments.stripe) throw new NotFoundException();
    if (!rawBody || !signature) throw new BadRequestException('Missing Stripe-Signature header or body');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.payments.stripe.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      throw new BadRequestException('Invalid Stripe signature');
    }
    await this.applyOnce(event.id, event.type, async (m) => this.applyStripeEvent(m, event));
    return { received: true };
  }

  /** POST /api/payments/demo/confirm: the demo provider's stand-in for a card payment. */
  async confirmDemo(
    orderId: string,
    clientSecret: string,
    outcome: 'succeed' | 'decline',
  ): Promise<OrderPaymentState> {
    // Off in Stripe mode and in production: the route does not exist there.
    if (!this.config.payments.demo) throw new NotFoundException();
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (
      !order ||
      order.paymentProvider !== 'demo' ||
      !this.secrets.matches(order.clientSecretSealed, clientSecret)
    ) {
      throw new NotFoundException('Order not found');
    }
    if (order.status === 'cancelled') throw new ConflictException('This order was cancelled');
    if (outcome === 'decline') {
      await this.db.transaction((m) => this.fulfilment.failPayment(m, orderId));
      throw new HttpException(
        {
          statusCode: 402,
          message: 'Your card was declined (demo payment, no charge).',
          error: 'Payment Required',
        },
        HttpStatus.PAYMENT_REQUIRED,
      );
    }
    await this.db.transaction((m) => this.fulfilment.confirmPayment(m, orderId, 'demo'));
    const after = await this.db.getRepository(Order).findOneByOrFail({ id: orderId });
    return { orderId, status: after.status, paymentStatus: after.paymentStatus };
  }

  private async applyOnce(
    eventId: string,
    type: string,
    apply: (m: EntityManager) => Promise<string | null>,
  ) {
    try {
      await this.db.transaction(async (m) => {
        await m.insert(PaymentEvent, { providerEventId: eventId, provider: 'stripe', type, orderId: null });
        const orderId = await apply(m);
        if (orderId) await m.update(PaymentEvent, { providerEventId: eventId }, { orderId });
      });
    } catch (error) {
      if (isUniqueViolation(error)) return; // already applied: a replay
      throw error;
    }
  }

  /** Returns the order the event concerned, if any. */
  private async applyStripeEvent(m: EntityManager, event: Stripe.Event): Promise<string | null> {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const order = await this.orderOf(m, intent.id, intent.metadata?.orderId);
        if (!order) return null;
        const paid = intent.amount_received || intent.amount;
        if (paid !== order.totalCents || intent.currency !== order.currency) {
          this.logger.error(
            `PaymentIntent ${intent.id} paid ${paid} ${intent.currency} for order ${order.id} of ` +
              `${order.totalCents} ${order.currency}: not fulfilled, needs review`,
          );
          return order.id;
        }
        const method = intent.payment_method_types?.[0] ?? 'card';
        await this.fulfilment.confirmPayment(m, order.id, method);
        return order.id;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const order = await this.orderOf(m, intent.id, intent.metadata?.orderId);
        if (order) await this.fulfilment.failPayment(m, order.id);
        return order?.id ?? null;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intentId =
          typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        const order = intentId ? await this.orderOf(m, intentId) : null;
        // Partial refunds change nothing here; the back office handles them case by case.
        if (order && charge.refunded && charge.amount_refunded >= charge.amount) {
          await this.fulfilment.refund(m, order.id);
        }
        return order?.id ?? null;
      }
      default:
        return null;
    }
  }

  private async orderOf(m: EntityManager, paymentIntentId: string, orderId?: string): Promise<Order | null> {
    const order = await m.findOneBy(Order, { providerPaymentId: paymentIntentId });
    if (order) return order;
    if (orderId) {
      const byMetadata = await m.findOneBy(Order, { id: orderId });
      if (byMetadata?.paymentProvider === 'stripe') return byMetadata;
    }
    this.logger.warn(`Stripe event for unknown PaymentIntent ${paymentIntentId}`);
    return null;
  }
}
