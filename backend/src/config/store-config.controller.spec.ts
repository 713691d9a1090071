import type { CatalogService } from '../catalog/catalog.service.js';
import { loadConfig } from './app-config.js';
import { StoreConfigController } from './store-config.controller.js';

/** The spec's support hours (§9), as the storefront and the e-mails show them. */
const SPEC_HOURS = {
  email: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST',
  phone: 'Mon-Fri 9AM-6PM EST',
  summary: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
  schedule: [
    { day: 'Monday - Friday', hours: '9AM-6PM EST', support: 'Full support by e-mail and phone' },
    { day: 'Saturday', hours: '10AM-4PM EST', support: 'Limited support by e-mail' },
    { day: 'Sunday & holidays', hours: 'Closed', support: 'Automated delivery only' },
  ],
};

const ROOT = '/srv/store';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
/** The price lists, as CatalogService answers them: sold in these currencies. */
const catalog = { soldCurrencies: () => ['USD', 'EUR'] } as CatalogService;
const answer = (env: Record<string, string>) =>
  new StoreConfigController(loadConfig(env, ROOT), catalog).get();

describe('StoreConfigController', () => {
  it('shows the development sign-in only outside production, and only while it is the default', () => {
    expect(answer({})).toEqual({
      environment: 'development',
      paymentProvider: 'demo',
      storeName: 'Office Licence Store',
      supportEmail: 'support@localhost',
      supportPhone: '+1 (864) 555-0142',
      officeAddress: 'Anderson, SC, United States',
      supportHours: SPEC_HOURS,
      holdReviewHours: 12,
      taxMode: 'off',
      currencies: ['USD', 'EUR'],
      defaultCurrency: 'USD',
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
      SMTP_URL: 'smtp://mail.example.com:587',
      SUPPORT_EMAIL: 'help@shop.example',
      SUPPORT_PHONE: '+44 20 7946 0000',
      STORE_NAME: 'Keys & Co',
      OFFICE_ADDRESS: '1 Market St, Anderson, SC',
    });
    expect(production).toEqual({
      environment: 'production',
      paymentProvider: 'stripe',
      storeName: 'Keys & Co',
      supportEmail: 'help@shop.example',
      supportPhone: '+44 20 7946 0000',
      officeAddress: '1 Market St, Anderson, SC',
      supportHours: SPEC_HOURS,
      holdReviewHours: 12,
      taxMode: 'off',
      currencies: ['USD', 'EUR'],
      defaultCurrency: 'USD',
      developmentSignIn: null,
    });
  });

  it('tells whether tax is charged, so the cart does not promise $0.00 of it', () => {
    expect(answer({ TAX_MODE: 'inclusive' }).taxMode).toBe('inclusive');
    expect(answer({ TAX_MODE: 'exclusive' }).taxMode).toBe('exclusive');
  });

  it('names the provider that really takes payments', () => {
    expect(answer(STRIPE).paymentProvider).toBe('stripe');
    expect(answer({ ...STRIPE, PAYMENTS_DEMO: 'true' }).paymentProvider).toBe('demo');
  });
});
