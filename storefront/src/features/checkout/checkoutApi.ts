export type { Consent, Consents, OrderStatus, PaymentIntent, PaymentIntentRequest } from '../../api/types';
