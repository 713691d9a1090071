import { loadConfig } from '../config/app-config.js';
import { contentSecurityPolicy } from './security.js';

describe('contentSecurityPolicy', () => {
  it('allows nothing but the store itself in demo mode', () => {
    const { directives } = contentSecurityPolicy(loadConfig({}, '/srv/store'));
    expect(JSON.stringify(directives)).not.toMatch(/https:/);
    expect(directives.frameSrc).toEqual(["'none'"]);
  });

  it('allows Stripe.js, its frames and its API when Stripe takes the payments', () => {
    const config = loadConfig(
      {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
      '/srv/store',
    );
    const { directives } = contentSecurityPolicy(config);
    expect(directives.scriptSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directives.frameSrc).toContain('https://hooks.stripe.com');
    expect(directives.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives.frameAncestors).toEqual(["'none'"]);
  });
});
