import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { productPath } from '../../lib/productPath';
import { QuantityStepper } from '../../components/QuantityStepper';
import { formatMoney } from '../../lib/money';
import type { CartItem } from '../../store/cart/types';
import { DELIVERY } from '../../content/business';
import { cartCopy } from '../../content/cart';
import { stockCopy } from '../../content/stock';
import { hasListPrice } from '../catalog/listPrice';

/**
 * One line of the cart: title, unit prices, quantity controls and remove; a back-ordered product says, before
 * payment, that its keys follow later.
 */
export function CartLine({
  item,
  onQuantity,
  onRemove,
  dense = false,
  onOpenProduct,
}: {
  item: CartItem;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  dense?: boolean;
  /** Given, the title links to the product's page, and this runs as it opens (the cart closes). */
  onOpenProduct?: () => void;
}) {
  return (
    <Box
      component="li"
      aria-label={item.title}
      sx={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        gap: 1,
        py: dense ? 1.5 : 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          {onOpenProduct ? (
            <Link component={RouterLink} to={productPath(item.id)} color="inherit" onClick={onOpenProduct}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </Typography>
        {!dense && (
          <Typography variant="body2" color="textSecondary">
            {item.includedApps.map((a) => a.name).join(', ')} · {item.compatibility.join(' & ')}
          </Typography>
        )}
        <Typography variant="body2">
          {hasListPrice(item) && (
            <Box component="s" sx={{ color: 'text.secondary', mr: 1 }}>
              {formatMoney({ cents: item.originalPriceCents, currency: item.currency })}
            </Box>
          )}
          {formatMoney({ cents: item.currentPriceCents, currency: item.currency })} each
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, textAlign: 'right' }}>
        {formatMoney({ cents: item.currentPriceCents * item.quantity, currency: item.currency })}
      </Typography>
      <QuantityStepper
        label={item.title}
        quantity={item.quantity}
        max={item.maxQuantity}
        onChange={onQuantity}
      />
      <Button size="small" color="error" onClick={onRemove} aria-label={`Remove ${item.title}`}>
        Remove
      </Button>
      {item.stockLevel === 'back_ordered' && (
        <Typography variant="body2" sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
          {stockCopy.backOrderNote(item.backOrderHours)}
        </Typography>
      )}
      {item.quantity >= DELIVERY.bulkOrderThreshold && (
        <Typography variant="body2" color="textSecondary" sx={{ gridColumn: '1 / -1' }}>
          {cartCopy.bulkNote(item.maxQuantity)}
        </Typography>
      )}
    </Box>
  );
}
