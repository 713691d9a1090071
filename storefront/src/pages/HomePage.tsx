import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useAppDispatch } from '../app/hooks';
import { Note } from '../components/Note';
import { PageMeta } from '../components/PageMeta';
import { requirementsNote } from '../content/home';
import { addItem } from '../features/cart/cartSlice';
import { ProductCard } from '../features/catalog/ProductCard';
import { useProducts } from '../features/catalog/useProducts';
import { Faq } from './home/Faq';
import { Hero } from './home/Hero';
import { HowItWorks } from './home/HowItWorks';

/**
 * The catalogue section: the only part of `/` that changes once shown, so the catalogue's loading states
 * re-render it alone. The cards follow the catalogue through a deferred value: React renders them in
 * slices, in the background, instead of one task that would block input as the page finishes loading.
 */
function Products() {
  const dispatch = useAppDispatch();
  const current = useProducts();
  const products = useDeferredValue(current.products);
  const status = useDeferredValue(current.status);

  return (
    <Box
      component="section"
      id="products"
      tabIndex={-1}
      aria-labelledby="products-title"
      sx={{ py: 8, outline: 'none' }}
    >
      <Container maxWidth="lg">
        <Typography
          id="products-title"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}
        >
          Choose your Office 2024 edition
        </Typography>
        {status === 'failed' ? (
          <Note tone="error" role="alert">
            Unable to load products. Please refresh the page.
          </Note>
        ) : status === 'succeeded' ? (
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
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading products" />
          </Box>
        )}
        <Box sx={{ mt: 4 }}>
          <Note>{requirementsNote}</Note>
        </Box>
      </Container>
    </Box>
  );
}

/** `/` (bare, no header or footer) and `/home` (inside the shell). */
export function HomePage({ withinShell = false }: { withinShell?: boolean }) {
  const content = (
    <>
      <PageMeta
        title="Office 2024 Lifetime Licences"
        description="Genuine Office 2024 lifetime licence keys for Windows and Mac: up to 80% off, no subscription, delivered by e-mail within minutes."
      />
      <Hero />
      <Products />
      <HowItWorks />
      <Faq />
    </>
  );

  return withinShell ? content : <Box component="main">{content}</Box>;
}
