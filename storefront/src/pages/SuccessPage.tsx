import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../store/hooks';
import { PageMeta } from '../components/PageMeta';
import { DELIVERY } from '../content/business';
import { clearCart } from '../store/cart/cartSlice';
import { OrderComplete } from '../features/checkout/OrderComplete';
import { clearPendingOrder, markPendingOrderPaid, readPendingOrder } from '../features/checkout/pendingOrder';

/**
 * `/success`: where Stripe returns after a redirect (`payment_intent`, `payment_intent_client_secret`,
 * `redirect_status`). The order is found from the payment kept when step 2 started.
 */
export function SuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const redirectStatus = params.get('redirect_status');
  const secret = params.get('payment_intent_client_secret');
  const pending = readPendingOrder();
  const order = pending && (!secret || secret === pending.clientSecret) ? pending : null;
  const failed = redirectStatus === 'failed' || redirectStatus === 'canceled';

  const paidOrderId = order && !failed ? order.orderId : null;
  useEffect(() => {
    if (!paidOrderId) return;
    dispatch(clearCart());
    // Paid (or being paid): a later checkout starts a new order rather than replacing this one.
    markPendingOrderPaid(paidOrderId);
  }, [dispatch, paidOrderId]);

  const meta = (
    <PageMeta title="Order confirmation" description="The confirmation of your Office licence order." />
  );

  if (failed) {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        {meta}
        <Typography variant="h4" component="h1" gutterBottom>
          Payment Failed
        </Typography>
        <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
          Your payment was not completed and you have not been charged. Your cart is still saved.
        </Alert>
        <Button component={RouterLink} to="/checkout" variant="contained">
          Back to Checkout
        </Button>
      </Container>
    );
  }

  if (!order) {
    // A payment provider's return names a payment; a visit without one has no order to thank for.
    const returned = params.has('payment_intent') || secret !== null;
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        {meta}
        <Typography variant="h4" component="h1" gutterBottom>
          {returned ? 'Thank you for your order' : 'No order to confirm'}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {returned
            ? `We couldn't find the details of this payment in this browser. Once your payment is confirmed, your licence keys are e-mailed automatically, ${DELIVERY.typical}.`
            : 'This page confirms an order once it is paid. If you have bought from us, your licence keys are in your e-mail and on your licence page.'}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Access your licences
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      {meta}
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        Order confirmation
      </Typography>
      <OrderComplete
        ref={heading}
        email={order.email}
        orderId={order.orderId}
        clientSecret={order.clientSecret}
        onReturnHome={() => {
          dispatch(clearCart());
          clearPendingOrder();
          navigate('/');
        }}
      />
    </Container>
  );
}
