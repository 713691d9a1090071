import { api, ApiError } from '../../lib/api';
import type { AppliedCoupon } from './types';

export const INVALID_COUPON = 'This coupon code is not valid or has expired';
export const COUPON_CHECK_FAILED = 'Unable to validate coupon. Please try again.';

/** Asks the server about a promo code; the codes themselves are never shipped to the browser. */
export async function validateCoupon(code: string): Promise<AppliedCoupon> {
  try {
    return await api<AppliedCoupon>('/api/coupons/validate', { body: { code: code.trim() } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 400)) {
      throw new Error(INVALID_COUPON, { cause: error });
    }
    throw new Error(COUPON_CHECK_FAILED, { cause: error });
  }
}
