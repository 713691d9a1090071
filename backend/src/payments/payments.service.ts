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
import type { IntervalGate } from '../common/interval-gate.js';
import { activeStripe, APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUniqueViolation } from '../database/errors.js';
import { runInTransaction } from '../database/transactions.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { UNPAID } from '../orders/order-process.js';
import { ClientSecrets } from './client-secrets.js';
import { PaymentEvent } from './entities/payment-event.entity.js';
import { STRIPE } from './stripe.client.js';
import { signedInTheFuture } from './webhook-signature.js';

/** Signatures older than this are refused (replayed captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * One order's PaymentIntent is looked up at most this often for the shopper's status polling, by all the
 * store's processes together when REDIS_URL is set.
 */
export const STRIPE_SYNC_INTERVAL_MS = 2_000;
/** Injection token of the IntervalGate that spaces out those lookups. */
export const STRIPE_SYNC_GATE = Symbol('STRIPE_SYNC_GATE');

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
  /** Lookups of PaymentIntents under way in this process, by order id: concurrent status polls share one. */
  private readonly syncing = new Map<string, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fulfilment: FulfilmentService,
    private readonly secrets: ClientSecrets,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(STRIPE_SYNC_GATE) private readonly syncGate: IntervalGate,
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
    if (signedInTheFuture(signature, WEBHOOK_TOLERANCE_SECONDS))
      throw new BadRequestException('Stripe signature timestamp is too far in the future');
    const malformed = malformedStripeEvent(event);
    if (malformed) throw new BadRequestException(`Malformed Stripe event: ${malformed}`);
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
    // What the checks below need; confirming reads the whole order again, under the UPDATE's lock.
    const order = await this.db.getRepository(Order).findOne({
      select: { id: true, paymentProvider: true, clientSecretSealed: true, status: true },
      where: { id: orderId },
    });
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
    const confirmed = await this.db.transaction((m) => this.fulfilment.confirmPayment(m, orderId, 'demo'));
    // Already paid (a second click): the order as it stands.
    const after = confirmed ?? (await this.db.getRepository(Order).findOneByOrFail({ id: orderId }));
    return { orderId, status: after.status, paymentStatus: after.paymentStatus };
  }

  /**
   * Catches up with Stripe for the shopper's browser, which polls the order's status once Stripe.js has
   * confirmed the card: when the order is still unpaid here (the webhook is late, lost or misconfigured)
   * its PaymentIntent is read from Stripe, and a succeeded one is confirmed exactly as the webhook
   * confirms it (same amount and currency check, same conditional update in FulfilmentService, so a
   * webhook racing this lookup cannot deliver the order twice). At most one lookup per order every
   * STRIPE_SYNC_INTERVAL_MS, across processes with REDIS_URL (a poll that another process answered a
   * moment ago reads the order as it is); a Stripe error is logged and the webhook remains the way the
   * order is paid.
   */
  async syncStripePayment(order: Order): Promise<void> {
    if (
      !this.stripe ||
      !activeStripe(this.config) ||
      order.paymentProvider !== 'stripe' ||
      !order.providerPaymentId ||
      !UNPAID.includes(order.paymentStatus)
    ) {
      return;
    }
    const running = this.syncing.get(order.id);
    if (running) return running;
    const paymentIntentId = order.providerPaymentId;
    const sync = (async () => {
      if (await this.syncGate.pass(`stripe-sync:${order.id}`, STRIPE_SYNC_INTERVAL_MS))
        await this.confirmFromStripe(order.id, paymentIntentId);
    })().finally(() => this.syncing.delete(order.id));
    this.syncing.set(order.id, sync);
    return sync;
  }

  private async confirmFromStripe(orderId: string, paymentIntentId: string): Promise<void> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe!.paymentIntents.retrieve(paymentIntentId);
    } catch (error) {
      this.logger.warn(`Could not read PaymentIntent ${paymentIntentId}: ${(error as Error).message}`);
      return;
    }
    if (intent.status !== 'succeeded') return;
    await runInTransaction(this.db, async (m) => {
      const order = await m.findOneBy(Order, { id: orderId });
      if (order && UNPAID.includes(order.paymentStatus)) await this.confirmIntent(m, order, intent);
    });
  }

  /** Confirms the order's payment when the PaymentIntent paid its total in its currency. */
  private async confirmIntent(m: EntityManager, order: Order, intent: Stripe.PaymentIntent): Promise<void> {
    const paid = intent.amount_received || intent.amount;
    if (paid !== order.totalCents || intent.currency !== order.currency) {
      this.logger.error(
        `PaymentIntent ${intent.id} paid ${paid} ${intent.currency} for order ${order.id} of ` +
          `${order.totalCents} ${order.currency}: not fulfilled, needs review`,
      );
      return;
    }
    const method = intent.payment_method_types?.[0] ?? 'card';
    await this.fulfilment.confirmPayment(m, order.id, method);
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
        await this.confirmIntent(m, order, intent);
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

/**
 * What is wrong with the shape of a correctly signed event, or null. Stripe sends none such, but a body
 * signed with the webhook secret is otherwise trusted as it is, and reading a missing `data.object` or
 * storing an over-long id would be a 500 (which Stripe retries for days) instead of a 400.
 */
export function malformedStripeEvent(event: unknown): string | null {
  const e = event as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e !== 'object' || Array.isArray(e)) return 'not an object';
  if (typeof e.id !== 'string' || !e.id || e.id.length > 255) return 'id';
  if (typeof e.type !== 'string' || !e.type || e.type.length > 100) return 'type';
  const object = e.data?.object as { id?: unknown; metadata?: { orderId?: unknown } | null } | undefined;
  if (!object || typeof object !== 'object' || Array.isArray(object)) return 'data.object';
  if (e.type.startsWith('payment_intent.')) {
    if (typeof object.id !== 'string' || !object.id) return 'data.object.id';
    const orderId = object.metadata?.orderId;
    if (orderId !== undefined && typeof orderId !== 'string') return 'data.object.metadata.orderId';
  }
  return null;
}
