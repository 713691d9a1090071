import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { productPath } from '../../lib/productPath';
import { formatMoney } from '../../lib/money';
import { useTaxMode } from '../../lib/storeConfig';
import { listPriceCopy } from '../../content/stock';
import { EditionArt } from './EditionArt';
import { hasListPrice } from './listPrice';
import { StockLevel } from './StockLevel';
import type { Product } from './types';

const APP_COLORS: Record<string, string> = {
  word: '#185abd',
  excel: '#107c41',
  powerpoint: '#c43e1c',
  outlook: '#0364b8',
  access: '#a4373a',
};

function AppIcon({ name, icon }: { name: string; icon: string }) {
  return (
    <Box
      aria-hidden="true"
      title={name}
      sx={{
        width: 22,
        height: 22,
        borderRadius: 0.75,
        bgcolor: APP_COLORS[icon] ?? '#555',
        color: '#fff',
        fontSize: 12,
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {name.charAt(0)}
    </Box>
  );
}

export function ProductCard({
  product,
  onAddToCart,
}: {
  product: Product;
  onAddToCart: (product: Product) => void;
}) {
  const titleId = `product-${product.id}-title`;
  const taxMode = useTaxMode();
  const savingsCents = product.originalPriceCents - product.currentPriceCents;
  // A saving is claimed only against a list price whose source is stated.
  const listPrice = hasListPrice(product);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <EditionArt productId={product.id} />
      <CardContent sx={{ flex: 1 }}>
        <Stack spacing={1.5}>
          {listPrice && (
            <Box
              component="span"
              sx={{
                alignSelf: 'flex-start',
                bgcolor: 'success.main',
                color: '#fff',
                borderRadius: 4,
                px: 1.25,
                py: 0.25,
                fontSize: 13,
                fontWeight: 700,
              }}
            >
              Save {product.savings}
            </Box>
          )}
          <div>
            <Typography id={titleId} variant="h6" component="h3">
              {/* The edition's own page: its details, for shoppers and search engines. */}
              <Link component={RouterLink} to={productPath(product.id)} color="inherit" underline="hover">
                {product.title}
              </Link>
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {product.subtitle}
            </Typography>
          </div>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
            {listPrice && (
              <Typography component="s" color="textSecondary">
                {formatMoney({ cents: product.originalPriceCents, currency: product.currency })}
              </Typography>
            )}
            <Typography component="span" variant="h5" sx={{ fontWeight: 700 }}>
              {formatMoney({ cents: product.currentPriceCents, currency: product.currency })}
            </Typography>
            {/* With VAT-inclusive prices the card says so, so no shopper reads tax on top (#34). */}
            {taxMode === 'inclusive' && (
              <Typography component="span" variant="body2" color="textSecondary">
                incl. VAT
              </Typography>
            )}
          </Stack>
          {listPrice && product.listPriceSource && (
            <>
              <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }}>
                You save {formatMoney({ cents: savingsCents, currency: product.currency })}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {listPriceCopy.source(product.listPriceSource)}
              </Typography>
            </>
          )}
          <Box
            component="ul"
            aria-label="Included apps"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {product.includedApps.map((app) => (
              <Box
                component="li"
                key={app.name}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 14 }}
              >
                <AppIcon name={app.name} icon={app.icon} />
                {app.name}
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="textSecondary">
            {product.compatibility.join(' & ')}
          </Typography>
          <StockLevel product={product} />
        </Stack>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => onAddToCart(product)}
          aria-describedby={titleId}
        >
          Add to Cart
        </Button>
      </CardActions>
    </Card>
  );
}
