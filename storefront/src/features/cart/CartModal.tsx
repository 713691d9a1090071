import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { PaymentMarks } from '../../components/brand/PaymentMarks';
import { TrustBadge, type TrustKind } from '../../components/brand/TrustBadge';
import { useGetProductsQuery } from '../../store/storeApi';
import { CurrencySelect } from './CurrencySelect';
import { UnsoldLines, useUnsoldLines } from './UnsoldLines';
import { useTaxMode } from '../../lib/storeConfig';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CartLine } from './CartLine';
import {
  selectCartItems,
  selectCartTotal,
  selectCurrency,
  selectDiscount,
  selectSavings,
  selectSubtotal,
} from './cartSelectors';
import {
  removeItem,
  selectAppliedCoupon,
  selectCartLines,
  selectCartOpen,
  setCartOpen,
  updateQuantity,
} from '../../store/cart/cartSlice';
import { DELIVERY } from '../../content/business';
import { CartSummary } from './CartSummary';
import { CouponBox } from './CouponBox';

const TRUST_NOTES: { kind: TrustKind; text: string }[] = [
  { kind: 'secure', text: '256-bit SSL encrypted' },
  { kind: 'delivery', text: `Keys by e-mail, ${DELIVERY.typical}` },
];

/** The cart as a modal dialog (not a route): Escape or the close button closes it. */
export function CartModal() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector(selectCartOpen);
  // The lines' titles and prices are the catalogue's: loaded here if the page has not loaded it.
  const currency = useAppSelector(selectCurrency);
  const catalogue = useGetProductsQuery(currency);
  const unsold = useUnsoldLines();
  const lineCount = useAppSelector(selectCartLines).length;
  const items = useAppSelector(selectCartItems);
  const subtotal = useAppSelector(selectSubtotal);
  const discount = useAppSelector(selectDiscount);
  const total = useAppSelector(selectCartTotal);
  const savings = useAppSelector(selectSavings);
  const coupon = useAppSelector(selectAppliedCoupon);
  const taxMode = useTaxMode();
  const close = () => dispatch(setCartOpen(false));

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="cart-title"
      fullWidth
      maxWidth={false}
      slotProps={{
        paper: { sx: { maxWidth: '72rem', maxHeight: '90vh', m: { xs: 1, sm: 4 }, width: '100%' } },
      }}
    >
      <DialogTitle id="cart-title" component="h2" sx={{ pr: 7 }}>
        Shopping Cart
      </DialogTitle>
      <IconButton aria-label="Close cart" onClick={close} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <span aria-hidden="true">×</span>
      </IconButton>
      <DialogContent dividers>
        {lineCount > 0 && !catalogue.data ? (
          catalogue.isError ? (
            <Alert severity="error">Unable to load products. Please refresh the page.</Alert>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading your cart" />
            </Box>
          )
        ) : items.length === 0 && unsold.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }}>
            <Typography variant="h6" component="p">
              Your cart is empty
            </Typography>
            <Button variant="contained" onClick={close}>
              Continue Shopping
            </Button>
          </Stack>
        ) : (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 380px' } }}>
            <Box>
              <Alert severity="info" role="note" sx={{ mb: 2 }}>
                Digital delivery: your licence keys and download instructions are e-mailed automatically once
                payment is confirmed, {DELIVERY.typical}.
              </Alert>
              <UnsoldLines />
              <Box component="ul" aria-label="Items in your cart" sx={{ m: 0, p: 0 }}>
                {items.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    onQuantity={(quantity) => dispatch(updateQuantity({ id: item.id, quantity }))}
                    onRemove={() => dispatch(removeItem(item.id))}
                    onOpenProduct={close}
                  />
                ))}
              </Box>
            </Box>
            <Stack spacing={2}>
              <CurrencySelect />
              <CouponBox />
              <Paper
                variant="outlined"
                component="section"
                aria-labelledby="cart-summary-title"
                sx={{ p: 2 }}
              >
                <Typography id="cart-summary-title" variant="h6" component="h3" gutterBottom>
                  Order Summary
                </Typography>
                <CartSummary
                  currency={currency}
                  savingsCents={savings}
                  subtotalCents={subtotal}
                  discountCents={discount}
                  totalCents={total}
                  couponCode={coupon?.code}
                  taxAtCheckout={taxMode !== 'off'}
                  pricesIncludeTax={taxMode === 'inclusive'}
                />
                <Button
                  variant="contained"
                  size="large"
                  fullWidth
                  sx={{ mt: 2 }}
                  onClick={() => {
                    close();
                    navigate('/checkout');
                  }}
                >
                  Proceed to Secure Checkout
                </Button>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}>
                  {TRUST_NOTES.map(({ kind, text }) => (
                    <TrustBadge key={text} kind={kind} component="li">
                      {text}
                    </TrustBadge>
                  ))}
                </Box>
                <Typography variant="body2" sx={{ mt: 2, mb: 1, color: 'text.secondary' }}>
                  All major cards accepted
                </Typography>
                <PaymentMarks />
              </Paper>
            </Stack>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
