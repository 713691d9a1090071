import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchProducts, selectCatalogStatus, selectProducts } from './catalogSlice';

/** The catalogue and its loading status; loads it on first use. */
export function useProducts() {
  const dispatch = useAppDispatch();
  const products = useAppSelector(selectProducts);
  const status = useAppSelector(selectCatalogStatus);

  useEffect(() => {
    void dispatch(fetchProducts());
  }, [dispatch]);

  return { products, status };
}
