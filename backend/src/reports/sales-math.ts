import type { Order } from '../orders/entities/order.entity.js';
import { creditNoteTax, shareDiscount } from '../tax/tax-math.js';

/** The figures of one roll-up row that a change adds (negative to take away). */
export interface SalesFigures {
  orders?: number;
  units?: number;
  revenueCents?: number;
  taxCents?: number;
  refundsCents?: number;
  refundTaxCents?: number;
  keyCostCents?: number;
}

/** What the roll-up reads of an order. */
export type PricedOrder = Pick<
  Order,
  'orderItems' | 'discountCents' | 'totalCents' | 'taxCents' | 'taxMode' | 'paidAt' | 'currency'
>;

/** A product's part of an order: its units, what the buyer paid for it (tax included) and its tax. */
export interface ProductShare {
  productId: string;
  units: number;
  revenueCents: number;
  taxCents: number;
}

/** The UTC day (`YYYY-MM-DD`) of a moment. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Each product's part of an order, from its lines as priced at checkout: a line's amount less its share
 * of the discount (shareDiscount, as its tax was computed), plus its tax when the tax was added on top.
 * The parts add up to the order's total when its lines carry their tax (every order since #20).
 */
export function productShares(order: PricedOrder): ProductShare[] {
  const items = order.orderItems;
  const discounts = shareDiscount(
    items.map((i) => i.unitPriceCents * i.quantity),
    order.discountCents,
  );
  const byProduct = new Map<string, ProductShare>();
  items.forEach((item, i) => {
    const tax = item.taxCents ?? 0;
    const net = item.unitPriceCents * item.quantity - discounts[i]!;
    const share = byProduct.get(item.productId) ?? {
      productId: item.productId,
      units: 0,
      revenueCents: 0,
      taxCents: 0,
    };
    share.units += item.quantity;
    share.revenueCents += order.taxMode === 'exclusive' ? net + tax : net;
    share.taxCents += tax;
    byProduct.set(item.productId, share);
  });
  return [...byProduct.values()];
}

/**
 * What one key of the product earned, without tax and after the discount: the product's part of the
 * order spread over its units in whole cents, the odd cents to the first keys (`position` counts from 0).
 */
export function keyRevenue(order: PricedOrder, productId: string, position: number): number {
  const share = productShares(order).find((s) => s.productId === productId);
  if (!share || position >= share.units) return 0;
  const net = share.revenueCents - share.taxCents;
  return Math.floor(net / share.units) + (position < net % share.units ? 1 : 0);
}

/**
 * The tax part of a refund of `amountCents` after `refundedBeforeCents` were refunded: the tax of the
 * refunds up to and including it, in proportion to the order's total, less that of the ones before. The
 * parts of an order's refunds add up to its tax when everything is refunded, however it was split.
 */
export function refundTax(order: PricedOrder, refundedBeforeCents: number, amountCents: number): number {
  const upTo = (cents: number) =>
    creditNoteTax(Math.min(Math.max(cents, 0), order.totalCents), order.totalCents, order.taxCents);
  return upTo(refundedBeforeCents + amountCents) - upTo(refundedBeforeCents);
}

/** Whole cents shared out in proportion to `weights` (largest remainders), or all on the first when none weigh. */
export function spread(weights: readonly number[], cents: number): number[] {
  if (weights.length === 0) return [];
  if (weights.every((w) => w === 0)) return weights.map((_, i) => (i === 0 ? cents : 0));
  const sign = cents < 0 ? -1 : 1;
  return shareDiscount(weights, Math.abs(cents)).map((c) => sign * c);
}

/** An order's margin (#21 §3): revenue net of tax and of refunds (net of their tax), less its keys' cost. */
export interface OrderMargin {
  revenueCents: number;
  taxCents: number;
  refundsCents: number;
  refundTaxCents: number;
  keyCostCents: number;
  marginCents: number;
  /** Keys of the order with no cost recorded (stored before batches): the margin overstates by theirs. */
  keysWithoutCost: number;
}

/**
 * The margin of an order from its keys and the refunds that succeeded. A payment refunded in full at the
 * provider without an amount recorded counts as refunded in full. An unpaid order earned nothing.
 */
export function orderMargin(
  order: PricedOrder & Pick<Order, 'paymentStatus'>,
  keys: readonly { costCents: number | null }[],
  refunds: readonly { amountCents: number; status: string }[],
): OrderMargin {
  const paid = order.paidAt !== null;
  const revenueCents = paid ? order.totalCents : 0;
  const taxCents = paid ? order.taxCents : 0;
  const succeeded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amountCents, 0);
  const refundsCents = !paid ? 0 : order.paymentStatus === 'refunded' ? order.totalCents : succeeded;
  const refundTaxCents = paid ? refundTax(order, 0, refundsCents) : 0;
  const keyCostCents = keys.reduce((s, k) => s + (k.costCents ?? 0), 0);
  return {
    revenueCents,
    taxCents,
    refundsCents,
    refundTaxCents,
    keyCostCents,
    marginCents: revenueCents - taxCents - (refundsCents - refundTaxCents) - keyCostCents,
    keysWithoutCost: keys.filter((k) => k.costCents === null).length,
  };
}
