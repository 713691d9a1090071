import { priceCart, reverseCharges, UnknownProductError } from './pricing.js';

const products = new Map([
  ['standard', { id: 'standard', title: 'Office 2024 Standard', currentPriceCents: 4049 }],
  ['home', { id: 'home', title: 'Office 2024 Home & Business', currentPriceCents: 24299 }],
]);
const productOf = (id: string) => products.get(id);

describe('priceCart', () => {
  it('prices from the catalogue in cents', () => {
    expect(
      priceCart(
        [
          { id: 'standard', quantity: 2 },
          { id: 'home', quantity: 1 },
        ],
        productOf,
      ),
    ).toEqual({
      items: [
        { productId: 'standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
        { productId: 'home', name: 'Office 2024 Home & Business', quantity: 1, unitPriceCents: 24299 },
      ],
      subtotalCents: 32397,
      discountCents: 0,
      taxCents: 0,
      taxRate: 0,
      reverseCharge: false,
      totalCents: 32397,
    });
  });

  it('adds or finds the tax per line after the discount, and keeps each line’s tax', () => {
    const cart = [
      { id: 'standard', quantity: 2 },
      { id: 'home', quantity: 1 },
    ];
    const added = priceCart(cart, productOf, { percentOff: 10 }, { mode: 'exclusive', rate: 1900 });
    expect(added).toMatchObject({
      subtotalCents: 32397,
      discountCents: 3240,
      taxCents: 5540,
      totalCents: 34697,
    });
    expect(added.items.map((item) => item.taxCents)).toEqual([1385, 4155]);
    const included = priceCart(cart, productOf, { percentOff: 10 }, { mode: 'inclusive', rate: 1900 });
    expect(included).toMatchObject({ taxCents: 1164 + 3492, totalCents: 29157 });
    // With tax off, or a country at 0, the lines carry no tax at all.
    expect(
      priceCart(cart, productOf, { percentOff: 10 }, { mode: 'exclusive', rate: 0 }).items[0],
    ).not.toHaveProperty('taxCents');
  });

  it('prices a reverse-charged cart net: the list price when tax is added, less the VAT it holds when included', () => {
    const cart = [
      { id: 'standard', quantity: 3 },
      { id: 'home', quantity: 1 },
    ];
    const exclusive = { mode: 'exclusive', rate: 2000, reverseCharge: true } as const;
    expect(priceCart(cart, productOf, { percentOff: 10 }, exclusive)).toEqual({
      items: [
        { productId: 'standard', name: 'Office 2024 Standard', quantity: 3, unitPriceCents: 4049 },
        { productId: 'home', name: 'Office 2024 Home & Business', quantity: 1, unitPriceCents: 24299 },
      ],
      subtotalCents: 36446,
      discountCents: 3645,
      taxCents: 0,
      taxRate: 0,
      reverseCharge: true,
      totalCents: 32801,
    });
    // Each unit less the 20 % it includes: 4049 / 1.2 = 3374.17 → 3374; 24299 / 1.2 = 20249.17 → 20249.
    const inclusive = priceCart(cart, productOf, { percentOff: 10 }, { ...exclusive, mode: 'inclusive' });
    expect(inclusive.items.map((item) => item.unitPriceCents)).toEqual([3374, 20249]);
    expect(inclusive).toMatchObject({
      subtotalCents: 30371,
      discountCents: 3037,
      taxCents: 0,
      taxRate: 0,
      reverseCharge: true,
      totalCents: 27334,
    });
    // The consumer's cart, for comparison: the same country's VAT, charged.
    expect(priceCart(cart, productOf, { percentOff: 10 }, { mode: 'inclusive', rate: 2000 })).toMatchObject({
      totalCents: 32801,
      taxCents: 5467,
      taxRate: 2000,
      reverseCharge: false,
    });
    // With tax off nothing is reverse-charged: there is no tax to shift.
    expect(
      priceCart(cart, productOf, { percentOff: 0 }, { mode: 'off', rate: 0, reverseCharge: true }),
    ).toMatchObject({
      totalCents: 36446,
      reverseCharge: false,
    });
  });

  it('reverse-charges a verified business in another member state than the seller’s, with tax on', () => {
    const sale = {
      mode: 'exclusive',
      billingCountry: 'FR',
      vatNumberStatus: 'verified',
      vatNameMatch: 'match',
      sellerCountry: 'IE',
    } as const;
    expect(reverseCharges(sale)).toBe(true);
    // Another company than the number's is charged as a consumer; an undisclosed name is reviewed after.
    expect(reverseCharges({ ...sale, vatNameMatch: 'mismatch' })).toBe(false);
    expect(reverseCharges({ ...sale, vatNameMatch: 'undisclosed' })).toBe(true);
    expect(reverseCharges({ ...sale, mode: 'inclusive' })).toBe(true);
    // A seller outside the EU, or one that has not said where it is, has no member state of its own.
    expect(reverseCharges({ ...sale, sellerCountry: 'US' })).toBe(true);
    expect(reverseCharges({ ...sale, sellerCountry: null })).toBe(true);
    // A domestic business sale is taxed as usual.
    expect(reverseCharges({ ...sale, sellerCountry: 'FR' })).toBe(false);
    expect(reverseCharges({ ...sale, vatNumberStatus: 'unverified' })).toBe(false);
    expect(reverseCharges({ ...sale, vatNumberStatus: null })).toBe(false);
    expect(reverseCharges({ ...sale, mode: 'off' })).toBe(false);
    // The UK is not a member state: its numbers are not verified, and it is not reverse-charged here.
    expect(reverseCharges({ ...sale, billingCountry: 'GB' })).toBe(false);
    expect(reverseCharges({ ...sale, billingCountry: 'CH' })).toBe(false);
  });

  it('rounds the discount to the nearest cent', () => {
    // 10 % of $40.49 is 404.9 cents → 405.
    expect(priceCart([{ id: 'standard', quantity: 1 }], productOf, { percentOff: 10 })).toMatchObject({
      subtotalCents: 4049,
      discountCents: 405,
      totalCents: 3644,
    });
    // 15 % of $40.49 is 607.35 cents → 607.
    expect(priceCart([{ id: 'standard', quantity: 1 }], productOf, { percentOff: 15 }).discountCents).toBe(
      607,
    );
    expect(priceCart([{ id: 'home', quantity: 3 }], productOf, { percentOff: 100 }).totalCents).toBe(0);
  });

  it('takes an amount off, never more than the subtotal, with the tax figured after it', () => {
    const cart = [{ id: 'standard', quantity: 1 }];
    expect(priceCart(cart, productOf, { amountOffCents: 500 })).toMatchObject({
      subtotalCents: 4049,
      discountCents: 500,
      totalCents: 3549,
    });
    expect(priceCart(cart, productOf, { amountOffCents: 5000 })).toMatchObject({
      discountCents: 4049,
      taxCents: 0,
      totalCents: 0,
    });
    // 19 % on 4049 − 500 = 3549 → 674.31 → 674.
    expect(
      priceCart(cart, productOf, { amountOffCents: 500 }, { mode: 'exclusive', rate: 1900 }),
    ).toMatchObject({
      taxCents: 674,
      totalCents: 3549 + 674,
    });
  });

  it('merges lines of the same product', () => {
    const priced = priceCart(
      [
        { id: 'standard', quantity: 1 },
        { id: 'standard', quantity: 2 },
      ],
      productOf,
    );
    expect(priced.items).toEqual([
      { productId: 'standard', name: 'Office 2024 Standard', quantity: 3, unitPriceCents: 4049 },
    ]);
  });

  it('refuses an unknown product', () => {
    expect(() => priceCart([{ id: 'office-1999', quantity: 1 }], productOf)).toThrow(UnknownProductError);
  });
});
