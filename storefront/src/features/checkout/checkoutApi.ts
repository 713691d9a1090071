export type { OrderStatus, PaymentIntent, PaymentIntentRequest } from '../../api/types';
