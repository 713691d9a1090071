import type { TaxMode } from '../config/tax-config.js';
import type { BasisPoints } from './tax-rates.js';

/** a × b / c rounded half up, for non-negative integers (exact: no floating point). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * The tax in a line's amount (integer cents, after its share of the discount), rounded half up: added to
 * it (`exclusive`: amount × rate) or contained in it (`inclusive`: amount − amount / (1 + rate)).
 */
export function lineTax(amountCents: number, rate: BasisPoints, mode: TaxMode): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError(`Bad amount ${amountCents}`);
  if (mode === 'off' || rate === 0) return 0;
  if (mode === 'exclusive') return mulDivHalfUp(amountCents, rate, 10_000);
  return amountCents - mulDivHalfUp(amountCents, 10_000, 10_000 + rate);
}

/**
 * An order-level discount shared out over its lines in proportion to their amounts, in whole cents that add
 * up to it exactly (largest remainders get the odd cents, earlier lines first on a tie).
 */
export function shareDiscount(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  if (total === 0 || discountCents === 0) return lineCents.map(() => 0);
  const exact = lineCents.map((cents) => (cents * discountCents) / total);
  const shares = exact.map(Math.floor);
  let left = discountCents - shares.reduce((sum, cents) => sum + cents, 0);
  const order = exact.map((value, i) => ({ i, remainder: value - Math.floor(value) }));
  order.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

export interface TaxedLines {
  /** Each line's tax, in cents. */
  lineTaxCents: number[];
  /** Their sum: the order's tax. */
  taxCents: number;
  /** What the buyer pays: the discounted amount, plus the tax when it is added (`exclusive`). */
  totalCents: number;
}

/**
 * The tax of an order's lines (each line's gross amount in cents), after an order-level discount, rounded
 * per line (half up) and added up. With `off` (or a 0 rate) the total is today's: subtotal − discount.
 */
export function taxLines(
  lineCents: readonly number[],
  discountCents: number,
  rate: BasisPoints,
  mode: TaxMode,
): TaxedLines {
  const subtotal = lineCents.reduce((sum, cents) => sum + cents, 0);
  const shares = shareDiscount(lineCents, discountCents);
  const lineTaxCents = lineCents.map((cents, i) => lineTax(cents - shares[i]!, rate, mode));
  const taxCents = lineTaxCents.reduce((sum, cents) => sum + cents, 0);
  const net = subtotal - discountCents;
  return { lineTaxCents, taxCents, totalCents: mode === 'exclusive' ? net + taxCents : net };
}

/**
 * The tax a credit note takes back: the refund's share of the invoice's tax not yet credited
 * (`uncreditedTaxCents`, in `uncreditedTotalCents` still uncredited), rounded half up. Never more than is
 * left, and a refund of everything left takes back exactly the tax left, so an invoice's credit notes
 * add up to its tax however its refunds were split.
 */
export function creditNoteTax(
  refundCents: number,
  uncreditedTotalCents: number,
  uncreditedTaxCents: number,
): number {
  for (const cents of [refundCents, uncreditedTotalCents, uncreditedTaxCents])
    if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Bad amount ${cents}`);
  if (refundCents > uncreditedTotalCents)
    throw new RangeError(
      `A credit of ${refundCents} is more than the ${uncreditedTotalCents} left uncredited`,
    );
  if (uncreditedTaxCents > uncreditedTotalCents)
    throw new RangeError(
      `Tax of ${uncreditedTaxCents} is more than the ${uncreditedTotalCents} it is part of`,
    );
  if (uncreditedTotalCents === 0) return 0;
  return mulDivHalfUp(refundCents, uncreditedTaxCents, uncreditedTotalCents);
}
