/**
 * The VAT of a cart as the server will figure it (backend/src/tax/tax-math.ts): per line after its share of
 * the discount, rounded half up, added to the price (`exclusive`) or contained in it (`inclusive`). Shown in
 * the summary as soon as the billing country is known; the order's own figures replace it once made.
 */
const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** An order-level discount shared out over its lines in proportion, in whole cents (largest remainders). */
function shareDiscount(lineCents: readonly number[], discountCents: number): number[] {
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

/** The tax in cents of lines (each line's amount in cents) after `discountCents`, at `ratePercent`. */
export function cartTax(
  lineCents: readonly number[],
  discountCents: number,
  ratePercent: number,
  mode: 'inclusive' | 'exclusive',
): number {
  const rate = Math.round(ratePercent * 100);
  if (rate === 0) return 0;
  const shares = shareDiscount(lineCents, discountCents);
  return lineCents.reduce((sum, cents, i) => {
    const amount = cents - shares[i]!;
    return (
      sum +
      (mode === 'exclusive'
        ? mulDivHalfUp(amount, rate, 10_000)
        : amount - mulDivHalfUp(amount, 10_000, 10_000 + rate))
    );
  }, 0);
}
