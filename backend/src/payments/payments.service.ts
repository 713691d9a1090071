import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { IntervalGate } from '../common/interval-gate.js';
import { isUniqueViolation } from '../database/errors.js';
import { runInTransaction } from '../database/transactions.js';
import { FulfilmentService } from '../fulfilment/fulfilment.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { amountOf } from '../orders/order-currency.js';
import { UNPAID } from '../orders/order-process.js';
import {
  bankTransferOffered,
  bankTransferRefusal,
  DEMO_BANK_TRANSFER_METHOD,
} from '../orders/bank-transfers.js';
import { HoldRulesService } from './reviews/hold-rules.service.js';
import { ProviderReviews } from './reviews/provider-reviews.js';
import { ClientSecrets } from './client-secrets.js';
import { PaymentEvent } from './entities/payment-event.entity.js';
import {
  WebhookRefused,
  type PaymentProvider,
  type PaymentRisk,
  type ProviderPayment,
  type WebhookEvent,
  type WebhookHeaders,
} from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { DemoPaymentProvider } from './providers/demo.provider.js';
import { RefundsService } from './refunds.service.js';
import { DisputesService, type AfterCommit } from './disputes/disputes.service.js';
import { orderReference } from '../orders/order-reference.js';

const DEMO_DECLINE = 'Your card was declined (demo payment, no charge).';
const DEMO_BANK_FAILURE = 'The bank did not confirm the payment (demo payment, no charge).';
/** How the demo records a wallet payment (Apple Pay, Google Pay) and a payment that confirms later. */
export const DEMO_WALLET_METHOD = 'demo_wallet';
export const DEMO_DELAYED_METHOD = 'demo_delayed';
export type DemoOutcome = 'succeed' | 'decline' | 'delay';
export type DemoMethod = 'card' | 'wallet' | 'bank_transfer';

/**
 * The demo confirmation's outcome as a payment event, as a provider's webhook would be recorded, so the
 * order's timeline shows demo attempts (a decline with its reason) like any other.
 */
function recordDemoEvent(
  m: EntityManager,
  orderId: string,
  type: string,
  failureReason: string | null,
  receivedAt = new Date(),
) {
  // Nothing to read back (SQLite would SELECT the row it inserted).
  return m
    .createQueryBuilder()
    .insert()
    .into(PaymentEvent)
    .values({
      providerEventId: `demo_${randomUUID()}`,
      provider: 'demo',
      type,
      orderId,
      failureReason,
      receivedAt,
    })
    .updateEntity(false)
    .execute();
}

/**
 * One order's payment is looked up at the provider at most this often for the shopper's status polling,
 * by all the store's processes together when REDIS_URL is set.
 */
export const PAYMENT_SYNC_INTERVAL_MS = 2_000;
/** Injection token of the IntervalGate that spaces out those lookups. */
export const PAYMENT_SYNC_GATE = Symbol('PAYMENT_SYNC_GATE');

export interface OrderPaymentState {
  orderId: string;
  status: string;
  paymentStatus: string;
}

/**
 * Turns payment events into order changes, whichever provider reports them (PaymentProviders). A
 * provider event is recorded by its id in the same transaction as its effects: a replay finds the id
 * and does nothing, and a failure leaves no record so the provider retries it.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  /** Lookups of payments under way in this process, by order id: concurrent status polls share one. */
  private readonly syncing = new Map<string, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly secrets: ClientSecrets,
    private readonly providers: PaymentProviders,
    private readonly refunds: RefundsService,
    private readonly disputes: DisputesService,
    private readonly holdRules: HoldRulesService,
    private readonly reviews: ProviderReviews,
    @Inject(PAYMENT_SYNC_GATE) private readonly syncGate: IntervalGate,
  ) {}

  /**
   * POST /api/payments/webhook[/:provider]: the provider checks the delivery (its signature on the raw
   * body) and reads it, then the event is applied once. 404 for a provider not configured here, 400 for
   * a delivery the provider refuses.
   */
  async handleWebhook(
    providerName: string,
    rawBody: Buffer | undefined,
    headers: WebhookHeaders,
  ): Promise<{ received: true }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw new NotFoundException();
    let event: WebhookEvent;
    try {
      event = await provider.parseWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookRefused) throw new BadRequestException(error.message);
      throw error;
    }
    const risk = event.kind === 'succeeded' ? await this.riskBeforeConfirming(provider, event) : null;
    if (event.kind === 'processing' && (await this.processingOutdated(provider, event))) {
      this.logger.warn(
        `${provider.name} payment ${event.providerPaymentId}: a processing event that arrived after its failure, ignored`,
      );
      event = { ...event, kind: 'ignored' };
    }
    await this.applyOnce(provider, event, risk);
    return { received: true };
  }

  /**
   * Whether a `processing` event is older than the failure already recorded for its payment: providers
   * send events in no promised order, and a bank payment's `processing` may arrive after its
   * `payment_failed`. Only then is the provider asked how the payment stands now (still as the event says:
   * a new attempt, applied).
   */
  private async processingOutdated(
    provider: PaymentProvider,
    event: { providerPaymentId: string; orderId: string | null; bankTransfer?: unknown },
  ): Promise<boolean> {
    // A bank transfer waits for the buyer (Stripe: requires_action); other methods for the bank.
    const claimed = event.bankTransfer ? 'requires_action' : 'processing';
    const status = await this.askBeforeApplying(
      provider,
      event,
      (order) => order.paymentStatus === 'failed',
      'the status of',
      async () => (await provider.fetchPayment(event.providerPaymentId)).status,
    );
    return status !== null && status !== claimed;
  }

  /**
   * The provider's risk data for a payment about to be confirmed (the fraud rules' input), read before the
   * confirmation's transaction; none for a payment already confirmed (a replay), for a payment of no order
   * here (nothing will be confirmed), or from a provider without any. The order is not delivered before its
   * review data is known.
   */
  private async riskBeforeConfirming(
    provider: PaymentProvider,
    event: { providerPaymentId: string; orderId: string | null },
  ): Promise<PaymentRisk | null> {
    const { fetchRisk } = provider;
    if (!fetchRisk) return null;
    return this.askBeforeApplying(
      provider,
      event,
      (order) => UNPAID.includes(order.paymentStatus),
      'the risk of',
      () => fetchRisk.call(provider, event.providerPaymentId),
    );
  }

  /**
   * Asks the provider about an event's payment before the event is applied, when the order it is for is in
   * a state that needs the answer (`needs`); null otherwise, and for a payment of no order here. A provider
   * that cannot be reached answers 503, so that it sends the event again.
   */
  private async askBeforeApplying<T>(
    provider: PaymentProvider,
    event: { providerPaymentId: string; orderId: string | null },
    needs: (order: Order) => boolean,
    what: string,
    ask: () => Promise<T>,
  ): Promise<T | null> {
    // Quiet: an unknown payment is logged once, when the event itself is applied.
    const order = await this.orderOf(
      this.db.manager,
      provider,
      event.providerPaymentId,
      event.orderId,
      false,
    );
    if (!order || !needs(order)) return null;
    try {
      return await ask();
    } catch (error) {
      this.logger.warn(
        `Could not read ${what} ${provider.name} payment ${event.providerPaymentId}: ${(error as Error).message}`,
      );
      throw new ServiceUnavailableException(
        'The payment provider could not be reached; send the event again',
      );
    }
  }

  /**
   * POST /api/payments/demo/confirm: the demo provider's stand-in for a payment. `succeed` and `decline`
   * stand for a card (or, with `method: 'wallet'`, a wallet such as Apple Pay: recorded as `demo_wallet`);
   * `delay` for a method that confirms later (`demo_delayed`): the payment is processing until
   * POST /api/payments/demo/settle says how the bank decided. `method: 'bank_transfer'` (`delay` only, for
   * a total that can be paid so: bankTransferOffered) stands for a bank transfer the buyer has still to
   * send (`demo_bank_transfer`), e-mailed how as Stripe's would be.
   */
  async confirmDemo(
    orderId: string,
    clientSecret: string,
    outcome: DemoOutcome,
    method: DemoMethod = 'card',
  ): Promise<OrderPaymentState> {
    const demo = this.demoProvider();
    if (outcome === 'delay' && method === 'wallet')
      throw new BadRequestException('A wallet payment confirms at once: outcome delay is for a bank payment');
    if (method === 'bank_transfer' && outcome !== 'delay')
      throw new BadRequestException(
        'A bank transfer is paid later: outcome must be delay, and POST /api/payments/demo/settle decides it',
      );
    // One transaction: the order read under its lock (checked, then confirmed as read) and its confirmation.
    const result = await runInTransaction(this.db, async (m) => {
      // Dated as it arrived, before the payment it confirms (as a provider's webhook is recorded).
      const receivedAt = new Date();
      const order = await this.lockDemoOrder(m, demo, orderId, clientSecret);
      if (order.status === 'cancelled') throw new ConflictException('This order was cancelled');
      const { providerPaymentId, totalCents, currency } = order;
      const payment = { providerPaymentId, totalCents, currency };
      if (order.paymentStatus === 'processing' && outcome !== 'delay') {
        throw new ConflictException(
          "This order's payment is being processed by the bank: POST /api/payments/demo/settle decides it",
        );
      }
      if (outcome === 'delay' && method === 'bank_transfer') {
        const total = amountOf(totalCents, order);
        if (!bankTransferOffered(total)) throw new BadRequestException(bankTransferRefusal(total.currency));
        const instructions = {
          reference: `DEMO-${orderReference(orderId)}`,
          amountRemainingCents: totalCents,
          instructionsUrl: null,
        };
        if (await this.fulfilment.markProcessing(m, orderId, DEMO_BANK_TRANSFER_METHOD, instructions))
          await recordDemoEvent(m, orderId, 'demo.payment_processing', null, receivedAt);
      } else if (outcome === 'delay') {
        if (await this.fulfilment.markProcessing(m, orderId, DEMO_DELAYED_METHOD))
          await recordDemoEvent(m, orderId, 'demo.payment_processing', null, receivedAt);
      }
      if (outcome === 'delay') {
        // Already processing (a second click) or paid: the order as it stands. A bank transfer waits for
        // the buyer (it can still be cancelled), a bank payment for the bank.
        return {
          payment,
          after: await m.findOneByOrFail(Order, { id: orderId }),
          books: method === 'bank_transfer' ? ('requires_action' as const) : ('processing' as const),
        };
      }
      if (outcome === 'decline') {
        await this.fulfilment.failPayment(m, orderId);
        await recordDemoEvent(m, orderId, 'demo.payment_failed', DEMO_DECLINE);
        return { payment, after: null, books: 'failed' as const };
      }
      const paid = await this.fulfilment.confirmPayment(
        m,
        orderId,
        method === 'wallet' ? DEMO_WALLET_METHOD : demo.name,
        (confirmed) => this.holdRules.reasons(m, confirmed, null),
        order,
      );
      if (paid) await recordDemoEvent(m, orderId, 'demo.payment_succeeded', null, receivedAt);
      // Already paid (a second click): the order as it stands.
      return { payment, after: paid ?? order, books: 'succeeded' as const };
    });
    const { payment, after, books } = result;
    if (payment.providerPaymentId) demo.settle(payment.providerPaymentId, books, payment);
    if (!after) {
      throw new HttpException(
        {
          statusCode: 402,
          message: DEMO_DECLINE,
          error: 'Payment Required',
        },
        HttpStatus.PAYMENT_REQUIRED,
      );
    }
    return { orderId, status: after.status, paymentStatus: after.paymentStatus };
  }

  /**
   * POST /api/payments/demo/settle: the bank's answer to a demo payment being processed (confirmDemo's
   * `delay`). `succeed` confirms it exactly as a card payment is confirmed (keys, links, the delivery
   * e-mail, or the fraud hold); `fail` fails it as a provider's failure of such a payment does (the order
   * cancelled, everything released, the shopper told). 409 for an order whose payment is not processing.
   */
  async settleDemo(
    orderId: string,
    clientSecret: string,
    outcome: 'succeed' | 'fail',
  ): Promise<OrderPaymentState> {
    const demo = this.demoProvider();
    const { payment, after } = await runInTransaction(this.db, async (m) => {
      const receivedAt = new Date();
      const order = await this.lockDemoOrder(m, demo, orderId, clientSecret);
      if (order.paymentStatus !== 'processing') {
        throw new ConflictException(
          `Only a payment being processed can be settled: this order's payment is ${order.paymentStatus}`,
        );
      }
      const { providerPaymentId, totalCents, currency } = order;
      const payment = { providerPaymentId, totalCents, currency };
      if (outcome === 'fail') {
        await this.fulfilment.failPayment(m, orderId);
        await recordDemoEvent(m, orderId, 'demo.payment_failed', DEMO_BANK_FAILURE);
      } else {
        await this.fulfilment.confirmPayment(
          m,
          orderId,
          order.paymentMethod ?? DEMO_DELAYED_METHOD,
          (confirmed) => this.holdRules.reasons(m, confirmed, null),
          order,
        );
        await recordDemoEvent(m, orderId, 'demo.payment_succeeded', null, receivedAt);
      }
      return { payment, after: await m.findOneByOrFail(Order, { id: orderId }) };
    });
    if (payment.providerPaymentId)
      demo.settle(payment.providerPaymentId, outcome === 'fail' ? 'failed' : 'succeeded', payment);
    return { orderId, status: after.status, paymentStatus: after.paymentStatus };
  }

  /** The demo provider; 404 when another provider takes the payments, and in production (no route there). */
  private demoProvider(): DemoPaymentProvider {
    const demo = this.providers.get('demo');
    if (!(demo instanceof DemoPaymentProvider)) throw new NotFoundException();
    return demo;
  }

  /** The demo order under its lock, for the holder of its client secret; 404 otherwise. */
  private async lockDemoOrder(
    m: EntityManager,
    demo: DemoPaymentProvider,
    orderId: string,
    clientSecret: string,
  ): Promise<Order> {
    const order = await this.fulfilment.lockOrder(m, orderId);
    if (
      !order ||
      order.paymentProvider !== demo.name ||
      !this.secrets.matches(order.clientSecretSealed, clientSecret)
    ) {
      throw new NotFoundException('Order not found');
    }
    return order;
  }

  /**
   * Catches up with the provider for the shopper's browser, which polls the order's status once the
   * provider's script has confirmed the card: when the order is still unpaid here (the webhook is late,
   * lost or misconfigured) its payment is read from the provider (fetchPayment), and a succeeded one is
   * confirmed exactly as the webhook confirms it (same amount and currency check, same conditional update
   * in FulfilmentService, so a webhook racing this lookup cannot deliver the order twice). At most one
   * lookup per order every PAYMENT_SYNC_INTERVAL_MS, across processes with REDIS_URL (a poll that
   * another process answered a moment ago reads the order as it is); a provider error is logged and the
   * webhook remains the way the order is paid.
   *
   * Answers false when the order's provider is not one to catch up with (it confirms payments through
   * this server, as the demo provider does, or it is not configured here): the order is as it was read.
   */
  async syncPayment(order: Order): Promise<boolean> {
    const provider = this.providers.of(order);
    if (!provider?.confirmsAsynchronously) return false;
    if (!order.providerPaymentId || !UNPAID.includes(order.paymentStatus)) return true;
    const running = this.syncing.get(order.id);
    if (running) return running.then(() => true);
    const providerPaymentId = order.providerPaymentId;
    const sync = (async () => {
      if (await this.syncGate.pass(`${provider.name}-sync:${order.id}`, PAYMENT_SYNC_INTERVAL_MS))
        await this.confirmFromProvider(provider, order.id, providerPaymentId);
    })().finally(() => this.syncing.delete(order.id));
    this.syncing.set(order.id, sync);
    return sync.then(() => true);
  }

  private async confirmFromProvider(
    provider: PaymentProvider,
    orderId: string,
    providerPaymentId: string,
  ): Promise<void> {
    let payment: ProviderPayment;
    try {
      payment = await provider.fetchPayment(providerPaymentId);
    } catch (error) {
      this.logger.warn(
        `Could not read ${provider.name} payment ${providerPaymentId}: ${(error as Error).message}`,
      );
      return;
    }
    if (payment.status !== 'succeeded') return;
    let risk: PaymentRisk | null = null;
    try {
      risk = provider.fetchRisk ? await provider.fetchRisk(providerPaymentId) : null;
    } catch (error) {
      // Not confirmed without its review data: the webhook (or the next poll) confirms it.
      this.logger.warn(
        `Could not read the risk of payment ${providerPaymentId}: ${(error as Error).message}`,
      );
      return;
    }
    await runInTransaction(this.db, async (m) => {
      const order = await m.findOneBy(Order, { id: orderId });
      if (order && UNPAID.includes(order.paymentStatus)) await this.confirmPaid(m, order, payment, risk);
    });
  }

  /**
   * Whether the provider's payment is for the order's total in its currency; a payment that is not is
   * logged and changes nothing (staff review it).
   */
  private paysOrder(
    order: Order,
    paid: { providerPaymentId: string; amountCents: number | null; currency: string | null },
  ): boolean {
    if (paid.amountCents === order.totalCents && paid.currency === order.currency) return true;
    this.logger.error(
      `Payment ${paid.providerPaymentId} of ${paid.amountCents} ${paid.currency} for order ${order.id} of ` +
        `${order.totalCents} ${order.currency}: not applied, needs review`,
    );
    return false;
  }

  /** Confirms the order's payment when the provider received its total in its currency. */
  private async confirmPaid(
    m: EntityManager,
    order: Order,
    paid: {
      providerPaymentId: string;
      amountCents: number | null;
      currency: string | null;
      paymentMethod: string | null;
    },
    risk: PaymentRisk | null,
  ): Promise<void> {
    if (!this.paysOrder(order, paid)) return;
    if (!UNPAID.includes(order.paymentStatus)) return;
    if (risk) {
      Object.assign(order, { cardCountry: risk.cardCountry, cardFingerprint: risk.cardFingerprint });
      await m.update(Order, order.id, {
        cardCountry: risk.cardCountry,
        cardFingerprint: risk.cardFingerprint,
      });
    }
    const confirmed = await this.fulfilment.confirmPayment(
      m,
      order.id,
      risk?.paymentMethod ?? paid.paymentMethod ?? 'card',
      (confirmed) => this.holdRules.reasons(m, confirmed, risk),
    );
    if (confirmed) await this.disputes.applyOpenAfterConfirmation(m, order.id);
  }

  private async applyOnce(
    provider: PaymentProvider,
    event: WebhookEvent,
    risk: PaymentRisk | null,
  ): Promise<void> {
    const { providerEventId } = event;
    const afterCommit: AfterCommit[] = [];
    try {
      await runInTransaction(this.db, async (m) => {
        afterCommit.length = 0;
        await m.insert(PaymentEvent, {
          providerEventId,
          provider: provider.name,
          type: event.providerType,
          orderId: null,
          failureReason: event.kind === 'failed' ? event.failureReason : null,
        });
        const orderId = await this.applyEvent(m, provider, event, risk, afterCommit);
        if (orderId) await m.update(PaymentEvent, { providerEventId }, { orderId });
      });
    } catch (error) {
      if (isUniqueViolation(error)) return; // already applied: a replay
      throw error;
    }
    // Committed: what must not run inside the transaction (asking the provider for a refund). A failure
    // here is caught up by the housekeeping (RefundsService.askUnanswered), not by the provider's retry.
    for (const task of afterCommit)
      await task().catch((error: Error) =>
        this.logger.error(`After ${provider.name} event ${providerEventId}: ${error.message}`),
      );
  }

  /** Returns the order the event concerned, if any. */
  private async applyEvent(
    m: EntityManager,
    provider: PaymentProvider,
    event: WebhookEvent,
    risk: PaymentRisk | null,
    afterCommit: AfterCommit[],
  ): Promise<string | null> {
    if (event.kind === 'ignored') return null;
    const order = event.providerPaymentId
      ? await this.orderOf(m, provider, event.providerPaymentId, event.orderId)
      : null;
    if (!order) return null;
    switch (event.kind) {
      case 'succeeded':
        await this.confirmPaid(m, order, event, risk);
        break;
      case 'processing':
        if (this.paysOrder(order, event))
          await this.fulfilment.markProcessing(m, order.id, event.paymentMethod, event.bankTransfer);
        break;
      case 'failed':
        await this.fulfilment.failPayment(m, order.id);
        break;
      case 'cancelled':
        await this.fulfilment.paymentCancelled(m, order.id);
        break;
      case 'refunded': {
        // Under the order's lock, as staff's refunds are recorded (RefundsService).
        const locked = (await this.fulfilment.lockOrder(m, order.id))!;
        for (const refund of event.refunds ?? [])
          await this.refunds.applyReported(m, locked, refund, event.occurredAt);
        // Refunds not listed (newer API versions list none, older ones the first ten): the rest of the total.
        // Not when the list accounts for all of it: a late event's total would otherwise stand again for a
        // listed refund that failed since.
        const listedCents = (event.refunds ?? [])
          .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
          .reduce((sum, refund) => sum + refund.amountCents, 0);
        if (event.amountCents !== null && event.amountCents > listedCents)
          await this.refunds.applyRefundedTotal(m, locked, event.amountCents, event.providerEventId);
        else if (event.fullyRefunded) await this.refunds.applyFullyRefunded(m, locked);
        break;
      }
      case 'refund_updated':
        await this.refunds.applyReported(
          m,
          (await this.fulfilment.lockOrder(m, order.id))!,
          event.refund,
          event.occurredAt,
        );
        break;
      case 'dispute':
        // Under the order's lock, as refunds and a held order's approval are.
        await this.disputes.applyDispute(
          m,
          (await this.fulfilment.lockOrder(m, order.id))!,
          event.phase,
          event.dispute,
          event.occurredAt,
        );
        break;
      case 'fraud_warning': {
        const after = await this.disputes.applyFraudWarning(
          m,
          (await this.fulfilment.lockOrder(m, order.id))!,
          event.warning,
        );
        if (after) afterCommit.push(after);
        break;
      }
      case 'review_opened':
        await this.reviews.opened(m, order.id);
        break;
      case 'review_closed':
        await this.reviews.closed(m, order.id, event.reason);
        break;
    }
    return order.id;
  }

  /**
   * The order of a provider's payment: by the payment id the order stored, or else by the order id the
   * provider was given (`orderId`), when that order was created with this provider.
   */
  private async orderOf(
    m: EntityManager,
    provider: PaymentProvider,
    providerPaymentId: string,
    orderId: string | null,
    warnWhenUnknown = true,
  ): Promise<Order | null> {
    const order = await m.findOneBy(Order, { providerPaymentId });
    if (order) return order;
    if (orderId) {
      const byOrderId = await m.findOneBy(Order, { id: orderId });
      if (byOrderId?.paymentProvider === provider.name) return byOrderId;
    }
    if (warnWhenUnknown) this.logger.warn(`${provider.name} event for unknown payment ${providerPaymentId}`);
    return null;
  }
}
