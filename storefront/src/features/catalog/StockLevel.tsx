import Typography, { type TypographyProps } from '@mui/material/Typography';
import { stockCopy } from '../../content/stock';
import type { Product } from './types';

/** On white, each at least 4.5:1 (MUI's warning.dark, #e65100, is not: 3.8:1). */
const COLOR = {
  in_stock: 'success.dark',
  low_stock: '#8a4b00',
  back_ordered: 'text.secondary',
} as const;

/** The product's stock as the server last answered it: "In stock", "Low stock", or when its keys follow. */
export function StockLevel({
  product,
  ...props
}: { product: Pick<Product, 'stockLevel' | 'backOrderHours'> } & TypographyProps) {
  return (
    <Typography variant="body2" sx={{ color: COLOR[product.stockLevel], fontWeight: 600 }} {...props}>
      {stockCopy.level(product.stockLevel, product.backOrderHours)}
    </Typography>
  );
}
