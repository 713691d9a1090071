import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProducts, PRODUCT_CHOICES, PRODUCTS, productName, resetProducts, useProducts } from './products';

describe('productName', () => {
  it('shows the catalogue title of a known product', () => {
    expect(productName('office-2024-standard')).toBe('Office 2024 Standard');
    expect(productName('office-2024-home-business')).toBe('Office 2024 Home & Business');
    expect(productName('office-2024-professional-plus')).toBe('Office 2024 Professional Plus LTSC');
  });

  it("falls back to the spec's rule: first hyphen to a space, each word capitalised", () => {
    expect(productName('office-2024-pro')).toBe('Office 2024-pro');
    expect(productName('visio-professional')).toBe('Visio Professional');
  });

  it('shows nothing for a missing id', () => {
    expect(productName(null)).toBe('');
    expect(productName(undefined)).toBe('');
  });
});

describe('the catalogue from GET /api/products', () => {
  const FOURTH = { id: 'visio-2024-professional', title: 'Visio 2024 Professional' };
  afterEach(() => resetProducts());

  it('replaces the build catalogue in the pickers and names once it answers', async () => {
    resetProducts();
    const fetchMock = vi.fn(async () =>
      Response.json([...PRODUCTS.map(({ id, title }) => ({ id, title, currentPriceCents: 1 })), FOURTH]),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(productName(FOURTH.id)).toBe('Visio 2024-professional');
    await loadProducts();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/products', expect.anything());
    expect(PRODUCTS.at(-1)).toEqual(FOURTH);
    expect(PRODUCT_CHOICES.at(-1)).toEqual({ id: FOURTH.id, name: FOURTH.title });
    expect(productName(FOURTH.id)).toBe('Visio 2024 Professional');
  });

  it('renders again with the catalogue once it answers (useProducts)', async () => {
    resetProducts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([...PRODUCTS, FOURTH])),
    );
    const { result } = renderHook(() => useProducts());
    expect(result.current).toHaveLength(3);
    await waitFor(() => expect(result.current.at(-1)).toEqual(FOURTH));
  });

  it('keeps the build catalogue when the answer is not a catalogue', async () => {
    resetProducts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Not found' }, { status: 404 })),
    );
    await loadProducts();
    expect(PRODUCTS.map(({ id }) => id)).toEqual([
      'office-2024-standard',
      'office-2024-home-business',
      'office-2024-professional-plus',
    ]);
    expect(productName('office-2024-standard')).toBe('Office 2024 Standard');
  });
});
