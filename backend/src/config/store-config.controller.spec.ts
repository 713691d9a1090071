import { loadConfig } from './app-config.js';
import { StoreConfigController } from './store-config.controller.js';

const ROOT = '/srv/store';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const answer = (env: Record<string, string>) => new StoreConfigController(loadConfig(env, ROOT)).get();

describe('StoreConfigController', () => {
  it('shows the development sign-in only outside production, and only while it is the default', () => {
    expect(answer({})).toEqual({
      environment: 'development',
      paymentProvider: 'demo',
      supportEmail: 'support@localhost',
      developmentSignIn: { username: 'admin', password: 'admin-dev-password' },
    });
    expect(answer({ ADMIN_PASSWORD: 'my-own-long-password' }).developmentSignIn).toBeNull();
    expect(answer({ ADMIN_USERNAME: 'owner' }).developmentSignIn).toBeNull();
    const production = answer({
      ...STRIPE,
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(32),
      LICENSE_KEY_SECRET: 'l'.repeat(32),
      ADMIN_PASSWORD: 'a-long-production-password',
      SUPPORT_EMAIL: 'help@shop.example',
    });
    expect(production).toEqual({
      environment: 'production',
      paymentProvider: 'stripe',
      supportEmail: 'help@shop.example',
      developmentSignIn: null,
    });
  });

  it('names the provider that really takes payments', () => {
    expect(answer(STRIPE).paymentProvider).toBe('stripe');
    expect(answer({ ...STRIPE, PAYMENTS_DEMO: 'true' }).paymentProvider).toBe('demo');
  });
});
