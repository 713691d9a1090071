import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatMoney } from '../../lib/money';
import { useValidateCouponMutation } from '../../store/storeApi';
import { selectCurrency, selectDiscount } from './cartSelectors';
import { applyCoupon, removeCoupon, selectAppliedCoupon } from '../../store/cart/cartSlice';
import { couponErrorMessage } from './couponApi';

/** The promo-code box: idle → Validating... → applied, or an error under the input. */
export function CouponBox() {
  const dispatch = useAppDispatch();
  const applied = useAppSelector(selectAppliedCoupon);
  const discount = useAppSelector(selectDiscount);
  const currency = useAppSelector(selectCurrency);
  const [code, setCode] = useState('');
  const [validateCoupon, { isLoading: validating }] = useValidateCouponMutation();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || validating) return;
    setError(null);
    try {
      dispatch(applyCoupon(await validateCoupon(trimmed).unwrap()));
      setCode('');
    } catch (e) {
      setError(couponErrorMessage(e));
    }
  };

  if (applied) {
    return (
      <Alert
        severity="success"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={() => dispatch(removeCoupon())}>
            Remove
          </Button>
        }
      >
        Promo code <strong>{applied.code}</strong> applied: {Math.round(applied.discount * 100)}% off (−
        {formatMoney({ cents: discount, currency })})
      </Alert>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Promo code">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Promo code
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label="Enter promo code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { 'aria-describedby': error ? errorId : undefined, autoComplete: 'off' } }}
          error={Boolean(error)}
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={!code.trim() || validating} sx={{ flexShrink: 0 }}>
          {validating ? 'Validating...' : 'Apply'}
        </Button>
      </Stack>
      {error && (
        <Alert id={errorId} severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
