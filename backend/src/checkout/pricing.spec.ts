import { priceCart, UnknownProductError } from './pricing.js';

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
      totalCents: 32397,
    });
  });

  it('adds or finds the tax per line after the discount, and keeps each line’s tax', () => {
    const cart = [
      { id: 'standard', quantity: 2 },
      { id: 'home', quantity: 1 },
    ];
    const added = priceCart(cart, productOf, 10, { mode: 'exclusive', rate: 1900 });
    expect(added).toMatchObject({
      subtotalCents: 32397,
      discountCents: 3240,
      taxCents: 5540,
      totalCents: 34697,
    });
    expect(added.items.map((item) => item.taxCents)).toEqual([1385, 4155]);
    const included = priceCart(cart, productOf, 10, { mode: 'inclusive', rate: 1900 });
    expect(included).toMatchObject({ taxCents: 1164 + 3492, totalCents: 29157 });
    // With tax off, or a country at 0, the lines carry no tax at all.
    expect(priceCart(cart, productOf, 10, { mode: 'exclusive', rate: 0 }).items[0]).not.toHaveProperty(
      'taxCents',
    );
  });

  it('rounds the discount to the nearest cent', () => {
    // 10 % of $40.49 is 404.9 cents → 405.
    expect(priceCart([{ id: 'standard', quantity: 1 }], productOf, 10)).toMatchObject({
      subtotalCents: 4049,
      discountCents: 405,
      totalCents: 3644,
    });
    // 15 % of $40.49 is 607.35 cents → 607.
    expect(priceCart([{ id: 'standard', quantity: 1 }], productOf, 15).discountCents).toBe(607);
    expect(priceCart([{ id: 'home', quantity: 3 }], productOf, 100).totalCents).toBe(0);
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
