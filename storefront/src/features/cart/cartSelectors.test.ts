import { describe, expect, it } from 'vitest';
import { storeApi } from '../../store/storeApi';
import { HOME_BUSINESS, PRO_PLUS, PRODUCTS, STANDARD } from '../../test/fixtures';
import { makeTestStore } from '../../test/render';
import {
  selectCartItems,
  selectCartTotal,
  selectCatalogueLoaded,
  selectDiscount,
  selectSavings,
  selectSubtotal,
} from './cartSelectors';
import {
  addItem,
  applyCoupon,
  initialCartState,
  selectTotalItems,
  setCartOpen,
  updateQuantity,
} from '../../store/cart/cartSlice';

const lines = [
  { id: STANDARD.id, quantity: 2 },
  { id: PRO_PLUS.id, quantity: 1 },
];

describe('cart selectors', () => {
  it('derive lines, subtotal, discount, total and savings from the lines and the catalogue', () => {
    const store = makeTestStore(
      { cart: { ...initialCartState, items: lines, appliedCoupon: { code: 'SAVE10', discount: 0.1 } } },
      { products: PRODUCTS },
    );
    const state = store.getState();
    expect(selectCartItems(state)).toEqual([
      { ...STANDARD, quantity: 2 },
      { ...PRO_PLUS, quantity: 1 },
    ]);
    expect(selectTotalItems(state)).toBe(3);
    expect(selectSubtotal(state)).toBe(2 * 4049 + 5399);
    // round(134.97 × 10%) = 13.50, as the server takes it off.
    expect(selectDiscount(state)).toBe(1350);
    expect(selectCartTotal(state)).toBe(13497 - 1350);
    // No list price has a stated source: no product saving is claimed.
    expect(selectSavings(state)).toBe(0);
    const sourced = PRODUCTS.map((p) => (p.id === STANDARD.id ? { ...p, listPriceSource: 'Microsoft' } : p));
    const withSource = makeTestStore({ cart: { ...initialCartState, items: lines } }, { products: sourced });
    expect(selectSavings(withSource.getState())).toBe(2 * (20249 - 4049));
  });

  it("take the catalogue's current prices, not the ones the line was added at", () => {
    const store = makeTestStore(undefined, { products: PRODUCTS });
    store.dispatch(addItem(STANDARD));
    expect(selectSubtotal(store.getState())).toBe(4049);
    const repriced = PRODUCTS.map((p) => (p.id === STANDARD.id ? { ...p, currentPriceCents: 3000 } : p));
    store.dispatch(
      storeApi.util.upsertQueryEntries([{ endpointName: 'getProducts', arg: 'USD', value: repriced }]),
    );
    expect(selectSubtotal(store.getState())).toBe(3000);
  });

  it('count the lines before the catalogue has loaded, and show and total none of them until then', () => {
    const store = makeTestStore({ cart: { ...initialCartState, items: lines } });
    const state = store.getState();
    expect(selectCatalogueLoaded(state)).toBe(false);
    expect(selectTotalItems(state)).toBe(3);
    expect(selectCartItems(state)).toEqual([]);
    expect(selectSubtotal(state)).toBe(0);
    expect(selectCartTotal(state)).toBe(0);
  });

  it('leave out a line whose product the catalogue does not hold', () => {
    const store = makeTestStore(
      { cart: { ...initialCartState, items: [{ id: 'office-2019-retired', quantity: 4 }, ...lines] } },
      { products: PRODUCTS },
    );
    expect(selectCartItems(store.getState()).map((item) => item.id)).toEqual([STANDARD.id, PRO_PLUS.id]);
    expect(selectSubtotal(store.getState())).toBe(13497);
  });

  it('are memoised: the same results while the lines and the catalogue stay the same', () => {
    const store = makeTestStore({ cart: { ...initialCartState, items: lines } }, { products: PRODUCTS });
    const items = selectCartItems(store.getState());
    store.dispatch(setCartOpen(true));
    expect(selectCartItems(store.getState())).toBe(items);

    store.dispatch(updateQuantity({ id: HOME_BUSINESS.id, quantity: 3 })); // not in the cart: no change
    expect(selectCartItems(store.getState())).toBe(items);

    store.dispatch(updateQuantity({ id: STANDARD.id, quantity: 3 }));
    expect(selectCartItems(store.getState())).not.toBe(items);
    expect(selectSubtotal(store.getState())).toBe(3 * 4049 + 5399);
  });

  it('take the discount off the current subtotal as the lines change', () => {
    const store = makeTestStore(undefined, { products: PRODUCTS });
    store.dispatch(addItem(HOME_BUSINESS));
    store.dispatch(applyCoupon({ code: 'OFFICE20', discount: 0.2 }));
    expect(selectDiscount(store.getState())).toBe(4860);
    store.dispatch(addItem(HOME_BUSINESS));
    expect(selectDiscount(store.getState())).toBe(9720);
    expect(selectCartTotal(store.getState())).toBe(48598 - 9720);
  });

  it("keep every line within its product's maximum per order: adding stops there, a stored excess counts as it", () => {
    const store = makeTestStore(
      { cart: { ...initialCartState, items: [{ id: STANDARD.id, quantity: STANDARD.maxQuantity - 1 }] } },
      { products: PRODUCTS },
    );
    store.dispatch(addItem(STANDARD));
    store.dispatch(addItem(STANDARD));
    expect(selectCartItems(store.getState())[0]!.quantity).toBe(STANDARD.maxQuantity);
    // A cart stored before the maximum existed, or edited in the browser.
    store.dispatch(updateQuantity({ id: STANDARD.id, quantity: 500 }));
    expect(selectCartItems(store.getState())[0]!.quantity).toBe(STANDARD.maxQuantity);
    expect(selectSubtotal(store.getState())).toBe(STANDARD.maxQuantity * STANDARD.currentPriceCents);
  });
});
