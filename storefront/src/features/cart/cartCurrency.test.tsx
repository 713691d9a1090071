import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRO_PLUS, PRODUCTS, PRODUCTS_EUR, PRODUCTS_JPY, STANDARD } from '../../test/fixtures';
import { makeTestStore, renderWithStore } from '../../test/render';
import { resetStoreConfig } from '../../test/storeConfig';
import { STORE_CONFIG } from '../../test/fixtures';
import { chooseCurrency, initialCartState, selectCartLines, setCartOpen } from '../../store/cart/cartSlice';
import {
  selectCartItems,
  selectCartTotal,
  selectCurrency,
  selectDiscount,
  selectSubtotal,
  selectUnsoldLines,
} from './cartSelectors';
import { CartModal } from './CartModal';

const lines = [
  { id: STANDARD.id, quantity: 2 },
  { id: PRO_PLUS.id, quantity: 1 },
];
const cart = {
  ...initialCartState,
  isLoading: false,
  items: lines,
  appliedCoupon: { code: 'SAVE10', discount: 0.1 },
};
const catalogues = { USD: PRODUCTS, EUR: PRODUCTS_EUR, JPY: PRODUCTS_JPY };

describe('the cart in the buyer’s currency (#35)', () => {
  it('prices the same lines again from the new currency’s list, coupon included, emptying nothing', () => {
    const store = makeTestStore({ cart }, { catalogues });
    expect(selectSubtotal(store.getState())).toBe(2 * 4049 + 5399);

    store.dispatch(chooseCurrency('EUR'));
    const state = store.getState();
    expect(selectCurrency(state)).toBe('EUR');
    expect(selectCartLines(state)).toEqual(lines);
    expect(selectCartItems(state).map((item) => [item.id, item.currency, item.currentPriceCents])).toEqual([
      [STANDARD.id, 'EUR', 3799],
      [PRO_PLUS.id, 'EUR', 4999],
    ]);
    expect(selectSubtotal(state)).toBe(2 * 3799 + 4999);
    expect(selectDiscount(state)).toBe(1260);
    expect(selectCartTotal(state)).toBe(12597 - 1260);
  });

  it('keeps a line not sold in the new currency, out of the totals, and says which it is', () => {
    const store = makeTestStore({ cart }, { catalogues });
    store.dispatch(chooseCurrency('JPY'));
    const state = store.getState();
    expect(selectCartLines(state)).toEqual(lines);
    expect(selectCartItems(state).map((item) => item.id)).toEqual([STANDARD.id]);
    // Yen have no minor unit: two at ¥6,000 are 12000, 10% off is 1200.
    expect(selectSubtotal(state)).toBe(12000);
    expect(selectDiscount(state)).toBe(1200);
    expect(selectUnsoldLines(state)).toEqual([
      { id: PRO_PLUS.id, quantity: 1, title: 'Office 2024 Professional Plus LTSC' },
    ]);
  });

  it('shows a currency the store does not sell as its default, USD, the original offer', () => {
    resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, currencies: ['USD', 'EUR'] } });
    const store = makeTestStore({ cart: { ...cart, currency: 'JPY' } }, { catalogues });
    expect(selectCurrency(store.getState())).toBe('USD');
    expect(selectSubtotal(store.getState())).toBe(2 * 4049 + 5399);
  });

  it('says in the cart which products the currency does not sell, and totals the others in it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('unexpected', { status: 500 })),
    );
    const { store } = renderWithStore(<CartModal />, { cart: { ...cart, isOpen: true } }, { catalogues });
    store.dispatch(chooseCurrency('JPY'));
    store.dispatch(setCartOpen(true));

    const unsold = await screen.findByTestId('cart-unsold');
    expect(unsold.textContent).toContain('Not sold in JPY:');
    expect(within(unsold).getByText(/Office 2024 Professional Plus LTSC × 1/)).toBeTruthy();
    const items = screen.getByRole('list', { name: 'Items in your cart' });
    expect(within(items).getByText('¥6,000 each')).toBeTruthy();
    expect(within(items).getByText('¥12,000')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('¥10,800')).toBeTruthy();
    expect((screen.getByTestId('currency-select') as HTMLSelectElement).value).toBe('JPY');

    // Back to the original offer: every line sold again, in dollars.
    fireEvent.change(screen.getByTestId('currency-select'), { target: { value: 'USD' } });
    expect(screen.queryByTestId('cart-unsold')).toBeNull();
    expect(within(summary).getByText('$121.47')).toBeTruthy();
  });
});
