import Box from '@mui/material/Box';
import { useDeferredValue } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { Note } from '../../components/Note';
import { addItem } from '../../store/cart/cartSlice';
import { ProductCard } from '../../features/catalog/ProductCard';
import { useProducts } from '../../features/catalog/useProducts';
import { ProductsLoading } from './ProductsLoading';

/**
 * The catalogue's cards, its placeholder or its error: the only part of `/` that changes once shown, so the
 * catalogue's loading states re-render it alone. The cards follow the catalogue through a deferred value:
 * React renders them in slices, in the background, instead of one task that would block input as the page
 * finishes loading.
 */
export function ProductGrid() {
  const dispatch = useAppDispatch();
  const current = useProducts();
  const products = useDeferredValue(current.products);
  const status = useDeferredValue(current.status);

  if (status === 'failed') {
    return (
      <Note tone="error" role="alert">
        Unable to load products. Please refresh the page.
      </Note>
    );
  }
  if (status !== 'succeeded') return <ProductsLoading />;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {products.map((product) => (
        <ProductCard key={product.id} product={product} onAddToCart={(p) => dispatch(addItem(p))} />
      ))}
    </Box>
  );
}
