import type { LicenseKey } from '../license-keys/types';
import type { Order } from '../orders/types';

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
  createdAt: '2026-11-23T10:00:00.000Z',
};
