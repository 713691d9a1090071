import { BUILD_CATALOG } from '@store/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectTotalItems } from '../store/cart/cartSlice';
import { PRODUCTS } from '../test/fixtures';
import { renderRoute } from '../test/render';

describe('ProductPage', () => {
  it("shows the edition's words from the build's catalogue, its price and stock from the server, and adds it to the cart", async () => {
    const entry = BUILD_CATALOG.find((p) => p.id === 'office-2024-home-business')!;
    const { store } = renderRoute('/products/office-2024-home-business', undefined, {
      products: [PRODUCTS[0]!, { ...PRODUCTS[1]!, stockLevel: 'low_stock' }, PRODUCTS[2]!],
    });

    const page = await screen.findByRole('article', { name: entry.title });
    expect(within(page).getByRole('heading', { level: 1, name: entry.title })).toBeTruthy();
    expect(within(page).getByText(entry.description)).toBeTruthy();
    const apps = within(page)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(apps).toEqual(entry.includedApps.map((app) => app.name));
    expect(within(page).getByText('$242.99')).toBeTruthy();
    expect(within(page).getByText('Low stock')).toBeTruthy();
    expect(document.title).toBe(`${entry.title} | Office Licence Store`);

    fireEvent.click(within(page).getByRole('button', { name: 'Add to Cart' }));
    expect(selectTotalItems(store.getState())).toBe(1);
  });

  it('is the not-found page for an edition the catalogue does not have', async () => {
    renderRoute('/products/office-1997');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
  });
});
