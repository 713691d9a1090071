import { reviewConfig } from './review-config.js';

function load(env: Record<string, string>) {
  const problems: string[] = [];
  return { config: reviewConfig(env, problems), problems };
}

describe('reviewConfig', () => {
  it('holds by every rule by default, promising a review within 12 hours', () => {
    expect(load({})).toEqual({
      config: {
        providerReview: true,
        countryMismatch: true,
        velocityOrders: 5,
        velocityCards: 3,
        firstOrderCents: 50_000,
        disposableEmail: true,
        reviewHours: 12,
        alertAfterHours: 24,
      },
      problems: [],
    });
  });

  it('turns each rule off with 0 or false', () => {
    const { config, problems } = load({
      HOLD_PROVIDER_REVIEW: 'false',
      HOLD_COUNTRY_MISMATCH: 'off',
      HOLD_VELOCITY_ORDERS: '0',
      HOLD_VELOCITY_CARDS: '0',
      HOLD_FIRST_ORDER_CENTS: '0',
      HOLD_DISPOSABLE_EMAIL: '0',
      HOLD_REVIEW_HOURS: '4',
      HOLD_ALERT_AFTER_HOURS: '0',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      providerReview: false,
      countryMismatch: false,
      velocityOrders: 0,
      velocityCards: 0,
      firstOrderCents: 0,
      disposableEmail: false,
      reviewHours: 4,
      alertAfterHours: 0,
    });
  });

  it('names each bad setting', () => {
    const { problems } = load({
      HOLD_VELOCITY_ORDERS: '-1',
      HOLD_FIRST_ORDER_CENTS: '12.5',
      HOLD_DISPOSABLE_EMAIL: 'maybe',
      HOLD_REVIEW_HOURS: '0',
    });
    expect(problems).toEqual([
      'HOLD_REVIEW_HOURS must be at least 1 (it is promised to customers)',
      'HOLD_VELOCITY_ORDERS must be a whole number from 0 to 10000 (got "-1")',
      'HOLD_FIRST_ORDER_CENTS must be a whole number from 0 to 100000000 (got "12.5")',
      'HOLD_DISPOSABLE_EMAIL must be true or false (got "maybe")',
    ]);
  });
});
