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
};
