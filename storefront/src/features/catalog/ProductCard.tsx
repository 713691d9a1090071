import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../lib/money';
import type { Product } from './types';

export function ProductCard({ product }: { product: Product }) {
  const titleId = `product-${product.id}-title`;

  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Chip
            label={`Save ${product.savings}`}
            color="success"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
          />
          <div>
            <Typography id={titleId} variant="h6" component="h2">
              {product.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {product.subtitle}
            </Typography>
          </div>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
            <Typography component="s" color="text.secondary">
              {formatCents(product.originalPriceCents)}
            </Typography>
            <Typography component="span" variant="h5" sx={{ fontWeight: 700 }}>
              {formatCents(product.currentPriceCents)}
            </Typography>
          </Stack>
          <Typography variant="body2">{product.includedApps.map((app) => app.name).join(' · ')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {product.compatibility.join(' / ')}
          </Typography>
          <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
            {product.licensesLeft}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
