import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { PageMeta } from '../components/PageMeta';
import { toast } from '../components/toast/toast';
import {
  clearCart,
  removeCoupon,
  removeItem,
  selectAppliedCoupon,
  selectCartItems,
  selectCartLoading,
  selectCartTotal,
  selectDiscount,
  selectSavings,
  selectSubtotal,
  updateQuantity,
} from '../features/cart/cartSlice';
import type { CartItem } from '../features/cart/types';
import { BillingForm } from '../features/checkout/BillingForm';
import { emptyBilling, type Billing } from '../features/checkout/billingSchema';
import type { PaymentIntent, PaymentIntentRequest } from '../features/checkout/checkoutApi';
import { CheckoutProgress } from '../features/checkout/CheckoutProgress';
import { MESSAGES } from '../features/checkout/messages';
import { OrderComplete } from '../features/checkout/OrderComplete';
import { clearPendingOrder } from '../features/checkout/pendingOrder';
import { PaymentStep } from '../features/checkout/PaymentStep';
import { OrderSummaryPlaceholder, OrderSummarySidebar } from './checkout/OrderSummarySidebar';

type Step = 1 | 2 | 3;
const HEADINGS: Record<Step, string> = { 1: 'Billing Info', 2: 'Payment', 3: 'Confirmation' };

/** `/checkout`: billing, payment, confirmation; no header or footer. */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loading = useAppSelector(selectCartLoading);
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectAppliedCoupon);
  const subtotal = useAppSelector(selectSubtotal);
  const discount = useAppSelector(selectDiscount);
  const total = useAppSelector(selectCartTotal);
  const savings = useAppSelector(selectSavings);

  const [step, setStep] = useState<Step>(1);
  const [billing, setBilling] = useState<Billing>(emptyBilling);
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [completed, setCompleted] = useState<{
    intent: PaymentIntent;
    items: CartItem[];
    savings: number;
  } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const request = useMemo<PaymentIntentRequest>(
    () => ({
      cartItems: items.map(({ id, quantity }) => ({ id, quantity })),
      ...(coupon ? { couponCode: coupon.code } : {}),
      billing,
    }),
    [items, coupon, billing],
  );

  const onCouponRejected = useCallback(() => dispatch(removeCoupon()), [dispatch]);
  const onPaid = useCallback(
    (paid: PaymentIntent) => {
      setCompleted({ intent: paid, items, savings });
      setStep(3);
      // The order is placed: the cart must not be bought twice.
      dispatch(clearCart());
    },
    [dispatch, items, savings],
  );

  const meta = (
    <PageMeta
      title="Secure Checkout"
      description="Complete your Office 2024 licence purchase in three secure steps."
    />
  );

  // Until the cart has been read (the page prerendered at build time has none), the checkout shows its
  // frame and form, the summary as a placeholder.
  if (!loading && items.length === 0 && !completed) {
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        {meta}
        <Typography variant="h4" component="h1" gutterBottom>
          Your cart is empty
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Add some Microsoft Office licenses to get started with your purchase.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Continue Shopping
        </Button>
      </Container>
    );
  }

  const shownItems = completed?.items ?? items;
  const amounts = completed
    ? {
        savingsCents: completed.savings,
        subtotalCents: completed.intent.subtotalCents,
        discountCents: completed.intent.discountCents,
        totalCents: completed.intent.totalCents,
      }
    : intent
      ? {
          savingsCents: savings,
          subtotalCents: intent.subtotalCents,
          discountCents: intent.discountCents,
          totalCents: intent.totalCents,
          couponCode: coupon?.code,
        }
      : {
          savingsCents: savings,
          subtotalCents: subtotal,
          discountCents: discount,
          totalCents: total,
          couponCode: coupon?.code,
        };

  return (
    <Box component="main" sx={{ bgcolor: '#f5f7fb', minHeight: '100vh', py: 4 }}>
      {meta}
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 3 }}>
          <Button component={RouterLink} to="/" startIcon={<span aria-hidden="true">←</span>}>
            Back to Shopping
          </Button>
        </Stack>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
          Secure Checkout
        </Typography>
        <Box sx={{ mb: 4 }}>
          <CheckoutProgress step={step} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 450px' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
            {step !== 3 && (
              <Typography
                ref={heading}
                tabIndex={-1}
                variant="h5"
                component="h2"
                sx={{ mb: 3, outline: 'none' }}
              >
                {step}. {HEADINGS[step]}
              </Typography>
            )}
            {step === 1 && (
              <BillingForm
                initialValues={billing}
                onSubmit={(values) => {
                  setBilling(values);
                  toast({ ...MESSAGES.billingSaved });
                  setStep(2);
                }}
              />
            )}
            {step === 2 && (
              <PaymentStep
                request={request}
                onIntent={setIntent}
                onCouponRejected={onCouponRejected}
                onPaid={onPaid}
                onBack={() => {
                  setIntent(null);
                  setStep(1);
                }}
              />
            )}
            {step === 3 && completed && (
              <OrderComplete
                ref={heading}
                email={billing.email}
                orderId={completed.intent.orderId}
                clientSecret={completed.intent.clientSecret}
                onReturnHome={() => {
                  dispatch(clearCart());
                  clearPendingOrder();
                  navigate('/');
                }}
              />
            )}
          </Paper>
          {loading ? (
            <OrderSummaryPlaceholder />
          ) : (
            <OrderSummarySidebar
              items={shownItems}
              amounts={amounts}
              readOnly={step === 3}
              onQuantity={(id, quantity) => dispatch(updateQuantity({ id, quantity }))}
              onRemove={(id) => dispatch(removeItem(id))}
            />
          )}
        </Box>
      </Container>
    </Box>
  );
}
