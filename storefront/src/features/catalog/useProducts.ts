import { selectCurrency, useGetProductsQuery } from '../../store/storeApi';
import { useAppSelector } from '../../store/hooks';
import type { Product } from '../../api/types';

export type CatalogStatus = 'loading' | 'succeeded' | 'failed';

const NONE: Product[] = [];

/**
 * The catalogue in the store's currency and its loading status; loads it on first use (and for each
 * currency chosen). While another currency's catalogue loads, the one before stays shown, in its own prices.
 */
export function useProducts(): { products: Product[]; status: CatalogStatus } {
  const { data, isError } = useGetProductsQuery(useAppSelector(selectCurrency));
  return { products: data ?? NONE, status: data ? 'succeeded' : isError ? 'failed' : 'loading' };
}
