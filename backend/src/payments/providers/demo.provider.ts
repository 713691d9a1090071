import { randomBytes } from 'node:crypto';
import type { Order } from '../../orders/entities/order.entity.js';
import {
  ProviderUnsupported,
  RefundRefused,
  WebhookRefused,
  type CreatedPayment,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookEvent,
  type WebhookHeaders,
} from '../payment-provider.js';

/** The demo provider's books keep this many payments, the oldest forgotten first. */
export const DEMO_PAYMENTS_KEPT = 10_000;

interface DemoPayment {
  status: ProviderPayment['status'];
  amountCents: number;
  currency: string;
  refundedCents: number;
  /** Refunds made, by idempotency key, so a repeated request answers the same refund. */
  refunds: Map<string, ProviderRefund>;
}

/**
 * No card and no charge: the shopper confirms through POST /api/payments/demo/confirm, which settles
 * the payment here. Its books are this process's memory (development only): they stand in for a
 * provider's, so that refunds and look-ups behave as a real provider's would, and are forgotten on
 * restart. The order is what the store trusts, as it is for every provider: nothing reads these books
 * to decide an order's state.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  /** Confirmed by this server itself, at once: there is nothing to catch up with. */
  readonly confirmsAsynchronously = false;
  private readonly payments = new Map<string, DemoPayment>();

  async createPayment(order: Order): Promise<CreatedPayment> {
    const id = `demo_${order.id}`;
    if (!this.payments.has(id)) this.keep(id, this.newPayment(order.totalCents, order.currency));
    return { providerPaymentId: id, clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}` };
  }

  /**
   * 'cancelled': the demo confirmation refuses cancelled orders, so nothing can be paid after; but a payment
   * the bank is processing (confirmed with `delay`) cannot be stopped, as at a real provider: 'paid'. A bank
   * transfer the buyer has not sent (`requires_action`) can, as at Stripe.
   */
  async cancelPayment(providerPaymentId: string): Promise<'cancelled' | 'paid'> {
    const payment = this.payments.get(providerPaymentId);
    if (payment?.status === 'processing') return 'paid';
    if (payment && payment.status !== 'succeeded') payment.status = 'cancelled';
    return 'cancelled';
  }

  /**
   * Records the outcome of the demo confirmation (the order's total, in case this process did not create
   * the payment: another process, or before a restart).
   */
  settle(
    providerPaymentId: string,
    outcome: 'succeeded' | 'failed' | 'processing' | 'requires_action',
    order: Pick<Order, 'totalCents' | 'currency'>,
  ): void {
    const payment =
      this.payments.get(providerPaymentId) ??
      this.keep(providerPaymentId, this.newPayment(order.totalCents, order.currency));
    if (payment.status !== 'succeeded') payment.status = outcome;
  }

  async refund(
    providerPaymentId: string,
    amountCents?: number,
    options: { idempotencyKey?: string; storeRefundId?: string } = {},
  ): Promise<ProviderRefund> {
    const payment = this.payments.get(providerPaymentId);
    if (!payment) throw new RefundRefused(`No such demo payment: ${providerPaymentId}`);
    const key = options.idempotencyKey ?? (amountCents === undefined ? 'full' : String(amountCents));
    const repeated = payment.refunds.get(key);
    if (repeated) return repeated;
    if (payment.status !== 'succeeded')
      throw new RefundRefused(`Demo payment ${providerPaymentId} was not paid`);
    const left = payment.amountCents - payment.refundedCents;
    const amount = amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new RefundRefused(
        `Demo payment ${providerPaymentId} has ${left} cents left to refund, not ${amount}`,
      );
    }
    payment.refundedCents += amount;
    // No money moves: the refund succeeds at once.
    const refund: ProviderRefund = {
      providerRefundId: `demo_refund_${randomBytes(12).toString('hex')}`,
      amountCents: amount,
      status: 'succeeded',
      failureReason: null,
      storeRefundId: options.storeRefundId ?? null,
    };
    payment.refunds.set(key, refund);
    return refund;
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const { status, amountCents, currency } = this.known(providerPaymentId);
    return {
      providerPaymentId,
      status,
      amountCents,
      currency,
      paymentMethod: status === 'succeeded' ? 'demo' : null,
    };
  }

  /** The demo provider sends no webhooks: its payments are confirmed through its own route. */
  /** No card network behind it, so no chargebacks: nothing to send evidence for. */
  async submitDisputeEvidence(): Promise<void> {
    throw new ProviderUnsupported(
      'The demo payment provider has no disputes: there is nowhere to send evidence',
    );
  }

  async parseWebhook(_rawBody: Buffer | undefined, _headers: WebhookHeaders): Promise<WebhookEvent> {
    throw new WebhookRefused('The demo payment provider sends no webhooks');
  }

  private newPayment(amountCents: number, currency: string): DemoPayment {
    return { status: 'requires_action', amountCents, currency, refundedCents: 0, refunds: new Map() };
  }

  private keep(id: string, payment: DemoPayment): DemoPayment {
    this.payments.set(id, payment);
    if (this.payments.size > DEMO_PAYMENTS_KEPT) this.payments.delete(this.payments.keys().next().value!);
    return payment;
  }

  private known(providerPaymentId: string): DemoPayment {
    const payment = this.payments.get(providerPaymentId);
    if (!payment) throw new Error(`No such demo payment: ${providerPaymentId}`);
    return payment;
  }
}
