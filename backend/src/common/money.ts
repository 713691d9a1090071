/**
 * Money (#35 §3): an amount in a currency's minor units (cents; yen for JPY, which has none) with its ISO
 * 4217 code. Amounts are integers end to end; a currency code is upper-case in the store's database and API
 * (a provider's own spelling, Stripe's lower case, is converted at its boundary).
 */

/** The currencies the store can sell in; the default first. A price list per product says which it does. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'CAD', 'AUD', 'JPY', 'SGD', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of a request that names none, and of every order before #35. */
export const DEFAULT_CURRENCY: Currency = 'USD';

/** A request's refusal of a code outside CURRENCIES (upper case only). */
export const CURRENCY_REFUSAL = `currency must be one of ${CURRENCIES.join(', ')}`;

/** The one order of currencies in lists and reports: CURRENCIES', the default first. */
export function compareCurrencies(a: Currency, b: Currency): number {
  return CURRENCIES.indexOf(a) - CURRENCIES.indexOf(b);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Digits after the decimal point of a currency's amounts as Stripe counts them (its zero-decimal
 * currencies: JPY of ours). ISO 4217 and Stripe agree for every currency the store sells.
 */
const MINOR_UNIT_DIGITS: Record<Currency, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  INR: 2,
  CAD: 2,
  AUD: 2,
  JPY: 0,
  SGD: 2,
  AED: 2,
};

export function minorUnitDigits(currency: Currency): number {
  return MINOR_UNIT_DIGITS[currency];
}

/**
 * The smallest amount a payment can be, in minor units: Stripe's minimum charge per currency (it refuses a
 * PaymentIntent for less). The store has no free orders (every order is paid through its provider, and
 * refunds, invoices and disputes follow that payment), so a checkout whose total a coupon brings below this
 * is refused, with every provider alike.
 */
const MINIMUM_CHARGE: Record<Currency, number> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  INR: 50,
  CAD: 50,
  AUD: 50,
  JPY: 50,
  SGD: 50,
  AED: 200,
};

/**
 * An amount in units of its currency with the currency's decimals, no sign of the currency or thousands
 * separator, as files and machines read it (`40.49`, `-0.05`; yen `6000`).
 */
export function decimalAmount(minor: bigint | number, currency: Currency): string {
  const digits = minorUnitDigits(currency);
  const size = BigInt(minor < 0 ? -minor : minor);
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return `${sign}${size}`;
  const unit = 10n ** BigInt(digits);
  return `${sign}${size / unit}.${String(size % unit).padStart(digits, '0')}`;
}

export function minimumCharge(currency: Currency): Money {
  return money(MINIMUM_CHARGE[currency], currency);
}

/**
 * An amount with its currency. `C` narrows the currency where the code knows it, so that adding a euro
 * amount to a dollar one is a type error; add() also refuses it at run time.
 */
export interface Money<C extends Currency = Currency> {
  /** In the currency's minor units: cents, pence, paise; whole yen. */
  readonly cents: number;
  readonly currency: C;
}

export function money<C extends Currency>(cents: number, currency: C): Money<C> {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money is whole minor units, not ${cents}`);
  return { cents, currency };
}

export class CurrencyMismatch extends Error {
  constructor(a: Currency, b: Currency) {
    super(`Cannot add ${a} to ${b}`);
  }
}

export function add<C extends Currency>(a: Money<C>, b: Money<NoInfer<C>>): Money<C> {
  if (a.currency !== b.currency) throw new CurrencyMismatch(a.currency, b.currency);
  return money(a.cents + b.cents, a.currency);
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The amount as text for people, in the language given (English by default): "$40.49", "€37.99" (en),
 * "37,99 €" (de), "¥6,000". The one place the API turns minor units into display text.
 */
export function formatMoney({ cents, currency }: Money, locale = 'en'): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    const digits = minorUnitDigits(currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(cents / 10 ** minorUnitDigits(currency));
}
