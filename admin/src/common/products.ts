import { BUILD_CATALOG, type CatalogEntry } from '@store/contracts';

/** A product as the back office names it: its id and title. */
export type ProductName = Pick<CatalogEntry, 'id' | 'title'>;
import { useSyncExternalStore } from 'react';

/*
 * The catalogue's products, whose titles the admin pickers and tables show (DESIGN.md): GET /api/products
 * (public), asked for once per page load by the first productName() or useProducts(). Until it has answered,
 * or if it cannot be reached, the catalogue this build was made with (the API contract's).
 */

/** The products, in catalogue order. Updated in place when the catalogue arrives; useProducts() re-renders. */
export const PRODUCTS: ProductName[] = [];

/** The products as react-admin choices (`{id, name}`), updated with PRODUCTS. */
export const PRODUCT_CHOICES: { id: string; name: string }[] = [];

const listeners = new Set<() => void>();
let pending: Promise<void> | undefined;
// A new array each time the catalogue changes, so that React sees the change.
let snapshot: readonly ProductName[] = [];

function takeCatalogue(products: readonly ProductName[]): void {
  PRODUCTS.splice(0, PRODUCTS.length, ...products.map(({ id, title }) => ({ id, title })));
  PRODUCT_CHOICES.splice(
    0,
    PRODUCT_CHOICES.length,
    ...PRODUCTS.map(({ id, title }) => ({ id, name: title })),
  );
  snapshot = [...PRODUCTS];
  for (const listener of listeners) listener();
}
takeCatalogue(BUILD_CATALOG);

const isCatalogue = (body: unknown): body is ProductName[] =>
  Array.isArray(body) &&
  body.length > 0 &&
  body.every(
    (product: { id?: unknown; title?: unknown } | null) =>
      typeof product?.id === 'string' && typeof product.title === 'string',
  );

/** Asks GET /api/products once; the build's catalogue stays when the answer is not a catalogue. */
export function loadProducts(): Promise<void> {
  pending ??= fetch('/api/products', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((body) => {
      if (isCatalogue(body)) takeCatalogue(body);
    })
    .catch(() => undefined);
  return pending;
}

/** Back to the build's catalogue, not yet asked for (tests). */
export function resetProducts(): void {
  pending = undefined;
  takeCatalogue(BUILD_CATALOG);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadProducts();
  return () => listeners.delete(listener);
}

/** The products, rendered again when GET /api/products has answered. */
export function useProducts(): readonly ProductName[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/**
 * The catalogue title of a product id; an id outside the catalogue reads as the spec's fallback: the first
 * hyphen replaced by a space and each word capitalised.
 */
export function productName(productId: string | null | undefined): string {
  void loadProducts();
  if (!productId) return '';
  const product = PRODUCTS.find(({ id }) => id === productId);
  if (product) return product.title;
  return productId
    .replace('-', ' ')
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
