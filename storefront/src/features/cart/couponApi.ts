import { isApiFailure } from '../../api/http';

export const INVALID_COUPON = 'This coupon code is not valid or has expired';
export const COUPON_CHECK_FAILED = 'Unable to validate coupon. Please try again.';

/** What the shopper is told when the server did not accept a code (spec's texts, verbatim). */
export function couponErrorMessage(error: unknown): string {
  return isApiFailure(error) && (error.status === 404 || error.status === 409 || error.status === 400)
    ? INVALID_COUPON
    : COUPON_CHECK_FAILED;
}
