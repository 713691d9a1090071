import { checkoutPaymentProvider, type AppConfig, type PaymentProviderName } from '../config/app-config.js';
import type { Order } from '../orders/entities/order.entity.js';
import type { PaymentProvider } from './payment-provider.js';
import { DemoPaymentProvider } from './providers/demo.provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';

/**
 * Every provider this build knows, made from the settings, or null when it is not configured. A new
 * provider is one file in providers/ and one line here (with its settings and its name in app-config).
 */
const FROM_SETTINGS: { [N in PaymentProviderName]: (config: AppConfig) => PaymentProvider | null } = {
  stripe: (config) =>
    config.payments.stripe ? StripePaymentProvider.fromSettings(config.payments.stripe) : null,
  demo: (config) => (config.payments.demo ? new DemoPaymentProvider() : null),
};

/** Whose webhooks arrive at `POST /api/payments/webhook`, the address Stripe's dashboard is set up with. */
export const DEFAULT_WEBHOOK_PROVIDER: PaymentProviderName = 'stripe';

/**
 * The configured payment providers by name. New checkouts pay with the one the settings choose
 * (`checkout`); an order already created stays with the provider its `paymentProvider` column names
 * (`of`), whichever takes new checkouts now.
 */
export class PaymentProviders {
  private readonly byName: ReadonlyMap<string, PaymentProvider>;
  /** The provider new checkouts' payments are created with. */
  readonly checkout: PaymentProvider;

  constructor(providers: readonly PaymentProvider[], checkoutName: PaymentProviderName) {
    this.byName = new Map(providers.map((provider) => [provider.name, provider]));
    const checkout = this.byName.get(checkoutName);
    if (!checkout) throw new Error(`The payment provider "${checkoutName}" is not configured`);
    this.checkout = checkout;
  }

  /** Every configured provider the settings describe, checkouts going to checkoutPaymentProvider's. */
  static fromSettings(config: AppConfig): PaymentProviders {
    const providers = Object.values(FROM_SETTINGS)
      .map((make) => make(config))
      .filter((provider) => provider !== null);
    return new PaymentProviders(providers, checkoutPaymentProvider(config));
  }

  /** A configured provider by name, or null (an unknown name, or one without its settings here). */
  get(name: string): PaymentProvider | null {
    return this.byName.get(name) ?? null;
  }

  /** The provider that took (or is taking) the order's payment, or null when it is not configured here. */
  of(order: Pick<Order, 'paymentProvider'>): PaymentProvider | null {
    return order.paymentProvider ? this.get(order.paymentProvider) : null;
  }
}
