import { In, type EntityManager } from 'typeorm';
import { compareCurrencies, DEFAULT_CURRENCY, type Currency } from '../common/money.js';
import type { ErrorProblem } from '../common/validation.js';
import type { CatalogContent, CatalogPrice } from './catalog.data.js';
import { ProductPrice } from './entities/product-price.entity.js';
import { Product } from './entities/product.entity.js';

/** A product's price in one currency, as staff read and set it. */
export interface CurrencyPrice extends CatalogPrice {
  currency: Currency;
}

/** "80%": the saving on the list price, rounded down (never more than it is), in integers. */
export function savingsOf({ currentPriceCents, originalPriceCents }: CatalogPrice): string {
  return `${Math.floor(((originalPriceCents - currentPriceCents) * 100) / originalPriceCents)}%`;
}

/** These products' price lists, each in CURRENCIES order, as the database holds them now. */
export async function readPriceLists(
  m: EntityManager,
  productIds: readonly string[],
): Promise<Map<string, CurrencyPrice[]>> {
  const lists = new Map(productIds.map((id) => [id, [] as CurrencyPrice[]]));
  if (productIds.length === 0) return lists;
  const rows = await m.findBy(ProductPrice, { productId: In([...productIds]) });
  for (const { productId, currency, currentPriceCents, originalPriceCents } of inCurrencyOrder(rows))
    lists.get(productId)?.push({ currency, currentPriceCents, originalPriceCents });
  return lists;
}

export function inCurrencyOrder<T extends { currency: Currency }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareCurrencies(a.currency, b.currency));
}

/**
 * What makes a price list (each price valid on its own) wrong: a currency twice, the default currency
 * missing (every product is sold in it), a list price below the price (a negative saving).
 */
export function priceListProblems(prices: readonly CurrencyPrice[], field = 'prices'): ErrorProblem[] {
  const problems: ErrorProblem[] = [];
  prices.forEach((price, i) => {
    if (prices.findIndex((other) => other.currency === price.currency) < i)
      problems.push({ field: `${field}.${i}.currency`, message: `${price.currency} is listed twice` });
    if (price.originalPriceCents < price.currentPriceCents)
      problems.push({
        field: `${field}.${i}.originalPriceCents`,
        message: `originalPriceCents (the list price) must be at least currentPriceCents in ${price.currency}`,
      });
  });
  if (!prices.some((price) => price.currency === DEFAULT_CURRENCY))
    problems.push({
      field,
      message: `prices must include ${DEFAULT_CURRENCY}, the default currency: every product is sold in it`,
    });
  return problems;
}

/**
 * Replaces the product's price list with staff's (in `m`'s transaction): rows of currencies left out are
 * removed (the product is no longer sold in them), the others are staff's from now on (`catalogVersion`
 * null, which the seed never overwrites).
 */
export async function writePriceList(
  m: EntityManager,
  productId: string,
  prices: readonly CurrencyPrice[],
): Promise<void> {
  await m.delete(ProductPrice, { productId });
  await m.insert(
    ProductPrice,
    prices.map((price) => ({ productId, ...price, catalogVersion: null })),
  );
  const usd = prices.find((price) => price.currency === DEFAULT_CURRENCY);
  if (usd) await mirrorUsdPrice(m, productId, usd);
}

/**
 * The catalogue's prices (in `m`), for the products whose price list staff never set: the rows missing are
 * inserted (a new product, a new currency), and the rows the seed wrote from an older catalogue version are
 * brought up to this one. A product's price list once staff set it (`catalogVersion` null) is theirs: the
 * seed neither writes over it nor adds to it (a currency staff took away stays away). A product's USD price
 * is its own (CatalogProduct's prices). Answers how many prices it wrote.
 */
export async function seedPriceLists(m: EntityManager, content: CatalogContent): Promise<number> {
  const { version } = content;
  const existing = await m.findBy(ProductPrice, {
    productId: In(content.products.map((product) => product.id)),
  });
  const staffs = new Set(existing.filter((row) => row.catalogVersion === null).map((row) => row.productId));
  const rows = content.products
    .filter((product) => !staffs.has(product.id))
    .flatMap((product) =>
      Object.entries({
        USD: { currentPriceCents: product.currentPriceCents, originalPriceCents: product.originalPriceCents },
        ...content.prices?.[product.id],
      }).map(([currency, price]) => ({
        productId: product.id,
        currency: currency as Currency,
        currentPriceCents: price.currentPriceCents,
        originalPriceCents: price.originalPriceCents,
        catalogVersion: version,
      })),
    );
  const has = (row: { productId: string; currency: Currency }) =>
    existing.find((e) => e.productId === row.productId && e.currency === row.currency);
  const missing = rows.filter((row) => !has(row));
  if (missing.length)
    await m
      .createQueryBuilder()
      .insert()
      .into(ProductPrice)
      .values(missing)
      .orIgnore()
      .updateEntity(false)
      .execute();
  let written = missing.length;
  for (const { productId, currency, ...price } of rows) {
    const old = has({ productId, currency });
    if (!old || old.catalogVersion === null || old.catalogVersion >= version) continue;
    // Conditional, so a price staff set meanwhile (catalogVersion null: NULL < n is not true) stays.
    const result = await m
      .createQueryBuilder()
      .update(ProductPrice)
      .set(price)
      .where('productId = :productId AND currency = :currency AND catalogVersion < :version', {
        productId,
        currency,
        version,
      })
      .updateEntity(false)
      .execute();
    if (!result.affected) continue;
    written += 1;
    if (currency === DEFAULT_CURRENCY) await mirrorUsdPrice(m, productId, price);
  }
  return written;
}

/**
 * Keeps the products' own price columns (their USD price, which builds before price lists serve) in step
 * with the USD price list during a rolling upgrade. Nothing in this build reads them.
 */
async function mirrorUsdPrice(m: EntityManager, productId: string, price: CatalogPrice): Promise<void> {
  await m.update(
    Product,
    { id: productId },
    {
      currentPriceCents: price.currentPriceCents,
      originalPriceCents: price.originalPriceCents,
      savings: savingsOf(price),
    },
  );
}
