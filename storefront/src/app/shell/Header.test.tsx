import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render';
import { selectCartOpen } from '../../store/cart/cartSlice';
import { CURRENCY_STORAGE_KEY } from '../../store/cart/cartStorage';
import { Header } from './Header';

describe('Header', () => {
  it("links the logo to /, named by the store's name; the mark beside it is decorative", () => {
    renderWithStore(<Header />);
    const logo = within(screen.getByRole('banner')).getByRole('link', { name: 'Office Licence Store' });
    expect(logo.getAttribute('href')).toBe('/');
    const mark = logo.querySelector('img')!;
    expect(mark.getAttribute('alt')).toBe('');
    expect(mark.getAttribute('src')).toBe('/favicon.svg');
  });

  it('makes Cart a link to the checkout, which a plain click turns into the cart dialog once hydrated', () => {
    const { store } = renderWithStore(<Header />);
    const cart = within(screen.getByRole('banner')).getByRole('link', { name: 'Cart' });
    // Before the scripts run, the link itself works: the checkout lists the cart (#34).
    expect(cart.tagName).toBe('A');
    expect(cart.getAttribute('href')).toBe('/checkout');
    expect(cart.hasAttribute('disabled')).toBe(false);
    // A click asking for a new tab follows the link; a plain click opens the dialog.
    expect(fireEvent.click(cart, { ctrlKey: true })).toBe(true);
    expect(selectCartOpen(store.getState())).toBe(false);
    expect(fireEvent.click(cart)).toBe(false);
    expect(selectCartOpen(store.getState())).toBe(true);
  });

  it('offers every currency the store sells, the original USD among them, and keeps the buyer’s choice (#35)', () => {
    const { store } = renderWithStore(<Header />);
    const select = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Currency' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'INR',
      'CAD',
      'AUD',
      'JPY',
      'SGD',
      'AED',
    ]);
    fireEvent.change(select, { target: { value: 'GBP' } });
    expect(store.getState().cart).toMatchObject({ currency: 'GBP', currencyChosen: true });
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('"GBP"');
  });
});
