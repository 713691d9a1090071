import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { currencyCopy } from '../../content/currency';
import { DEFAULT_CURRENCY } from '../../api/currencies';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { removeItem } from '../../store/cart/cartSlice';
import { useGetProductsQuery } from '../../store/storeApi';
import { selectCurrency, selectUnsoldLines, type UnsoldLine } from './cartSelectors';

/**
 * The lines the cart keeps that its currency's price list does not sell, with their titles. A title comes
 * from any catalogue loaded, else from the original offer's (asked for here); a line no catalogue holds
 * (a product gone from the store) is left out, as before #35.
 */
export function useUnsoldLines(): UnsoldLine[] {
  const unsold = useAppSelector(selectUnsoldLines);
  const currency = useAppSelector(selectCurrency);
  const untitled = unsold.some((line) => line.title === null) && currency !== DEFAULT_CURRENCY;
  useGetProductsQuery(DEFAULT_CURRENCY, { skip: !untitled });
  return unsold.filter((line) => line.title !== null);
}

/** Says which lines are not sold in the cart's currency: they stay in the cart until removed. */
export function UnsoldLines() {
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const lines = useUnsoldLines();
  if (lines.length === 0) return null;
  return (
    <Alert severity="warning" role="note" data-testid="cart-unsold" sx={{ mb: 2 }}>
      {currencyCopy.notSold(currency)}
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {lines.map((line) => (
          <li key={line.id}>
            {line.title} × {line.quantity}{' '}
            <Button
              size="small"
              color="inherit"
              onClick={() => dispatch(removeItem(line.id))}
              aria-label={`Remove ${line.title}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </Box>
      {currencyCopy.notSoldHelp}
    </Alert>
  );
}
