/**
 * The order being paid, kept in sessionStorage so that /success can resolve a payment provider's redirect
 * (which only carries the payment's id and client secret) back to the order.
 */
export interface PendingOrder {
  orderId: string;
  clientSecret: string;
  email: string;
}

const KEY = 'office-store.pending-order';

export function savePendingOrder(order: PendingOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Without storage /success falls back to asking the shopper to check their e-mail.
  }
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as PendingOrder).orderId === 'string' &&
      typeof (value as PendingOrder).clientSecret === 'string'
    ) {
      return value as PendingOrder;
    }
  } catch {
    // unreadable: treated as absent
  }
  return null;
}

export function clearPendingOrder(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
