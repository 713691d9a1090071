import { isCurrency, type Currency } from '../../api/currencies';
import type { AppliedCoupon, CartLine } from './types';

export const CART_STORAGE_KEY = 'office-store.cart';
export const COUPON_STORAGE_KEY = 'office-store.coupon';
export const CURRENCY_STORAGE_KEY = 'office-store.currency';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored line: its product id and a positive whole quantity (a cart stored with whole products reads too). */
function isCartLine(value: unknown): value is CartLine {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) > 0
  );
}

function isCoupon(value: unknown): value is AppliedCoupon {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.discount === 'number' &&
    value.discount > 0 &&
    value.discount <= 1
  );
}

function read<T>(key: string, guard: (value: unknown) => value is T): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (guard(parsed)) return parsed;
    throw new Error('unexpected shape');
  } catch (error) {
    // eslint-disable-next-line no-console -- unreadable stored data is logged and ignored (spec §8)
    console.warn(`Ignoring the stored value of ${key}: ${(error as Error).message}`);
    return null;
  }
}

/** The stored cart lines, or null when none are stored or they cannot be read. */
export function readStoredItems(): CartLine[] | null {
  const lines = read(CART_STORAGE_KEY, (v): v is CartLine[] => Array.isArray(v) && v.every(isCartLine));
  return lines && lines.map(({ id, quantity }) => ({ id, quantity }));
}

export function readStoredCoupon(): AppliedCoupon | null {
  return read(COUPON_STORAGE_KEY, isCoupon);
}

/** The currency the buyer chose on an earlier visit, or null. */
export function readStoredCurrency(): Currency | null {
  return read(CURRENCY_STORAGE_KEY, isCurrency);
}

function write(action: () => void) {
  try {
    action();
  } catch (error) {
    // Private mode or a full quota: the cart still works for this visit.
    // eslint-disable-next-line no-console -- nothing else to tell the shopper
    console.warn(`Unable to save the cart: ${(error as Error).message}`);
  }
}

export const writeStoredItems = (items: CartLine[]) =>
  write(() => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items)));
export const writeStoredCoupon = (coupon: AppliedCoupon) =>
  write(() => localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify(coupon)));
export const writeStoredCurrency = (currency: Currency) =>
  write(() => localStorage.setItem(CURRENCY_STORAGE_KEY, JSON.stringify(currency)));
export const clearStoredCoupon = () => write(() => localStorage.removeItem(COUPON_STORAGE_KEY));

/** The coupon the server last confirmed in this browser session (sessionStorage): shown without asking again. */
const VERIFIED_COUPON_KEY = 'office-store.coupon-verified';

export function markCouponVerified(coupon: AppliedCoupon): void {
  try {
    sessionStorage.setItem(
      VERIFIED_COUPON_KEY,
      JSON.stringify({ code: coupon.code, discount: coupon.discount }),
    );
  } catch {
    // Without storage the coupon is confirmed again on the next page.
  }
}

export function isCouponVerified(coupon: AppliedCoupon): boolean {
  try {
    const verified: unknown = JSON.parse(sessionStorage.getItem(VERIFIED_COUPON_KEY) ?? 'null');
    return isCoupon(verified) && verified.code === coupon.code && verified.discount === coupon.discount;
  } catch {
    return false;
  }
}
