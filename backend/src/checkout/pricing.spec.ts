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
      totalCents: 32397,
    });
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
