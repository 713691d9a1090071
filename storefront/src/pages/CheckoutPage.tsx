import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import type { RootState } from '../store/store';
import { PageMeta } from '../components/PageMeta';
import { toast } from '../components/toast/toast';
import { clearCart, selectCartLines, selectCartLoading } from '../store/cart/cartSlice';
import { BillingForm } from '../features/checkout/BillingForm';
import type { BusinessRejection } from '../features/checkout/businessRejections';
import { emptyBilling, type Billing } from '../features/checkout/billingSchema';
import type { Consents, PaymentIntent } from '../features/checkout/checkoutApi';
import { CheckoutProgress } from '../features/checkout/CheckoutProgress';
import { vatNumberOffered } from '../features/checkout/countries';
import { MESSAGES } from '../features/checkout/messages';
import { OrderComplete } from '../features/checkout/OrderComplete';
import { clearPendingOrder } from '../features/checkout/pendingOrder';
import { CartPaymentStep } from './checkout/CartPaymentStep';
import { CheckoutSummary, type CompletedOrder } from './checkout/CheckoutSummary';

type Step = 1 | 2 | 3;
const HEADINGS: Record<Step, string> = { 1: 'Billing Info', 2: 'Payment', 3: 'Confirmation' };

/**
 * Whether the cart has been read and is empty. Not the cart itself: reading it after hydration (the page
 * prerendered at build time has none) must not render the whole page again, only the parts that show it.
 */
const selectCartReadEmpty = (state: RootState) =>
  !selectCartLoading(state) && selectCartLines(state).length === 0;

/** `/checkout`: billing, payment, confirmation; no header or footer. */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cartEmpty = useAppSelector(selectCartReadEmpty);

  const [step, setStep] = useState<Step>(1);
  const [billing, setBilling] = useState<Billing>(emptyBilling);
  // A company name or VAT number the server refused: shown on its field back on the billing step.
  const [rejected, setRejected] = useState<BusinessRejection[]>([]);
  // Kept across going back to billing: what the shopper ticked stays ticked, and the same order answers.
  const [consents, setConsents] = useState<Consents>({});
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [completed, setCompleted] = useState<CompletedOrder | null>(null);
  // While a payment is being confirmed the summary is read-only: the cart cannot change under it.
  const [paying, setPaying] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The step's heading takes the focus, on arrival too: a keyboard or screen-reader user starts at the step.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  const onBillingRejected = useCallback((rejections: BusinessRejection[]) => {
    setRejected(rejections);
    setIntent(null);
    setStep(1);
  }, []);

  const onPaid = useCallback(
    (order: CompletedOrder) => {
      setCompleted(order);
      setStep(3);
      // The order is placed: the cart must not be bought twice.
      dispatch(clearCart());
    },
    [dispatch],
  );

  const meta = (
    <PageMeta
      title="Secure Checkout"
      description="Complete your Office 2024 licence purchase in three secure steps."
    />
  );

  // Until the cart has been read, the checkout shows its frame and form, the summary as a placeholder.
  if (cartEmpty && !completed) {
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        {meta}
        <Typography variant="h4" component="h1" gutterBottom>
          Your cart is empty
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Add some Microsoft Office licenses to get started with your purchase.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Continue Shopping
        </Button>
      </Container>
    );
  }

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
                rejected={rejected}
                onSubmit={(values) => {
                  setBilling(values);
                  toast({ ...MESSAGES.billingSaved });
                  setStep(2);
                }}
              />
            )}
            {step === 2 && (
              <CartPaymentStep
                billing={billing}
                consents={consents}
                onConsentsChange={setConsents}
                onIntent={setIntent}
                onPaid={onPaid}
                onPaying={setPaying}
                onBillingRejected={onBillingRejected}
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
          <CheckoutSummary
            intent={intent}
            completed={completed}
            readOnly={step === 3 || paying}
            // Known once the billing step is done: its VAT shows before the order is made (#34).
            billingCountry={step === 2 ? billing.country : null}
            vatNumberGiven={
              billing.business && vatNumberOffered(billing.country) && billing.vatNumber.trim() !== ''
            }
          />
        </Box>
      </Container>
    </Box>
  );
}
