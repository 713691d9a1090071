import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { currencyCopy } from '../../content/currency';
import { CurrencySelect } from '../../features/cart/CurrencySelect';
import { selectCurrency } from '../../features/cart/cartSelectors';
import { UnsoldLines } from '../../features/cart/UnsoldLines';
import { COUNTRIES } from '../../features/checkout/countries';
import { currencyOfCountry } from '../../api/currencies';
import { useStoreConfig } from '../../lib/storeConfig';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { chooseCurrency } from '../../store/cart/cartSlice';

/**
 * The checkout's currency: the selector, and once the billing country is known, its currency suggested
 * (never switched to: the buyer may want the original offer, or the currency they chose); then the lines
 * not sold in the currency chosen.
 */
export function CurrencyChoice({
  billingCountry,
  disabled,
}: {
  billingCountry: string | null;
  disabled: boolean;
}) {
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const sold = useStoreConfig().config?.currencies ?? [];
  const suggested = billingCountry ? currencyOfCountry(billingCountry) : null;
  const country = COUNTRIES.find((c) => c.code === billingCountry);
  const suggest = !disabled && suggested && suggested !== currency && sold.includes(suggested) && country;
  return (
    <Box sx={{ mb: 2 }}>
      <CurrencySelect disabled={disabled} />
      {suggest && (
        <Alert
          severity="info"
          data-testid="currency-suggestion"
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(chooseCurrency(suggested))}>
              {currencyCopy.suggestionAction(suggested)}
            </Button>
          }
        >
          {currencyCopy.suggestion(country.name, suggested)}
        </Alert>
      )}
      <Box sx={{ mt: 1.5 }}>
        <UnsoldLines />
      </Box>
    </Box>
  );
}
