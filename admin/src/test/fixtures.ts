import type { LicenseKey } from '../license-keys/types';
import type { Order, OrderDetail } from '../orders/types';

/** A paid, delivered order as the orders list answers it: the tests' usual order. */
export const PAID_ORDER: Order = {
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  customerName: 'Jane Doe',
  customerEmail: 'paid@example.com',
  totalCents: 4049,
  status: 'fulfilled',
  paymentStatus: 'completed',
  paymentMethod: 'card',
  createdAt: '2026-11-23T10:00:00.000Z',
  awaitingKeys: false,
  refundDue: null,
  holdReasons: null,
  heldAt: null,
  reviewedAt: null,
  billingCompany: null,
  vatNumber: null,
  vatNumberStatus: null,
  vatCheckReference: null,
  vatCheckedAt: null,
  reverseCharge: false,
  taxMode: 'off',
  taxCountry: null,
  evidence: { billingCountry: 'US', cardCountry: null, checkoutIpCountry: null },
};

/** PAID_ORDER as its detail answers it: one Standard licence paid by card through Stripe, nothing else yet. */
export const PAID_ORDER_DETAIL: OrderDetail = {
  ...PAID_ORDER,
  orderItems: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 1, unitPriceCents: 4049 },
  ],
  billing: {
    email: PAID_ORDER.customerEmail,
    firstName: 'Jane',
    lastName: 'Doe',
    address: '1 Main St',
    city: 'Springfield',
    country: 'US',
    zipCode: '12345',
    phoneCountryCode: '+1',
    phone: '5550100',
  },
  subtotalCents: 4049,
  discountCents: 0,
  taxCents: 0,
  taxRate: 0,
  taxMode: 'off',
  taxCountry: null,
  evidence: { billingCountry: 'US', cardCountry: null, checkoutIpCountry: null },
  couponCode: null,
  paymentProvider: 'stripe',
  providerPaymentId: 'pi_3PaidOrderDetail',
  paidAt: '2026-11-23T10:05:00.000Z',
  allowedTransitions: { status: [], paymentStatus: [] },
  licenseKeys: [],
  downloads: [],
  emails: [],
  refunds: [],
  refundableCents: 4049,
  margin: null,
  withdrawnAt: null,
  disputes: [],
  invoiceNumber: '2026-000001',
  creditNotes: [],
};

/** A key as the licence keys list answers it: active, unused, given to PAID_ORDER. */
export const LICENSE_KEY: LicenseKey = {
  id: 'cccccccc-0000-4000-8000-000000000003',
  orderId: PAID_ORDER.id,
  productId: 'office-2024-standard',
  licenseKey: 'ABCDE-12345-FGHIJ-67890-KLMNO',
  activationCount: 0,
  activationLimit: 1,
  status: 'active',
  batchId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};
