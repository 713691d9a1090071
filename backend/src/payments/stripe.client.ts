import Stripe from 'stripe';
import type { StripeConfig } from '../config/app-config.js';

export const STRIPE = Symbol('STRIPE');

/** The official SDK, pointed at STRIPE_API_BASE when set (a local stand-in API in tests). */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
