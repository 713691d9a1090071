/**
 * The fraud hold's settings (#19 §3): which rules hold a paid order for review instead of delivering it,
 * and what the customer and staff are told. Each rule is off at 0 / false.
 */
export interface ReviewConfig {
  /** HOLD_PROVIDER_REVIEW: hold when the provider opens a review or rates the charge elevated/highest risk. */
  providerReview: boolean;
  /** HOLD_COUNTRY_MISMATCH: hold when two of billing, card and address country disagree. */
  countryMismatch: boolean;
  /** HOLD_VELOCITY_ORDERS: hold when more than this many orders came from one address or e-mail in an hour. */
  velocityOrders: number;
  /** HOLD_VELOCITY_CARDS: hold when this many distinct cards paid from one address or e-mail in an hour. */
  velocityCards: number;
  /** HOLD_FIRST_ORDER_CENTS: hold an e-mail's first paid order above this total (cents). */
  firstOrderCents: number;
  /** HOLD_DISPOSABLE_EMAIL: hold orders from disposable e-mail domains (the kept mailchecker list). */
  disposableEmail: boolean;
  /** HOLD_REVIEW_HOURS: what the customer is told ("usually within N hours"). */
  reviewHours: number;
  /** HOLD_ALERT_AFTER_HOURS: held orders older than this are listed on the dashboard. */
  alertAfterHours: number;
}

type Env = Record<string, string | undefined>;

export function reviewConfig(env: Env, problems: string[]): ReviewConfig {
  const whole = (name: string, fallback: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= 0 && value <= max) return value;
    problems.push(`${name} must be a whole number from 0 to ${max} (got "${raw}")`);
    return fallback;
  };
  const onOff = (name: string, fallback: boolean) => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const reviewHours = whole('HOLD_REVIEW_HOURS', 12, 720);
  if (reviewHours === 0) problems.push('HOLD_REVIEW_HOURS must be at least 1 (it is promised to customers)');
  return {
    providerReview: onOff('HOLD_PROVIDER_REVIEW', true),
    countryMismatch: onOff('HOLD_COUNTRY_MISMATCH', true),
    velocityOrders: whole('HOLD_VELOCITY_ORDERS', 5, 10_000),
    velocityCards: whole('HOLD_VELOCITY_CARDS', 3, 10_000),
    firstOrderCents: whole('HOLD_FIRST_ORDER_CENTS', 50_000, 100_000_000),
    disposableEmail: onOff('HOLD_DISPOSABLE_EMAIL', true),
    reviewHours: reviewHours || 12,
    alertAfterHours: whole('HOLD_ALERT_AFTER_HOURS', 24, 720),
  };
}
