/**
 * The store's default currency: the dashboard's and reports' totals are in it (other currencies converted),
 * and so is every amount the API answers without a currency beside it.
 */
export const DEFAULT_CURRENCY = 'USD';

/**
 * Digits after the decimal point of a currency's amounts: 2 for USD and EUR ("40.49"), 0 for JPY (whole
 * yen). ISO 4217's, as Intl knows them; Stripe counts minor units the same way for every currency sold.
 */
export const minorUnitDigits = (currency: string) =>
  formatterOf(currency, false).resolvedOptions().maximumFractionDigits ?? 2;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency.toUpperCase()} ${compact}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      'en-US',
      compact
        ? { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }
        : { style: 'currency', currency },
    );
    formatters.set(key, format);
  }
  return format;
}

/**
 * An amount in a currency's minor units as people read it: (4049, 'USD') → "$40.49", (3799, 'EUR') →
 * "€37.99", (6000, 'JPY') → "¥6,000". The API speaks minor units with the record's currency beside them;
 * this is the one place they become text. `compact`: short enough for a chart's axis ("$2.1K"; its tooltip
 * says it in full).
 */
export function formatMoney(cents: number, currency: string, { compact = false } = {}): string {
  return formatterOf(currency, compact).format(cents / 10 ** minorUnitDigits(currency));
}

/**
 * Amounts in several currencies, each in its own, never added up: "$40.49 + €37.99"; none is "$0.00" (in
 * the default currency).
 */
export function formatAmounts(amounts: readonly { currency: string; cents: number }[]): string {
  if (!amounts.length) return formatMoney(0, DEFAULT_CURRENCY);
  return amounts.map(({ cents, currency }) => formatMoney(cents, currency)).join(' + ');
}

/** The first 8 characters of an id. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '');

/** A date in the browser's locale. */
export const formatDate = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleDateString() : '';

export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? new Date(value).toLocaleString() : '';

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Words for the states whose name is not one already. */
const STATUS_LABELS: Record<string, string> = {
  // An order paid but not delivered (its `refundDue` is set): staff owe the shopper the whole payment.
  'refund-due': 'Refund due',
  partially_refunded: 'Partly refunded',
  on_hold: 'On hold',
  needs_response: 'Needs response',
  warning_needs_response: 'Inquiry: needs response',
  under_review: 'Under review',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
};

/** A status as the back office shows it (chips and status choices alike): "Fulfilled", "Partly refunded". */
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? capitalize(status);

const LANGUAGE_NAMES = new Intl.DisplayNames('en', { type: 'language' });

/** A language in English words, as staff read it: `de` is "German" (the code itself if unknown). */
export const languageName = (code: string | null | undefined) =>
  code ? (LANGUAGE_NAMES.of(code) ?? code) : '—';
