import { describe, expect, it } from 'vitest';
import { cartTax } from './vat';

describe('cartTax, as the server figures it', () => {
  it('takes the VAT a price includes, per line after the discount', () => {
    // $40.49 holds German VAT of 19 %: 4049 − 4049 / 1.19 (3402.52 → 3403) = $6.46.
    expect(cartTax([4049], 0, 19, 'inclusive')).toBe(646);
    expect(cartTax([4049], 0, 20, 'inclusive')).toBe(675);
  });

  it('adds the VAT to prices without it, half up, and at a rate with a decimal', () => {
    expect(cartTax([4049], 0, 20, 'exclusive')).toBe(810); // 809.8
    expect(cartTax([4049], 0, 25.5, 'exclusive')).toBe(1032); // 1032.495
    // Two Standard and one Home & Business, $32.40 off, German 19 % added per line.
    expect(cartTax([8098, 24299], 3240, 19, 'exclusive')).toBe(5540);
  });

  it('is nothing at a 0 rate', () => {
    expect(cartTax([4049], 0, 0, 'inclusive')).toBe(0);
  });
});
