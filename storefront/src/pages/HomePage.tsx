import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ProductCard } from '../features/catalog/ProductCard';
import { useProducts } from '../features/catalog/useProducts';

export function HomePage() {
  const { products, status } = useProducts();

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Office 2024 lifetime licences
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A one-time purchase for PC or Mac, no subscription.
      </Typography>

      {status === 'failed' ? (
        <Alert severity="error">Unable to load products. Please refresh the page.</Alert>
      ) : status === 'succeeded' ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading products" />
        </Box>
      )}
    </Container>
  );
}
