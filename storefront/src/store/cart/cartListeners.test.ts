import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store';
import { HOME_BUSINESS, PRODUCTS, STANDARD } from '../../test/fixtures';
import { makeTestStore } from '../../test/render';
import { restoreCart, verifyStoredCoupon } from './cartListeners';
import { selectSubtotal } from '../../features/cart/cartSelectors';
import { addItem, applyCoupon, clearCart, removeCoupon, selectTotalItems, updateQuantity } from './cartSlice';
import { CART_STORAGE_KEY, COUPON_STORAGE_KEY } from './cartStorage';

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('cart persistence', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('writes the items on every change and the coupon when applied, and removes it when cleared', () => {
    const store = makeStore();
    store.dispatch(addItem(STANDARD));
    // The lines only: the prices are the catalogue's when the cart is read again.
    expect(stored(CART_STORAGE_KEY)).toEqual([{ id: STANDARD.id, quantity: 1 }]);
    store.dispatch(updateQuantity({ id: STANDARD.id, quantity: 3 }));
    expect((stored(CART_STORAGE_KEY) as { quantity: number }[])[0].quantity).toBe(3);

    store.dispatch(applyCoupon({ code: 'SAVE10', discount: 0.1 }));
    expect(stored(COUPON_STORAGE_KEY)).toEqual({ code: 'SAVE10', discount: 0.1 });
    store.dispatch(removeCoupon());
    expect(localStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();

    store.dispatch(applyCoupon({ code: 'SAVE10', discount: 0.1 }));
    store.dispatch(clearCart());
    expect(stored(CART_STORAGE_KEY)).toEqual([]);
    expect(localStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
  });

  it('restores items and coupon into a new store and stops loading', () => {
    const first = makeStore();
    first.dispatch(addItem(STANDARD));
    first.dispatch(addItem(HOME_BUSINESS));
    first.dispatch(applyCoupon({ code: 'SAVE10', discount: 0.1 }));

    const second = makeTestStore(undefined, { products: PRODUCTS });
    expect(second.getState().cart.isLoading).toBe(true);
    second.dispatch(restoreCart());
    expect(second.getState().cart).toMatchObject({
      items: [
        { id: STANDARD.id, quantity: 1 },
        { id: HOME_BUSINESS.id, quantity: 1 },
      ],
      appliedCoupon: { code: 'SAVE10', discount: 0.1 },
      isLoading: false,
      isOpen: false,
    });
    expect(selectTotalItems(second.getState())).toBe(2);
    expect(selectSubtotal(second.getState())).toBe(4049 + 24299);
  });

  it('logs and ignores stored values that cannot be parsed or have the wrong shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ code: 'X', discount: 'lots' }));

    const store = makeStore();
    store.dispatch(restoreCart());

    expect(store.getState().cart).toMatchObject({ items: [], appliedCoupon: null, isLoading: false });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0][0])).toContain(CART_STORAGE_KEY);
  });

  it('ignores a stored list holding a line without a valid quantity', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...STANDARD, quantity: -2 }]));
    const store = makeStore();
    store.dispatch(restoreCart());
    expect(store.getState().cart.items).toEqual([]);
  });

  it('reads a cart stored with whole products (before the lines were stored alone) as its lines', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...STANDARD, currentPriceCents: 1, quantity: 2 }]),
    );
    const store = makeTestStore(undefined, { products: PRODUCTS });
    store.dispatch(restoreCart());
    expect(store.getState().cart.items).toEqual([{ id: STANDARD.id, quantity: 2 }]);
    expect(selectSubtotal(store.getState())).toBe(2 * 4049);
  });

  describe('a stored coupon the server has not confirmed in this session', () => {
    beforeEach(() => sessionStorage.clear());
    const storeCoupon = (discount: number) =>
      localStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify({ code: 'SAVE10', discount }));
    const answering = (response: () => Response) => {
      const fetchMock = vi.fn(async () => response());
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    };
    const restored = async () => {
      const store = makeTestStore(undefined, { products: PRODUCTS });
      store.dispatch(restoreCart());
      // Not shown before the server answers, whatever the browser stored.
      expect(store.getState().cart.appliedCoupon).toBeNull();
      await store.dispatch(verifyStoredCoupon('SAVE10'));
      return store;
    };

    it('shows the discount the server answers, not the stored one', async () => {
      storeCoupon(0.97);
      const fetchMock = answering(() => Response.json({ code: 'SAVE10', discount: 0.1 }));
      const store = await restored();
      expect(store.getState().cart.appliedCoupon).toEqual({ code: 'SAVE10', discount: 0.1 });
      expect(stored(COUPON_STORAGE_KEY)).toEqual({ code: 'SAVE10', discount: 0.1 });
      expect(fetchMock).toHaveBeenCalledWith('/api/coupons/validate', expect.anything());
      // Confirmed for this session: the next page shows it without asking again.
      const calls = fetchMock.mock.calls.length;
      const next = makeTestStore(undefined, { products: PRODUCTS });
      next.dispatch(restoreCart());
      expect(next.getState().cart.appliedCoupon).toEqual({ code: 'SAVE10', discount: 0.1 });
      expect(fetchMock.mock.calls.length).toBe(calls);
    });

    it('drops a coupon the server refuses', async () => {
      storeCoupon(0.1);
      answering(() =>
        Response.json(
          { statusCode: 404, message: 'This coupon code is not valid or has expired' },
          { status: 404 },
        ),
      );
      const store = await restored();
      expect(store.getState().cart.appliedCoupon).toBeNull();
      expect(localStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
    });

    it('shows nothing, and keeps it to ask again, when the server cannot answer', async () => {
      storeCoupon(0.1);
      answering(() => Response.json({ statusCode: 429, message: 'Too many requests' }, { status: 429 }));
      const store = await restored();
      expect(store.getState().cart.appliedCoupon).toBeNull();
      expect(stored(COUPON_STORAGE_KEY)).toEqual({ code: 'SAVE10', discount: 0.1 });
    });
  });
});
