import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useMemo } from 'react';
import { currencyCopy } from '../../content/currency';
import { useUnsoldLines } from '../../features/cart/UnsoldLines';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectCartItems, selectCurrency, selectSavings } from '../../features/cart/cartSelectors';
import { removeCoupon, selectAppliedCoupon } from '../../store/cart/cartSlice';
import { billingDetails, type Billing } from '../../features/checkout/billingSchema';
import type { Consents, PaymentIntent, PaymentIntentRequest } from '../../features/checkout/checkoutApi';
import { PaymentStep } from '../../features/checkout/PaymentStep';
import type { BusinessRejection } from '../../features/checkout/businessRejections';
import type { CompletedOrder } from './CheckoutSummary';

/**
 * Step 2 for the cart as it is: the payment request, made here from the cart, its currency and `billing`,
 * follows the cart (a change, of currency too, creates the order again). A cart holding lines not sold in
 * its currency makes no order until the buyer removes them or chooses another currency. The rest of the checkout does not depend on the cart.
 */
export function CartPaymentStep({
  billing,
  consents,
  onConsentsChange,
  onIntent,
  onPaid,
  onBack,
  onPaying,
  onBillingRejected,
}: {
  billing: Billing;
  consents: Consents;
  onConsentsChange: (consents: Consents) => void;
  onIntent: (intent: PaymentIntent | null) => void;
  onPaid: (order: CompletedOrder) => void;
  onBack: () => void;
  onPaying: (paying: boolean) => void;
  onBillingRejected: (rejections: BusinessRejection[]) => void;
}) {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectAppliedCoupon);
  const savings = useAppSelector(selectSavings);
  const currency = useAppSelector(selectCurrency);
  const unsold = useUnsoldLines().length > 0;
  // No order for a cart that cannot be paid in its currency: the summary shows the cart's amounts again.
  useEffect(() => {
    if (unsold) onIntent(null);
  }, [unsold, onIntent]);

  const request = useMemo<PaymentIntentRequest>(
    () => ({
      cartItems: items.map(({ id, quantity }) => ({ id, quantity })),
      ...(coupon ? { couponCode: coupon.code } : {}),
      billing: billingDetails(billing),
      currency,
    }),
    [items, coupon, billing, currency],
  );
  const onCouponRejected = useCallback(() => dispatch(removeCoupon()), [dispatch]);
  const onPaidForCart = useCallback(
    (paid: PaymentIntent) => onPaid({ intent: paid, items, savings }),
    [onPaid, items, savings],
  );

  if (unsold) {
    return (
      <>
        <Alert severity="warning">{currencyCopy.notSoldPayment(currency)}</Alert>
        <Button onClick={onBack} sx={{ mt: 2 }}>
          Back to Billing Info
        </Button>
      </>
    );
  }
  return (
    <PaymentStep
      request={request}
      consents={consents}
      onConsentsChange={onConsentsChange}
      onIntent={onIntent}
      onCouponRejected={onCouponRejected}
      onPaid={onPaidForCart}
      onBack={onBack}
      onPaying={onPaying}
      onBillingRejected={onBillingRejected}
    />
  );
}
