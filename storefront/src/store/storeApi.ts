import { createApi } from '@reduxjs/toolkit/query/react';
import { addToStores, type RootState } from './store';
import { apiBaseQuery, type ApiFailure } from '../api/http';
import { soldCurrency, type Currency } from '../api/currencies';
import { selectWantedCurrency } from './cart/cartSlice';
import type {
  AppliedCoupon,
  OrderStatus,
  PaymentIntent,
  PaymentIntentRequest,
  Product,
  StoreConfig,
  TaxRates,
} from '../api/types';

const hasText = (value: unknown, keys: string[]): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => {
    const field = (value as Record<string, unknown>)[key];
    return typeof field === 'string' && field !== '';
  });

function isStoreConfig(body: unknown): body is StoreConfig {
  if (!hasText(body, ['storeName', 'supportEmail', 'supportPhone', 'officeAddress'])) return false;
  const hours: unknown = (body as Record<string, unknown>).supportHours;
  if (!hasText(hours, ['email', 'phone', 'summary'])) return false;
  const schedule: unknown = (hours as Record<string, unknown>).schedule;
  return Array.isArray(schedule) && schedule.every((row) => hasText(row, ['day', 'hours', 'support']));
}

/**
 * Everything the storefront reads from or sends to the store's API, in one cache. Spec §7: nothing is
 * fetched again on focus or reconnect, and what a page loaded stays for the visit (the catalogue and the
 * settings are asked for once per page load, the catalogue once per currency); only the order status is
 * polled, by its page.
 */
export const storeApi = createApi({
  reducerPath: 'storeApi',
  baseQuery: apiBaseQuery,
  endpoints: (build) => ({
    /** The catalogue in a currency: the products sold in it, priced in its minor units. */
    getProducts: build.query<Product[], Currency>({
      query: (currency) => `/api/products?currency=${encodeURIComponent(currency)}`,
      keepUnusedDataFor: Infinity,
    }),
    getStoreConfig: build.query<StoreConfig, void>({
      // An answer without the contacts counts as a failure: the pages then show the contact form instead.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/api/store-config');
        if (result.error) return { error: result.error as ApiFailure };
        if (!isStoreConfig(result.data)) return { error: { status: 'FETCH_ERROR', messages: [] } };
        return { data: result.data };
      },
      keepUnusedDataFor: Infinity,
    }),
    /** Each checkout country's consumer VAT rate: the summary's VAT before the order is made. */
    getTaxRates: build.query<TaxRates, void>({
      query: () => '/api/tax-rates',
      keepUnusedDataFor: Infinity,
    }),
    /** Asks the server about a promo code; the codes themselves are never shipped to the browser. */
    validateCoupon: build.mutation<AppliedCoupon, string>({
      query: (code) => ({ url: '/api/coupons/validate', method: 'POST', body: { code: code.trim() } }),
    }),
    getOrderStatus: build.query<OrderStatus, { orderId: string; clientSecret: string }>({
      query: ({ orderId, clientSecret }) =>
        `/api/orders/${encodeURIComponent(orderId)}/status?clientSecret=${encodeURIComponent(clientSecret)}`,
    }),
    /**
     * Creates the order and its payment; the same Idempotency-Key answers the same order again. `altcha`:
     * a solved challenge, sent when the store asked for one (`challengeRequired`).
     */
    createPaymentIntent: build.mutation<
      PaymentIntent,
      { request: PaymentIntentRequest; idempotencyKey: string; altcha?: string }
    >({
      query: ({ request, idempotencyKey, altcha }) => ({
        url: '/api/create-payment-intent',
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey, ...(altcha ? { 'X-Altcha': altcha } : {}) },
      }),
    }),
    /** Demo provider only: settles the order's payment with no card and no charge. */
    confirmDemoPayment: build.mutation<
      { orderId: string; status: string; paymentStatus: string },
      /**
       * `delay`: a method that confirms later (a bank's): the order waits, `processing`, for its settlement.
       * `method`: a card (the default), a wallet, or a bank transfer (`delay` only, for large orders).
       */
      {
        orderId: string;
        clientSecret: string;
        outcome: 'succeed' | 'decline' | 'delay';
        method?: 'card' | 'wallet' | 'bank_transfer';
      }
    >({
      query: (body) => ({ url: '/api/payments/demo/confirm', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetStoreConfigQuery,
  useGetTaxRatesQuery,
  useValidateCouponMutation,
  useGetOrderStatusQuery,
  useCreatePaymentIntentMutation,
  useConfirmDemoPaymentMutation,
} = storeApi;

declare module './store' {
  export interface LazyLoadedSlices {
    storeApi: ReturnType<typeof storeApi.reducer>;
  }
}

// Not in the first bundle of `/` (the catalogue and settings are not needed for its first paint): the
// API's cache and middleware join the store when this module is first imported.
const withStoreApi = addToStores(storeApi);

const selectStoreConfigResult = withStoreApi.selector(storeApi.endpoints.getStoreConfig.select());

/**
 * The currency the store shows and charges: the cart's (chosen or suggested) where the store sells it,
 * else the store's default (#35). Until the settings are loaded, the cart's.
 */
export const selectCurrency = (state: RootState): Currency =>
  soldCurrency(selectWantedCurrency(state), selectStoreConfigResult(state).data);

type ProductsResult = ReturnType<ReturnType<typeof storeApi.endpoints.getProducts.select>>;
const productsIn = new Map<Currency, (state: RootState) => ProductsResult>();

/** The catalogue query's state in the store's currency (no data until it is loaded). */
export function selectProductsResult(state: RootState): ProductsResult {
  const currency = selectCurrency(state);
  let select = productsIn.get(currency);
  if (!select) {
    select = withStoreApi.selector(storeApi.endpoints.getProducts.select(currency));
    productsIn.set(currency, select);
  }
  return select(state);
}

type Queries = ReturnType<typeof storeApi.reducer>['queries'];
const NO_QUERIES: Queries = {};

/** The API's cached queries (every currency's catalogue among them), for selectors that look across them. */
export const selectQueries = (state: RootState): Queries =>
  (state as Partial<Pick<RootState, 'storeApi'>>).storeApi?.queries ?? NO_QUERIES;

/** A product's title from any currency's catalogue loaded (a line not sold in the cart's currency). */
export function titleInAnyCatalogue(queries: Queries, id: string): string | null {
  for (const entry of Object.values(queries)) {
    if (entry?.endpointName !== 'getProducts' || !Array.isArray(entry.data)) continue;
    const product = (entry.data as Product[]).find((p) => p.id === id);
    if (product) return product.title;
  }
  return null;
}
