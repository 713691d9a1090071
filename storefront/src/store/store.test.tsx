import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCTS } from '../test/fixtures';

describe('makeStore', () => {
  it('takes in the store API loaded after the store was made: its state, its middleware, its hooks', async () => {
    // Fresh modules, as in the browser: the store is made before the RTK Query code is loaded.
    vi.resetModules();
    const { makeStore } = await import('./store');
    const store = makeStore();
    const before = store.getState();
    expect(before).not.toHaveProperty('storeApi');
    const consoleError = vi.spyOn(console, 'error');

    const { selectProductsResult } = await import('./storeApi');
    const { useProducts } = await import('../features/catalog/useProducts');

    expect(store.getState()).toHaveProperty('storeApi.queries', {});
    // A state from before (the prerendered one, which hydration renders) reads as nothing loaded.
    expect(selectProductsResult(before).status).toBe('uninitialized');
    expect(selectProductsResult(before).data).toBeUndefined();
    expect(makeStore().getState()).toHaveProperty('storeApi.queries', {});

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(PRODUCTS)),
    );
    function Titles() {
      const { products, status } = useProducts();
      return <p>{status === 'succeeded' ? products.map((p) => p.title).join(', ') : status}</p>;
    }
    // The query hooks throw if the API's middleware is not in the store.
    render(
      <Provider store={store}>
        <Titles />
      </Provider>,
    );
    expect(await screen.findByText(PRODUCTS.map((p) => p.title).join(', '))).toBeTruthy();
    expect(selectProductsResult(store.getState()).data).toEqual(PRODUCTS);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
