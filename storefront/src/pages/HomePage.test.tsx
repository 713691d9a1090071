import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import type { Product } from '../features/catalog/types';
import { HomePage } from './HomePage';

const product = (
  id: string,
  title: string,
  originalPriceCents: number,
  currentPriceCents: number,
): Product => ({
  id,
  title,
  subtitle: 'Lifetime licence for 1 PC or Mac',
  description: 'A one-time purchase, no subscription.',
  includedApps: [{ name: 'Word', icon: 'word' }],
  compatibility: ['Windows', 'Mac'],
  licensesLeft: 'Only 20 licenses left!',
  originalPrice: `$${(originalPriceCents / 100).toFixed(2)}`,
  currentPrice: `$${(currentPriceCents / 100).toFixed(2)}`,
  originalPriceCents,
  currentPriceCents,
  savings: '50%',
});

const PRODUCTS = [
  product('office-2024-standard', 'Office 2024 Standard', 20249, 4049),
  product('office-2024-home-business', 'Office 2024 Home & Business', 33749, 24299),
  product('office-2024-professional-plus', 'Office 2024 Professional Plus LTSC', 63999, 5399),
];

function renderHomePage() {
  return render(
    <Provider store={makeStore()}>
      <HomePage />
    </Provider>,
  );
}

describe('HomePage', () => {
  it('shows a card per product with its current and struck-through original price', async () => {
    const fetchMock = vi.fn(async () => Response.json(PRODUCTS));
    vi.stubGlobal('fetch', fetchMock);

    renderHomePage();

    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    for (const price of ['$40.49', '$242.99', '$53.99']) expect(screen.getByText(price)).toBeTruthy();
    for (const price of ['$202.49', '$337.49', '$639.99']) expect(screen.getByText(price).tagName).toBe('S');
    expect(screen.getByRole('article', { name: 'Office 2024 Home & Business' }).textContent).toContain(
      'Only 20 licenses left!',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/products', expect.anything());
  });

  it('says so when the products cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"boom"}', { status: 500 })),
    );

    renderHomePage();

    expect(await screen.findByText('Unable to load products. Please refresh the page.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
