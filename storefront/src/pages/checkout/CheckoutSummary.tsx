import { useGetProductsQuery, useGetTaxRatesQuery } from '../../store/storeApi';
import { useTaxMode } from '../../lib/storeConfig';
import { cartTax } from '../../lib/vat';
import type { SummaryTax } from '../../features/cart/CartSummary';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Note } from '../../components/Note';
import {
  selectCartItems,
  selectCartTotal,
  selectCurrency,
  selectDiscount,
  selectSavings,
  selectSubtotal,
} from '../../features/cart/cartSelectors';
import {
  removeItem,
  selectAppliedCoupon,
  selectCartLoading,
  updateQuantity,
} from '../../store/cart/cartSlice';
import type { CartItem } from '../../store/cart/types';
import type { PaymentIntent } from '../../features/checkout/checkoutApi';
import { CurrencyChoice } from './CurrencyChoice';
import { OrderSummaryPlaceholder, OrderSummarySidebar } from './OrderSummarySidebar';

/** Seconds: the checkout asks for the catalogue (its stock levels) again when the tab's copy is older. */
const CATALOGUE_MAX_AGE_SECONDS = 60;

/** The server's tax of the order's payment, for the summary's tax line and its notes. */
const taxOf = (intent: PaymentIntent): SummaryTax => ({
  cents: intent.tax,
  rate: intent.taxRate,
  country: intent.taxCountry,
  included: intent.taxMode === 'inclusive',
  reverseCharge: intent.reverseCharge === true,
  vatNumberUnverified: intent.vatNumberStatus === 'unverified',
  companyNameMismatch: intent.companyNameMismatch === true,
});

/** The order once paid: what the summary shows after the cart has been emptied. */
export interface CompletedOrder {
  intent: PaymentIntent;
  items: CartItem[];
  savings: number;
}

/**
 * The checkout's summary: the cart, with the amounts of the order's payment once created (`intent`), or the
 * order paid. It follows the cart on its own, so that reading the cart after hydration (or changing it)
 * renders the summary again, not the whole checkout with its billing form.
 */
export function CheckoutSummary({
  intent,
  completed,
  readOnly,
  billingCountry = null,
  vatNumberGiven = false,
}: {
  intent: PaymentIntent | null;
  completed: CompletedOrder | null;
  readOnly: boolean;
  /**
   * The billing country once the billing step is done: the summary shows its VAT before the order is made
   * (for a consumer: a business's VAT number may be reverse-charged, which only the order can tell).
   */
  billingCountry?: string | null;
  vatNumberGiven?: boolean;
}) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectCartLoading);
  // The lines' titles and prices are the catalogue's; asked again when the page's copy is older than a
  // minute, so a back-order is said before payment from a stock level at most about a minute old (#34).
  const currency = useAppSelector(selectCurrency);
  const catalogue = useGetProductsQuery(currency, { refetchOnMountOrArgChange: CATALOGUE_MAX_AGE_SECONDS });
  const items = useAppSelector(selectCartItems);
  const coupon = useAppSelector(selectAppliedCoupon);
  const subtotal = useAppSelector(selectSubtotal);
  const discount = useAppSelector(selectDiscount);
  const total = useAppSelector(selectCartTotal);
  const savings = useAppSelector(selectSavings);
  const taxMode = useTaxMode();
  const taxCharged = taxMode !== 'off';
  const rates = useGetTaxRatesQuery(undefined, { skip: !taxCharged || !billingCountry });

  // Until the cart has been read (the page prerendered at build time has none) and the catalogue loaded.
  if (catalogue.isError && !catalogue.data && !completed)
    return (
      <OrderSummaryPlaceholder>
        <Note tone="error" role="alert">
          Unable to load products. Please refresh the page.
        </Note>
      </OrderSummaryPlaceholder>
    );
  if (loading || (!catalogue.data && !completed)) return <OrderSummaryPlaceholder />;

  // The VAT of the billing country, figured as the server will, until the order's own replaces it.
  const rate = rates.data?.rates.find((r) => r.country === billingCountry)?.rate ?? 0;
  const estimatedTax =
    taxMode === 'off' || !billingCountry || vatNumberGiven || !rates.data
      ? null
      : (() => {
          const cents = cartTax(
            items.map((item) => item.currentPriceCents * item.quantity),
            discount,
            rate,
            taxMode,
          );
          const tax: SummaryTax = {
            cents,
            rate,
            country: rate > 0 ? billingCountry : null,
            included: taxMode === 'inclusive',
          };
          return { tax, totalCents: taxMode === 'exclusive' ? total + cents : total };
        })();

  const amounts = completed
    ? {
        currency: completed.intent.currency,
        savingsCents: completed.savings,
        subtotalCents: completed.intent.subtotalCents,
        discountCents: completed.intent.discountCents,
        totalCents: completed.intent.totalCents,
        tax: taxOf(completed.intent),
      }
    : intent
      ? {
          currency: intent.currency,
          savingsCents: savings,
          subtotalCents: intent.subtotalCents,
          discountCents: intent.discountCents,
          totalCents: intent.totalCents,
          couponCode: coupon?.code,
          tax: taxOf(intent),
          keysToFollowHours: intent.keysToFollow ? intent.backOrderHours : null,
        }
      : {
          currency,
          savingsCents: savings,
          subtotalCents: subtotal,
          discountCents: discount,
          totalCents: total,
          couponCode: coupon?.code,
          taxAtCheckout: taxCharged,
          pricesIncludeTax: taxMode === 'inclusive',
          ...estimatedTax,
        };

  return (
    <OrderSummarySidebar
      above={completed ? null : <CurrencyChoice billingCountry={billingCountry} disabled={readOnly} />}
      items={completed?.items ?? items}
      amounts={amounts}
      readOnly={readOnly}
      onQuantity={(id, quantity) => dispatch(updateQuantity({ id, quantity }))}
      onRemove={(id) => dispatch(removeItem(id))}
    />
  );
}
