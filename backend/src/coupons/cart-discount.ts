/**
 * A coupon's discount: a percentage of the subtotal (any currency), or an amount in the order's currency's
 * minor units, never more than the subtotal (the total never goes below zero).
 */
export type CartDiscount = { percentOff: number } | { amountOffCents: number };
