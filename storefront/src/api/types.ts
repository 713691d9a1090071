/*
 * What the store's public API answers and accepts, as the storefront reads it. The one place these shapes
 * are written down on this side; the features import them from here.
 */

/** A product as `GET /api/products` answers it. Prices come both formatted and in cents; display uses cents. */
export interface Product {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  includedApps: IncludedApp[];
  compatibility: Platform[];
  licensesLeft: string;
  originalPrice: string;
  currentPrice: string;
  originalPriceCents: number;
  currentPriceCents: number;
  savings: string;
}

export interface IncludedApp {
  name: string;
  icon: string;
}

export type Platform = 'Windows' | 'Mac';

/** A coupon the server accepted: its code and the fraction it takes off the subtotal. */
export interface AppliedCoupon {
  code: string;
  discount: number;
}

export type SupportChannel = 'email' | 'phone' | 'liveChat';

export interface SupportScheduleRow {
  day: string;
  hours: string;
  support: string;
}

/** When support is open: each channel's hours, the week in one line and in detail. */
export interface SupportHours extends Record<SupportChannel, string> {
  summary: string;
  schedule: SupportScheduleRow[];
}

/** The store's public settings, served by `GET /api/store-config` (the e-mails use the same ones). */
export interface StoreConfig {
  environment: 'development' | 'production' | 'test';
  paymentProvider: 'stripe' | 'demo';
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
  supportHours: SupportHours;
  developmentSignIn: { username: string; password: string } | null;
}

/** The billing details of an order, as the checkout's form collects them. */
export interface BillingDetails {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  country: string;
  zipCode: string;
  phoneCountryCode: string;
  phone: string;
}

export interface PaymentIntentRequest {
  cartItems: { id: string; quantity: number }[];
  couponCode?: string;
  billing: BillingDetails;
}

export interface PaymentIntent {
  orderId: string;
  clientSecret: string;
  provider: 'stripe' | 'demo';
  publishableKey?: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export interface OrderStatus {
  orderId: string;
  status: 'processing' | 'fulfilled' | 'cancelled';
  paymentStatus: 'pending' | 'completed' | 'failed' | 'refunded';
  customerEmail: string;
}
