import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BUILD_CATALOG } from '@store/contracts';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageMeta } from '../components/PageMeta';
import { productPageCopy as copy } from '../content/productPage';
import { EditionArt } from '../features/catalog/EditionArt';
import { StockLevel } from '../features/catalog/StockLevel';
import { useProducts } from '../features/catalog/useProducts';
import { formatMoney } from '../lib/money';
import { useTaxMode } from '../lib/storeConfig';
import { useAppDispatch } from '../store/hooks';
import { addItem } from '../store/cart/cartSlice';
import { NotFoundPage } from './NotFoundPage';

/**
 * The price, stock and Add to Cart of the product, once the catalogue in the buyer's currency has loaded
 * (staff and sales change them, so the build does not know them); a placeholder until then.
 */
function Offer({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const taxMode = useTaxMode();
  const { products, status } = useProducts();
  const product = products.find((p) => p.id === productId);
  if (status === 'failed') return <Typography role="alert">{copy.unavailable}</Typography>;
  if (!product) {
    // Loaded, but not sold in this currency (a price list without it): another currency may sell it.
    if (status === 'succeeded') return <Typography>{copy.notSoldInCurrency}</Typography>;
    return <Skeleton variant="rounded" height={96} role="progressbar" aria-label={copy.loadingPrice} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography component="span" variant="h4" sx={{ fontWeight: 700 }}>
          {formatMoney({ cents: product.currentPriceCents, currency: product.currency })}
        </Typography>
        {taxMode === 'inclusive' && (
          <Typography component="span" variant="body2" color="textSecondary">
            {copy.inclVat}
          </Typography>
        )}
      </Box>
      <StockLevel product={product} />
      <Button variant="contained" size="large" onClick={() => dispatch(addItem(product))}>
        {copy.addToCart}
      </Button>
    </Box>
  );
}

/**
 * `/products/<id>`: one edition on a page of its own, for shoppers and search engines. Its words come from
 * the catalogue the build was made with (prerendered, so the HTML carries them); its price and stock from
 * the server, in the buyer's currency. An id the catalogue does not have is the not-found page (the server
 * answers such an address with status 404).
 */
export function ProductPage() {
  const { productId = '' } = useParams();
  const entry = BUILD_CATALOG.find((p) => p.id === productId);
  if (!entry) return <NotFoundPage />;
  const titleId = 'product-title';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={entry.title} description={`${entry.subtitle}. ${entry.description}`} />
      <Box
        component="article"
        aria-labelledby={titleId}
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <EditionArt productId={entry.id} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <div>
            <Typography id={titleId} variant="h4" component="h1">
              {entry.title}
            </Typography>
            <Typography color="textSecondary">{entry.subtitle}</Typography>
          </div>
          <Offer productId={entry.id} />
          <Typography>{entry.description}</Typography>
          <div>
            <Typography variant="h6" component="h2">
              {copy.includedApps}
            </Typography>
            <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
              {entry.includedApps.map((app) => (
                <li key={app.name}>{app.name}</li>
              ))}
            </Box>
          </div>
          <div>
            <Typography variant="h6" component="h2">
              {copy.platform}
            </Typography>
            <Typography>
              {entry.compatibility.join(' & ')}.{' '}
              <Link component={RouterLink} to="/compatibility">
                {copy.compatibilityLink}
              </Link>
            </Typography>
          </div>
        </Box>
      </Box>
    </Container>
  );
}
