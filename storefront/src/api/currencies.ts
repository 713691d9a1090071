import type { Currency } from '@store/contracts';

/*
 * The currency codes of the API (#35), the lowest layer's knowledge: the store, the cart and the pages use
 * them alike.
 */
export type { Currency };

/**
 * The currencies the store can sell in, upper-case ISO 4217: the API contract's `Currency` (which of them
 * the store sells, `GET /api/store-config` says).
 */
export const CURRENCIES: readonly Currency[] = [
  'USD',
  'EUR',
  'GBP',
  'INR',
  'CAD',
  'AUD',
  'JPY',
  'SGD',
  'AED',
];

export const isCurrency = (value: unknown): value is Currency =>
  (CURRENCIES as readonly unknown[]).includes(value);

/** The store's original offer: what every price was before #35, and what a buyer who chooses none sees. */
export const DEFAULT_CURRENCY: Currency = 'USD';

/** The currency to show: `wanted` when the store sells it (or its list is not known yet), else its default. */
export function soldCurrency(
  wanted: Currency,
  config: { currencies?: readonly Currency[]; defaultCurrency?: Currency } | null | undefined,
): Currency {
  if (!config?.currencies) return wanted;
  return config.currencies.includes(wanted) ? wanted : (config.defaultCurrency ?? DEFAULT_CURRENCY);
}

/*
 * Which currency to suggest to a buyer (#35): from the billing country chosen at checkout, or on a first
 * visit from the browser's language. A suggestion only: the buyer's own choice always wins, and every
 * currency the store sells (the original offer, USD, among them) stays one choice away.
 */

/** The euro area in 2026 (Bulgaria joined on 1 January 2026). */
const EURO_AREA = 'AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');
const NATIONAL: Record<string, Currency> = {
  US: 'USD',
  IN: 'INR',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  JP: 'JPY',
  SG: 'SGD',
  AE: 'AED',
};

/** The currency of a country (ISO 3166 alpha-2), among those the store prices in; null for any other. */
export function currencyOfCountry(country: string): Currency | null {
  const code = country.toUpperCase();
  return NATIONAL[code] ?? (EURO_AREA.includes(code) ? 'EUR' : null);
}

/** The currency of the first of the browser's languages that names a region ("de-DE" → EUR), if any. */
export function currencyOfLocales(locales: readonly string[]): Currency | null {
  for (const locale of locales) {
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})\b/i.exec(locale)?.[1];
    if (region) return currencyOfCountry(region);
  }
  return null;
}
