/*
 * What the store's public API answers and accepts, as the storefront reads it: the contract's types,
 * generated from the server's OpenAPI document (@store/contracts, `npm run contract`), under
 * the names the features use. The one place these shapes are named on this side; the features import them
 * from here.
 */
import type {
  AppliedCoupon as ContractAppliedCoupon,
  Billing,
  Consents as ContractConsents,
  IncludedApp as ContractIncludedApp,
  OrderStatusReply,
  PaymentIntent as ContractPaymentIntent,
  PaymentIntentRequest as ContractPaymentIntentRequest,
  Platform as ContractPlatform,
  Product as ContractProduct,
  ProductStockLevel as ContractProductStockLevel,
  StoreConfig as ContractStoreConfig,
  SupportHours as ContractSupportHours,
  SupportScheduleRow as ContractSupportScheduleRow,
  TaxRates as ContractTaxRates,
} from '@store/contracts';

/** A product as `GET /api/products` answers it. Prices come both formatted and in cents; display uses cents. */
export type Product = ContractProduct;
export type IncludedApp = ContractIncludedApp;
export type Platform = ContractPlatform;
/** What a shopper is told of a product's stock: in stock, low stock, or back-ordered (keys follow later). */
export type ProductStockLevel = ContractProductStockLevel;

/** A coupon the server accepted: its code and the fraction it takes off the subtotal. */
export type AppliedCoupon = ContractAppliedCoupon;

/** When support is open: each channel's hours, the week in one line and in detail. */
export type SupportHours = ContractSupportHours;
export type SupportChannel = Exclude<keyof SupportHours, 'summary' | 'schedule'>;
export type SupportScheduleRow = ContractSupportScheduleRow;

/** The store's public settings, served by `GET /api/store-config` (the e-mails use the same ones). */
export type StoreConfig = ContractStoreConfig;
/** `GET /api/tax-rates`: the consumer VAT rate of each checkout country that charges one, in percent. */
export type TaxRates = ContractTaxRates;

/**
 * The billing details of an order, as the checkout's form collects them; a business buyer adds its company
 * name and VAT number (#20 §4).
 */
export type BillingDetails = Billing;

/** `currency`: what the order is priced and paid in (the server's default, USD, without it). */
export type PaymentIntentRequest = ContractPaymentIntentRequest;
/** The statements of Art 16(m) a buyer gives before paying (required in the EU and the UK). */
export type Consents = ContractConsents;
export type Consent = keyof Consents;
/**
 * The order's payment and amounts. `reverseCharge`: a business buyer's verified EU VAT number, so no VAT;
 * `vatNumberStatus`: how the VAT number given was checked (null without one).
 */
export type PaymentIntent = ContractPaymentIntent;

/** `GET /api/orders/:id/status`: where the checkout's order is. */
/** `paymentStatus` `processing`: paid with a method that confirms later (a bank's); the keys follow it. */
export type OrderStatus = OrderStatusReply;
