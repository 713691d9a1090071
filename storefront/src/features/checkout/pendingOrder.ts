/**
 * The checkout's order, kept in sessionStorage: so that /success can resolve a payment provider's redirect
 * (which only carries the payment's id and client secret) back to the order, and so that one checkout
 * leaves one order. Coming back to the payment step with the same cart and billing answers the same order
 * again (the same request under the same Idempotency-Key); with a changed cart or billing the new order
 * names this one in `replacesOrder`, and the server cancels it with its payment.
 */
export interface PendingOrder {
  orderId: string;
  clientSecret: string;
  email: string;
  /** The cart, coupon and billing the order was made for (JSON), to tell whether they changed since. */
  request?: string;
  /** The body sent and its Idempotency-Key, to ask for the same order again. */
  sent?: string;
  idempotencyKey?: string;
  /** Paid: never replaced, never asked for again. */
  paid?: boolean;
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

/** The order has been paid: a later checkout starts afresh rather than replacing it. */
export function markPendingOrderPaid(orderId: string): void {
  const pending = readPendingOrder();
  if (pending?.orderId === orderId && !pending.paid) savePendingOrder({ ...pending, paid: true });
}

export function clearPendingOrder(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * What the payment step sends for `request` (the cart, coupon and billing as JSON): the checkout's own
 * unpaid order again when nothing changed (its body and key; not on a retry after a failure, which needs a
 * new attempt), otherwise a new key, naming the unpaid order it replaces.
 */
export function planPaymentRequest(
  request: string,
  retry: boolean,
): { sent: string; idempotencyKey: string } {
  const pending = readPendingOrder();
  const open = pending && !pending.paid ? pending : null;
  if (open && !retry && open.request === request && open.sent && open.idempotencyKey)
    return { sent: open.sent, idempotencyKey: open.idempotencyKey };
  const body = JSON.parse(request) as Record<string, unknown>;
  if (open) body.replacesOrder = { orderId: open.orderId, clientSecret: open.clientSecret };
  return { sent: JSON.stringify(body), idempotencyKey: crypto.randomUUID() };
}
