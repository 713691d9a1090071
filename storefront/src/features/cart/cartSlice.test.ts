import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { HOME_BUSINESS, STANDARD } from '../../test/fixtures';
import {
  addItem,
  applyCoupon,
  clearCart,
  initialCartState,
  loadCoupon,
  loadFromStorage,
  removeCoupon,
  removeItem,
  selectCartTotal,
  selectDiscount,
  selectSavings,
  setCartOpen,
  setLoading,
  toggleCart,
  updateQuantity,
} from './cartSlice';

const cartOf = (store: ReturnType<typeof makeStore>) => store.getState().cart;

describe('cart slice', () => {
  it('starts empty, closed and loading', () => {
    expect(cartOf(makeStore())).toEqual({
      items: [],
      isOpen: false,
      totalItems: 0,
      totalPrice: 0,
      appliedCoupon: null,
      isLoading: true,
    });
  });

  it('adds a new product with quantity 1, opens the cart, and adds 1 for a product already in it', () => {
    const store = makeStore();
    store.dispatch(addItem(STANDARD));
    expect(cartOf(store).items).toEqual([{ ...STANDARD, quantity: 1 }]);
    expect(cartOf(store).isOpen).toBe(true);

    store.dispatch(setCartOpen(false));
    store.dispatch(addItem(STANDARD));
    store.dispatch(addItem(HOME_BUSINESS));
    expect(cartOf(store).items.map((i) => [i.id, i.quantity])).toEqual([
      [STANDARD.id, 2],
      [HOME_BUSINESS.id, 1],
    ]);
    expect(cartOf(store).isOpen).toBe(true);
    expect(cartOf(store).totalItems).toBe(3);
    expect(cartOf(store).totalPrice).toBe(2 * 4049 + 24299);
  });

  it('updates quantities, removing the line at 0 or below, and removes lines', () => {
    const store = makeStore();
    store.dispatch(addItem(STANDARD));
    store.dispatch(addItem(HOME_BUSINESS));
    store.dispatch(updateQuantity({ id: STANDARD.id, quantity: 4 }));
    expect(cartOf(store).totalItems).toBe(5);
    expect(cartOf(store).totalPrice).toBe(4 * 4049 + 24299);

    store.dispatch(updateQuantity({ id: STANDARD.id, quantity: 0 }));
    expect(cartOf(store).items.map((i) => i.id)).toEqual([HOME_BUSINESS.id]);
    store.dispatch(updateQuantity({ id: HOME_BUSINESS.id, quantity: -1 }));
    expect(cartOf(store).items).toEqual([]);

    store.dispatch(addItem(STANDARD));
    store.dispatch(removeItem(STANDARD.id));
    expect(cartOf(store)).toMatchObject({ items: [], totalItems: 0, totalPrice: 0 });
  });

  it('derives discount, total and product savings from the items and the coupon', () => {
    const store = makeStore();
    store.dispatch(addItem(STANDARD));
    store.dispatch(addItem(STANDARD));
    store.dispatch(applyCoupon({ code: 'SAVE10', discount: 0.1 }));
    const state = store.getState();
    expect(selectDiscount(state)).toBe(810);
    expect(selectCartTotal(state)).toBe(8098 - 810);
    expect(selectSavings(state)).toBe(2 * (20249 - 4049));

    store.dispatch(removeCoupon());
    expect(selectDiscount(store.getState())).toBe(0);
    expect(selectCartTotal(store.getState())).toBe(8098);
  });

  it('clears items and coupon, toggles and sets open, loads from storage and ends loading', () => {
    const store = makeStore();
    store.dispatch(loadFromStorage([{ ...HOME_BUSINESS, quantity: 2 }]));
    store.dispatch(loadCoupon({ code: 'OFFICE20', discount: 0.2 }));
    expect(cartOf(store)).toMatchObject({ totalItems: 2, totalPrice: 48598 });
    expect(cartOf(store).appliedCoupon).toEqual({ code: 'OFFICE20', discount: 0.2 });

    store.dispatch(toggleCart());
    expect(cartOf(store).isOpen).toBe(true);
    store.dispatch(toggleCart());
    expect(cartOf(store).isOpen).toBe(false);
    store.dispatch(setLoading(false));
    expect(cartOf(store).isLoading).toBe(false);

    store.dispatch(clearCart());
    expect(cartOf(store)).toEqual({ ...initialCartState, isLoading: false });
  });

  it('is created from a preloaded state', () => {
    const store = makeStore({
      cart: { ...initialCartState, items: [{ ...STANDARD, quantity: 3 }], totalItems: 3, totalPrice: 12147 },
    });
    expect(selectCartTotal(store.getState())).toBe(12147);
  });
});
