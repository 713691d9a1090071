import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Order } from '../orders/entities/order.entity.js';

export const PAYMENT_PROVIDER_NAMES = ['stripe', 'demo'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

export interface CreatedPayment {
  providerPaymentId: string;
  clientSecret: string;
}

/** Where a checkout's payment is created. One is active, chosen by the settings (see PaymentsModule). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Publishable key the browser needs, if any. */
  readonly publishableKey?: string;
  createPayment(order: Order): Promise<CreatedPayment>;
  /**
   * Cancels an order's payment so that it can no longer be paid: 'cancelled' (or it already was), or
   * 'paid' when the shopper's payment went through first. Throws when the provider cannot be reached.
   */
  cancelPayment(providerPaymentId: string): Promise<'cancelled' | 'paid'>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** A Stripe PaymentIntent for the server's total, idempotent per order. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    readonly publishableKey: string,
  ) {}

  async createPayment(order: Order): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: order.totalCents,
        currency: order.currency,
        automatic_payment_methods: { enabled: true },
        receipt_email: order.customerEmail,
        metadata: { orderId: order.id },
      },
      { idempotencyKey: `order-${order.id}-payment-intent` },
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
    return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
  }

  async cancelPayment(providerPaymentId: string): Promise<'cancelled' | 'paid'> {
    try {
      await this.stripe.paymentIntents.cancel(providerPaymentId);
      return 'cancelled';
    } catch (error) {
      // Refused for its state: find out which.
      const { status } = await this.stripe.paymentIntents.retrieve(providerPaymentId);
      if (status === 'canceled') return 'cancelled';
      if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return 'paid';
      throw error;
    }
  }
}

/** No card and no charge: the shopper confirms through POST /api/payments/demo/confirm. */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  async createPayment(order: Order): Promise<CreatedPayment> {
    const id = `demo_${order.id}`;
    return { providerPaymentId: id, clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}` };
  }

  /** Nothing to tell anyone: the demo confirmation refuses cancelled orders. */
  async cancelPayment(): Promise<'cancelled'> {
    return 'cancelled';
  }
}
