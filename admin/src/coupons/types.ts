import type { components } from '@store/contracts';

/**
 * A coupon as `/api/admin/coupons` answers it: a percentage off (`percentOff`), or an amount off in one
 * currency (`amountOffCents` in the minor units of `currency`, for orders in it); the other kind's fields
 * are null.
 */
export type Coupon = components['schemas']['AdminCouponDto'];

/** The form's choice between the two kinds, which is no field of the API's. */
export type CouponKind = 'percent' | 'amount';

export const kindOf = (coupon: Partial<Coupon> | undefined): CouponKind =>
  coupon?.amountOffCents !== null && coupon?.amountOffCents !== undefined ? 'amount' : 'percent';

/**
 * The form's values as the API takes them: the chosen kind's fields, without `kind`. The other kind's
 * fields are left out, or cleared (null) when an existing coupon (`record`) changes kind.
 */
export function couponPayload(
  { kind = 'percent', ...values }: Record<string, unknown> & { kind?: CouponKind },
  record?: Partial<Coupon>,
): Record<string, unknown> {
  const other = kind === 'amount' ? ['percentOff'] : ['amountOffCents', 'currency'];
  const kept = Object.entries(values).filter(([field]) => !other.includes(field));
  const cleared = record && kindOf(record) !== kind ? other.map((field) => [field, null]) : [];
  return Object.fromEntries([...kept, ...cleared]);
}
