import { api } from '../../lib/api';
import type { Billing } from './billingSchema';

export interface PaymentIntentRequest {
  cartItems: { id: string; quantity: number }[];
  couponCode?: string;
  billing: Billing;
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

/** Creates the order and its payment; the same Idempotency-Key answers the same order again. */
export const createPaymentIntent = (body: PaymentIntentRequest, idempotencyKey: string) =>
  api<PaymentIntent>('/api/create-payment-intent', { body, headers: { 'Idempotency-Key': idempotencyKey } });

/** Demo provider only: settles the order's payment with no card and no charge. */
export const confirmDemoPayment = (orderId: string, clientSecret: string, outcome: 'succeed' | 'decline') =>
  api<{ orderId: string; status: string; paymentStatus: string }>('/api/payments/demo/confirm', {
    body: { orderId, clientSecret, outcome },
  });

export const fetchOrderStatus = (orderId: string, clientSecret: string) =>
  api<OrderStatus>(
    `/api/orders/${encodeURIComponent(orderId)}/status?clientSecret=${encodeURIComponent(clientSecret)}`,
  );
