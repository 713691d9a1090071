import type { components } from '@store/contracts';
import { httpClient } from '../providers/dataProvider';

/** A product's price in one currency, in its minor units (whole yen for JPY), as the API speaks it. */
export type ProductPrice = components['schemas']['ProductPriceDto'];

type PriceField = 'currentPriceCents' | 'originalPriceCents';

/** What the price list form holds: a row per currency sold, each price null while the row is empty. */
export interface PriceListValues {
  prices: Record<string, Record<PriceField, number | null>>;
}

/** The form's values for the currencies sold (`GET /api/store-config`), from the product's price list. */
export function priceListValues(
  currencies: readonly string[],
  prices: readonly ProductPrice[],
): PriceListValues {
  return {
    prices: Object.fromEntries(
      currencies.map((currency) => {
        const price = prices.find((p) => p.currency === currency);
        return [
          currency,
          {
            currentPriceCents: price?.currentPriceCents ?? null,
            originalPriceCents: price?.originalPriceCents ?? null,
          },
        ];
      }),
    ),
  };
}

/**
 * The rows as `PUT /api/admin/products/:id/prices` takes them: every currency with both prices, in the
 * store's order; an empty row is a currency the product is not sold in.
 */
export function priceListBody(
  currencies: readonly ProductPrice['currency'][],
  values: PriceListValues,
): { prices: ProductPrice[] } {
  return {
    prices: currencies.flatMap((currency) => {
      const row = values.prices[currency];
      return row && row.currentPriceCents !== null && row.originalPriceCents !== null
        ? [{ currency, currentPriceCents: row.currentPriceCents, originalPriceCents: row.originalPriceCents }]
        : [];
    }),
  };
}

/** A row with one price and not the other: both make the product sold in the currency, neither does not. */
export function rowError(
  currency: string,
  row: Record<PriceField, number | null | undefined> | undefined,
): string | undefined {
  const filled = [row?.currentPriceCents, row?.originalPriceCents].filter(
    (v) => v !== null && v !== undefined,
  );
  return filled.length === 1
    ? `Enter both prices in ${currency}, or neither: the product is then not sold in ${currency}`
    : undefined;
}

/** `PUT /api/admin/products/:id/prices`: replaces the product's price list (admins only). */
export async function putProductPrices(
  productId: string,
  body: { prices: ProductPrice[] },
): Promise<unknown> {
  const { json } = await httpClient(`/api/admin/products/${encodeURIComponent(productId)}/prices`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
  return json;
}

const PATH = /\bprices\.(\d+)(?:\.(currentPriceCents|originalPriceCents))?/;

/**
 * The API's refusal sorted onto the form's fields: a problem names its field (`prices.1.currentPriceCents`,
 * in `errors[].field` or in the message) or its currency ("USD must keep a price"); the index is the row
 * sent (`sent`). Problems about no row are `others`.
 */
export function sortPriceErrors(
  error: unknown,
  sent: readonly ProductPrice[],
  currencies: readonly string[],
): { fields: Record<string, string>; others: string[] } {
  const body = (error as { body?: { message?: unknown; errors?: unknown } } | null)?.body;
  const problems = (
    Array.isArray(body?.errors)
      ? (body.errors as { field?: unknown; message?: unknown }[])
      : [{ message: body?.message }]
  ).filter(
    (p): p is { field?: unknown; message: string } => typeof p?.message === 'string' && p.message !== '',
  );
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const { field, message } of problems) {
    const path = PATH.exec(typeof field === 'string' ? field : '') ?? PATH.exec(message);
    const currency = path
      ? sent[Number(path[1])]?.currency
      : currencies.find((code) => new RegExp(`\\b${code}\\b`).test(message));
    const which: PriceField =
      path?.[2] === 'originalPriceCents' || (!path?.[2] && /original/i.test(message))
        ? 'originalPriceCents'
        : 'currentPriceCents';
    const key = `prices.${currency}.${which}`;
    if (currency && fields[key] === undefined) fields[key] = message;
    else others.push(message);
  }
  if (problems.length === 0) others.push('The prices could not be saved');
  return { fields, others };
}
