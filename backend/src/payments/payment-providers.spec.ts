import { loadConfig } from '../config/app-config.js';
import { PaymentProviders } from './payment-providers.js';
import { DemoPaymentProvider } from './providers/demo.provider.js';
import { StripePaymentProvider } from './providers/stripe.provider.js';

const ROOT = '/srv/store';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const providersOf = (env: Record<string, string>) => PaymentProviders.fromSettings(loadConfig(env, ROOT));
const names = (providers: PaymentProviders) =>
  ['stripe', 'demo', 'paypal'].filter((name) => providers.get(name) !== null);

describe('PaymentProviders', () => {
  it('holds the demo provider alone without Stripe keys', () => {
    const providers = providersOf({});
    expect(names(providers)).toEqual(['demo']);
    expect(providers.checkout).toBeInstanceOf(DemoPaymentProvider);
  });

  it('holds Stripe alone with its keys, and checkouts pay with it', () => {
    const providers = providersOf(STRIPE);
    expect(names(providers)).toEqual(['stripe']);
    expect(providers.checkout).toBeInstanceOf(StripePaymentProvider);
    expect(providers.checkout.publishableKey).toBe('pk_test_x');
  });

  it('holds both with PAYMENTS_DEMO: checkouts pay with the demo, Stripe still serves its orders', () => {
    const providers = providersOf({ ...STRIPE, PAYMENTS_DEMO: 'true' });
    expect(names(providers)).toEqual(['stripe', 'demo']);
    expect(providers.checkout.name).toBe('demo');
    expect(providers.of({ paymentProvider: 'stripe' })).toBe(providers.get('stripe'));
  });

  it("picks an existing order's provider by its paymentProvider column, whichever takes checkouts", () => {
    const stripe = providersOf(STRIPE);
    expect(stripe.of({ paymentProvider: 'stripe' })).toBe(stripe.checkout);
    // An order of a provider not configured here (or of none) has no provider to ask.
    expect(stripe.of({ paymentProvider: 'demo' })).toBeNull();
    expect(stripe.of({ paymentProvider: null })).toBeNull();
    const demo = providersOf({});
    expect(demo.of({ paymentProvider: 'demo' })).toBe(demo.checkout);
    expect(demo.of({ paymentProvider: 'stripe' })).toBeNull();
  });

  it('refuses settings whose checkout provider is missing', () => {
    expect(() => new PaymentProviders([new DemoPaymentProvider()], 'stripe')).toThrow(
      'The payment provider "stripe" is not configured',
    );
  });
});
