import { loadConfig } from '../config/app-config.js';
import { contentSecurityPolicy, securityHeaders } from './security.js';

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

describe('securityHeaders', () => {
  it("computes helmet's headers once, with HSTS only over HTTPS", () => {
    const plain = securityHeaders(loadConfig({}, '/srv/store'));
    expect(plain).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(plain['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    const secure = securityHeaders(loadConfig({ PUBLIC_URL: 'https://shop.example' }, '/srv/store'));
    expect(secure['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(secure['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });
});
