import { useGetProductsQuery } from '../../store/storeApi';
import type { Product } from '../../api/types';

export type CatalogStatus = 'loading' | 'succeeded' | 'failed';

const NONE: Product[] = [];

/** The catalogue and its loading status; loads it on first use. */
export function useProducts(): { products: Product[]; status: CatalogStatus } {
  const { data, isError } = useGetProductsQuery();
  return { products: data ?? NONE, status: data ? 'succeeded' : isError ? 'failed' : 'loading' };
}
