import { creditNoteTax, lineTax, shareDiscount, taxLines } from './tax-math.js';
import { EU_COUNTRIES, percentOf, standardRate, VAT_COUNTRIES } from './tax-rates.js';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('standard rates (the sales-tax package’s data)', () => {
  it('gives the EU’s and the UK’s current standard rates in basis points', () => {
    expect(
      Object.fromEntries(
        ['DE', 'FR', 'GB', 'IE', 'HU', 'FI', 'EE', 'SK', 'RO'].map((c) => [c, standardRate(c, NOW)]),
      ),
    ).toEqual({ DE: 1900, FR: 2000, GB: 2000, IE: 2300, HU: 2700, FI: 2550, EE: 2400, SK: 2300, RO: 2100 });
    expect(percentOf(standardRate('FI', NOW))).toBe(25.5);
  });

  it('applies a changed rate from its date, and the earlier one before it', () => {
    expect(standardRate('FI', new Date('2024-08-31T12:00:00Z'))).toBe(2400);
    expect(standardRate('FI', new Date('2024-09-01T12:00:00Z'))).toBe(2550);
    expect(standardRate('EE', new Date('2025-01-15T12:00:00Z'))).toBe(2200);
    expect(standardRate('SK', new Date('2024-12-01T12:00:00Z'))).toBe(2000);
  });

  it('has a rate for each of the 27 member states and the UK, and 0 elsewhere until the owner sets one', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of VAT_COUNTRIES) expect(standardRate(country, NOW)).toBeGreaterThanOrEqual(1700);
    for (const country of ['US', 'IN', 'CA', 'AU', 'JP', 'SG', 'UAE', 'CH'])
      expect(standardRate(country, NOW)).toBe(0);
    expect(standardRate('CH', NOW, { CH: 810 })).toBe(810);
    expect(standardRate('DE', NOW, { DE: 700 })).toBe(700);
  });
});

describe('tax arithmetic (integer cents, half up, per line)', () => {
  it('adds the tax to a price (exclusive) or finds it in one (inclusive)', () => {
    expect(lineTax(4049, 1900, 'exclusive')).toBe(769); // 769.31
    expect(lineTax(4049, 1900, 'inclusive')).toBe(646); // 4049 − 3402.52… → 4049 − 3403
    expect(lineTax(10_000, 2000, 'inclusive')).toBe(1667); // 10000 − 8333.33…
    expect(lineTax(4049, 1900, 'off')).toBe(0);
    expect(lineTax(4049, 0, 'exclusive')).toBe(0);
  });

  it('rounds a half cent up', () => {
    expect(lineTax(150, 1900, 'exclusive')).toBe(29); // 28.5
    expect(lineTax(50, 100, 'exclusive')).toBe(1); // 0.5
    expect(lineTax(49, 100, 'exclusive')).toBe(0); // 0.49
    expect(lineTax(119, 1900, 'inclusive')).toBe(19); // 119 − 100
    expect(() => lineTax(-1, 1900, 'exclusive')).toThrow(RangeError);
    expect(() => lineTax(1.5, 1900, 'exclusive')).toThrow(RangeError);
  });

  it('shares an order’s discount over its lines in whole cents that add up to it', () => {
    expect(shareDiscount([8098, 4049], 1215)).toEqual([810, 405]);
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareDiscount([4049], 0)).toEqual([0]);
    expect(shareDiscount([0, 0], 0)).toEqual([0, 0]);
    for (const discount of [1, 7, 999, 4049]) {
      const shares = shareDiscount([2999, 1050, 1], discount);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
    }
  });

  it('taxes each line after its share of the discount and adds the lines up', () => {
    // Two Standard (2 × $40.49) and one Home & Business ($40.49), 10 % off, German VAT added.
    expect(taxLines([8098, 4049], 1215, 1900, 'exclusive')).toEqual({
      lineTaxCents: [1385, 692], // (8098 − 810) × 19 % = 1384.72; (4049 − 405) × 19 % = 692.36
      taxCents: 2077,
      totalCents: 12147 - 1215 + 2077,
    });
    // Prices that include the tax: the total is what was shown.
    expect(taxLines([8098, 4049], 1215, 1900, 'inclusive')).toMatchObject({
      taxCents: 1164 + 582,
      totalCents: 10932,
    });
    // Tax off: today's total, to the cent.
    expect(taxLines([8098, 4049], 1215, 1900, 'off')).toEqual({
      lineTaxCents: [0, 0],
      taxCents: 0,
      totalCents: 10932,
    });
  });
});

describe('the tax a credit note takes back', () => {
  /** Credits `refunds` in turn against an invoice of `total` holding `tax`: each credit note's tax. */
  const credit = (total: number, tax: number, refunds: number[]) => {
    let [totalLeft, taxLeft] = [total, tax];
    return refunds.map((refund) => {
      const taken = creditNoteTax(refund, totalLeft, taxLeft);
      totalLeft -= refund;
      taxLeft -= taken;
      return taken;
    });
  };

  it('is the refund’s share of the tax left, rounded half up', () => {
    // $40.49 with German VAT added: 4818 paid, 769 of it tax.
    expect(creditNoteTax(4818, 4818, 769)).toBe(769);
    expect(creditNoteTax(2409, 4818, 769)).toBe(385); // 384.5
    expect(creditNoteTax(1000, 4818, 769)).toBe(160); // 159.61
    expect(creditNoteTax(1, 4818, 769)).toBe(0); // 0.16
    expect(creditNoteTax(500, 1000, 0)).toBe(0); // tax off, or reverse-charged
    expect(creditNoteTax(0, 0, 0)).toBe(0);
  });

  it('adds up to the invoice’s tax over several partial refunds and a last one of everything left', () => {
    expect(credit(4818, 769, [2409, 2409])).toEqual([385, 384]);
    // 159.61 → 160 of 769; 159.51 → 160 of 609; 159.33 → 159 of 449; the rest takes the 290 left.
    expect(credit(4818, 769, [1000, 1000, 1000, 1818])).toEqual([160, 160, 159, 290]);
    for (const refunds of [
      [1000, 1000, 1000, 1818],
      [1, 1, 1, 4815],
      [3, 3, 3, 3, 4806],
      [4817, 1],
      [2409, 2409],
    ]) {
      const taken = credit(4818, 769, refunds);
      expect(taken.reduce((a, b) => a + b, 0)).toBe(769);
      taken.forEach((tax, i) => expect(tax).toBeLessThanOrEqual(refunds[i]!));
    }
    // Pennies refunded one at a time never take back more than is left: the last cent takes the rest.
    const pennies = credit(119, 19, Array<number>(119).fill(1));
    expect(pennies.reduce((a, b) => a + b, 0)).toBe(19);
    expect(pennies.every((tax) => tax === 0 || tax === 1)).toBe(true);
  });

  it('refuses a credit past what is left uncredited', () => {
    expect(() => creditNoteTax(4819, 4818, 769)).toThrow(
      'A credit of 4819 is more than the 4818 left uncredited',
    );
    expect(() => creditNoteTax(10, 100, 101)).toThrow(RangeError);
    expect(() => creditNoteTax(-1, 100, 10)).toThrow(RangeError);
    expect(() => creditNoteTax(1.5, 100, 10)).toThrow(RangeError);
  });
});
