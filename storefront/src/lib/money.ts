/*
 * Money (#35 §3) as the storefront shows it: an amount in its currency's minor units (cents; yen for JPY,
 * which has none) with its upper-case ISO 4217 code, as the API answers both.
 */
import type { Currency } from '../api/currencies';

export interface Money {
  /** In the currency's minor units: cents, pence, paise; whole yen. */
  cents: number;
  currency: Currency;
}

/** The page's language (index.html's `lang`): English until the store is translated. */
export const PAGE_LANGUAGE = 'en';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The formatter of a currency in the page's language, made once per currency: Intl's first use in a page
 * loads the language's number data, some 20 ms of main-thread work on a desktop (four times that on a
 * phone). Call it ahead (`prepareMoneyFormat`) in a task of its own, before the prices are rendered.
 */
function formatFor(currency: Currency): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    // Intl knows each currency's minor units (ISO 4217): two for most, none for the yen, as Stripe counts.
    format = new Intl.NumberFormat(PAGE_LANGUAGE, { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

export const prepareMoneyFormat = (currency: Currency): void => void formatFor(currency);

/**
 * The one money formatter of the app: `{4049, USD}` → "$40.49", `{3799, EUR}` → "€37.99", `{6000, JPY}` →
 * "¥6,000", `{-500, USD}` → "-$5.00".
 */
export function formatMoney({ cents, currency }: Money): string {
  const format = formatFor(currency);
  return format.format(cents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A fraction of an amount in minor units, rounded to a whole unit the way the server does (whole percent). */
export function percentOfCents(cents: number, fraction: number): number {
  return Math.round((cents * Math.round(fraction * 100)) / 100);
}
