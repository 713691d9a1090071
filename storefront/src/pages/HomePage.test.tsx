import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectTotalItems } from '../store/cart/cartSlice';
import { PRODUCTS, STORE_CONFIG } from '../test/fixtures';
import { renderRoute } from '../test/render';
import { resetStoreConfig } from '../test/storeConfig';

/** The cart dialog's tax row, as "label: value". */
const taxRow = (dialog: HTMLElement) => {
  const term = within(dialog).getByText(/^(Taxes and fees|VAT)/);
  return `${term.textContent}: ${term.nextElementSibling?.textContent}`;
};

describe('HomePage', () => {
  it('shows a card per product with its price, its stock level, and no list price without a stated source', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json([
        PRODUCTS[0],
        { ...PRODUCTS[1], stockLevel: 'low_stock' },
        { ...PRODUCTS[2], stockLevel: 'back_ordered', backOrderHours: 36 },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);

    renderRoute('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    for (const price of ['$40.49', '$242.99', '$53.99']) expect(screen.getByText(price)).toBeTruthy();
    // No source stated for the list prices: nothing struck through, no saving claimed.
    for (const price of ['$202.49', '$337.49', '$639.99']) expect(screen.queryByText(price)).toBeNull();
    expect(screen.queryByText(/^Save |You save|% off/)).toBeNull();
    // The stock as the server answered it (#34), never a fixed count.
    expect(screen.queryByText(/licenses left/)).toBeNull();
    const card = screen.getByRole('article', { name: 'Office 2024 Home & Business' });
    expect(within(card).getByText('Low stock')).toBeTruthy();
    const standard = screen.getByRole('article', { name: 'Office 2024 Standard' });
    expect(within(standard).getByText('In stock')).toBeTruthy();
    const proPlus = screen.getByRole('article', { name: 'Office 2024 Professional Plus LTSC' });
    expect(within(proPlus).getByText('Back-ordered: keys within 36 hours')).toBeTruthy();
    // The edition's artwork, decorative, sized before it loads.
    const art = card.querySelector('img')!;
    expect(art.getAttribute('src')).toBe('/art/office-2024-home-business.svg');
    expect(art.getAttribute('alt')).toBe('');
    expect([art.getAttribute('width'), art.getAttribute('height')]).toEqual(['320', '200']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/products?currency=USD', expect.anything());
    // The hero's logo: the mark and, once its code has loaded, the store's name.
    expect(await screen.findByText('Office Licence Store')).toBeTruthy();
    // No header or footer on /.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('says "incl. VAT" beside each price when prices include VAT, and nothing when tax is off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(PRODUCTS)),
    );
    resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'inclusive' } });
    const { unmount } = renderRoute('/');
    expect(await screen.findAllByRole('article')).toHaveLength(PRODUCTS.length);
    for (const card of screen.getAllByRole('article'))
      expect(within(card).getByText('incl. VAT')).toBeTruthy();
    unmount();
    resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'off' } });
    renderRoute('/');
    expect(await screen.findAllByRole('article')).toHaveLength(PRODUCTS.length);
    expect(screen.queryByText('incl. VAT')).toBeNull();
  });

  it('strikes a list price through, with its saving, only where its source is stated', async () => {
    const source = 'Microsoft Store (US) list price, checked 2026-11-01';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([{ ...PRODUCTS[0], listPriceSource: source }, PRODUCTS[1], PRODUCTS[2]]),
      ),
    );
    renderRoute('/');
    const standard = await screen.findByRole('article', { name: 'Office 2024 Standard' });
    expect(within(standard).getByText('$202.49').tagName).toBe('S');
    expect(within(standard).getByText(`List price: ${source}`)).toBeTruthy();
    expect(within(standard).getByText('You save $162.00')).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Office 2024 Home & Business' });
    expect(within(other).queryByText('$337.49')).toBeNull();
    expect(within(other).queryByText(/List price|You save|^Save /)).toBeNull();
  });

  it('says so when the products cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"boom"}', { status: 500 })),
    );

    renderRoute('/');

    expect(await screen.findByText('Unable to load products. Please refresh the page.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens the cart dialog when a product is added', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(PRODUCTS)),
    );
    const { store } = renderRoute('/');

    const card = await screen.findByRole('article', { name: 'Office 2024 Standard' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));

    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByText('Office 2024 Standard')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Decrease quantity of Office 2024 Standard' }),
    ).toHaveProperty('disabled', true);
    expect(selectTotalItems(store.getState())).toBe(1);
    // Tax off (the default): the spec's line.
    expect(taxRow(dialog)).toBe('Taxes and fees: $0.00');
  });

  it("says in the cart that tax is worked out at checkout when the store charges it (the country isn't known yet)", async () => {
    resetStoreConfig({ status: 'ready', config: { ...STORE_CONFIG, taxMode: 'exclusive' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(PRODUCTS)),
    );
    renderRoute('/');

    const card = await screen.findByRole('article', { name: 'Office 2024 Standard' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(taxRow(dialog)).toBe('Taxes and fees: Calculated at checkout');
  });

  it('opens an FAQ answer and closes it again; the two categories are one group, one answer open at a time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(PRODUCTS)),
    );
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    const first = screen.getByText(/Is this a subscription\?/).closest('summary')!;
    const answer = first.parentElement as HTMLDetailsElement;
    expect(answer.tagName).toBe('DETAILS');
    expect(answer.open).toBe(false);

    fireEvent.click(first);
    expect(answer.open).toBe(true);
    fireEvent.click(first);
    expect(answer.open).toBe(false);
    // The browser closes the others of a group (jsdom does not: the journeys check it in Chromium).
    const details = [...document.querySelectorAll('details')];
    expect(details).toHaveLength(10);
    expect(new Set(details.map((d) => d.getAttribute('name')))).toEqual(new Set(['home-faq']));
  });
});
