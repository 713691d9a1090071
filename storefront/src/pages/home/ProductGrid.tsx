import Box from '@mui/material/Box';
import { useDeferredValue, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CurrencySelect } from '../../features/cart/CurrencySelect';
import { selectCurrency } from '../../features/cart/cartSelectors';
import { prepareMoneyFormat } from '../../lib/money';
import { nextTask } from '../../lib/nextTask';
import { Note } from '../../components/Note';
import { addItem } from '../../store/cart/cartSlice';
import { ProductCard } from '../../features/catalog/ProductCard';
import { useProducts } from '../../features/catalog/useProducts';
import { ProductsLoading } from './ProductsLoading';

/**
 * The catalogue's cards, its placeholder or its error: the only part of `/` that changes once shown, so the
 * catalogue's loading states re-render it alone. The cards follow the catalogue through a deferred value:
 * React renders them in slices, in the background, instead of one task that would block input as the page
 * finishes loading. Above them, the currency (/ has no header to hold it): every currency the store sells,
 * its original offer among them.
 */
export function ProductGrid() {
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const current = useProducts();
  // The formatter's first use loads the language's number data: in a task of its own while the catalogue
  // loads, not in the render of the cards.
  useEffect(() => {
    void nextTask().then(() => prepareMoneyFormat(currency));
  }, [currency]);
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
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <CurrencySelect />
      </Box>
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
    </>
  );
}
