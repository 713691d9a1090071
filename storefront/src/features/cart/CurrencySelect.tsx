import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { currencyCopy } from '../../content/currency';
import { isCurrency } from '../../api/currencies';
import { useStoreConfig } from '../../lib/storeConfig';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { chooseCurrency } from '../../store/cart/cartSlice';
import { selectCurrency } from './cartSelectors';

/**
 * The buyer's currency (#35): every currency the store sells, the original offer (USD) among them. The
 * choice is kept with the cart and re-prices it; nothing is emptied.
 */
export function CurrencySelect({ disabled = false, sx }: { disabled?: boolean; sx?: SxProps<Theme> }) {
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const sold = useStoreConfig().config?.currencies;
  const options = sold && sold.includes(currency) ? sold : [currency];
  return (
    <TextField
      select
      size="small"
      label={currencyCopy.label}
      value={currency}
      disabled={disabled}
      onChange={(event) => {
        if (isCurrency(event.target.value)) dispatch(chooseCurrency(event.target.value));
      }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'currency-select' } }}
      sx={[{ minWidth: 100 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {options.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </TextField>
  );
}
