import { riskOf } from '../providers/stripe.provider.js';
import {
  agreedCountry,
  countriesDisagree,
  isDisposableEmail,
  taxEvidenceConflicts,
} from './hold-rules.service.js';

describe('the fraud rules’ checks', () => {
  it('knows disposable domains from the kept list, and their subdomains, not ordinary ones', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@mx.mailinator.com')).toBe(true);
    expect(isDisposableEmail('jane.doe@example.com')).toBe(false);
    expect(isDisposableEmail('jane@gmail.com')).toBe(false);
  });

  it('finds countries in disagreement only among those known', () => {
    expect(countriesDisagree('IN', null, null)).toBe(false);
    expect(countriesDisagree('IN', 'in', undefined)).toBe(false);
    expect(countriesDisagree('IN', 'US', null)).toBe(true);
    expect(countriesDisagree('GB', 'GB', 'FR')).toBe(true);
  });

  it('takes two agreeing countries as the tax evidence, and a conflict only when no two agree', () => {
    expect(taxEvidenceConflicts('DE', null, null)).toBe(false);
    expect(taxEvidenceConflicts('DE', 'de', 'FR')).toBe(false);
    expect(taxEvidenceConflicts('DE', null, 'FR')).toBe(true);
    expect(taxEvidenceConflicts('DE', 'FR', undefined)).toBe(true);
    expect(taxEvidenceConflicts('DE', 'FR', 'GB')).toBe(true);
  });

  it('holds when two agree on another country than the billing one (#32): that is where the buyer is', () => {
    expect(taxEvidenceConflicts('US', 'DE', 'DE')).toBe(true);
    expect(taxEvidenceConflicts('US', 'de', 'DE')).toBe(true);
    expect(taxEvidenceConflicts('US', 'US', 'DE')).toBe(false);
    expect(agreedCountry('US', 'DE', 'de')).toEqual({ country: 'DE', pieces: ['card', 'checkoutAddress'] });
    expect(agreedCountry('DE', null, 'DE')).toEqual({
      country: 'DE',
      pieces: ['billing', 'checkoutAddress'],
    });
    expect(agreedCountry('DE', 'DE', 'DE')).toEqual({
      country: 'DE',
      pieces: ['billing', 'card', 'checkoutAddress'],
    });
    expect(agreedCountry('DE', 'FR', null)).toBeNull();
    expect(agreedCountry('DE', null, null)).toBeNull();
  });

  it("reads Stripe's charge outcome and card, and nothing from a charge not expanded", () => {
    expect(
      riskOf({
        outcome: { type: 'manual_review', risk_level: 'elevated' },
        payment_method_details: { type: 'card', card: { country: 'us', fingerprint: 'Xy12' } },
      }),
    ).toEqual({
      providerReview: true,
      riskLevel: 'elevated',
      cardCountry: 'US',
      cardFingerprint: 'Xy12',
      paymentMethod: 'card',
    });
    // Paid with PayPal through the Payment Element: the method the charge names, no card.
    expect(riskOf({ payment_method_details: { type: 'paypal', paypal: {} } })).toMatchObject({
      cardCountry: null,
      paymentMethod: 'paypal',
    });
    expect(riskOf('ch_123')).toEqual({
      providerReview: false,
      riskLevel: null,
      cardCountry: null,
      cardFingerprint: null,
      paymentMethod: null,
    });
  });
});
