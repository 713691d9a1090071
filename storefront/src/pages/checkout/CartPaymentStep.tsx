import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectCartItems, selectSavings } from '../../features/cart/cartSelectors';
import { removeCoupon, selectAppliedCoupon } from '../../store/cart/cartSlice';
import { billingDetails, type Billing } from '../../features/checkout/billingSchema';
import type { Consents, PaymentIntent, PaymentIntentRequest } from '../../features/checkout/checkoutApi';
import { PaymentStep } from '../../features/checkout/PaymentStep';
import type { BusinessRejection } from '../../features/checkout/businessRejections';
import type { CompletedOrder } from './CheckoutSummary';

/**
 * Step 2 for the cart as it is: the payment request, made here from the cart and `billing`, follows the
 * cart (a change creates the order again). The rest of the checkout does not depend on the cart.
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

  const request = useMemo<PaymentIntentRequest>(
    () => ({
      cartItems: items.map(({ id, quantity }) => ({ id, quantity })),
      ...(coupon ? { couponCode: coupon.code } : {}),
      billing: billingDetails(billing),
    }),
    [items, coupon, billing],
  );
  const onCouponRejected = useCallback(() => dispatch(removeCoupon()), [dispatch]);
  const onPaidForCart = useCallback(
    (paid: PaymentIntent) => onPaid({ intent: paid, items, savings }),
    [onPaid, items, savings],
  );

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
