import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addItem, setCartOpen } from '../store/cart/cartSlice';
import { STANDARD } from '../test/fixtures';
import { renderRoute } from '../test/render';

describe('NotFoundPage', () => {
  it('is what the router renders for an unknown path, inside the shell, with its own title', async () => {
    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('not affiliated with Microsoft');
    expect(document.title).toBe('404 Page Not Found | Office Licence Store');
  });
});

describe('Header', () => {
  it('shows the cart count badge only above 0', async () => {
    const { store } = renderRoute('/contact');
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeTruthy();
    act(() => {
      store.dispatch(addItem(STANDARD));
      store.dispatch(addItem(STANDARD));
      store.dispatch(setCartOpen(false));
    });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' }).textContent).toContain('2');
  });
});
