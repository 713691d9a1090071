import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { selectCurrency, storeApi } from '../store/storeApi';
import type { Product } from '../api/types';
import type { Currency } from '../api/currencies';
import { AppRoutes } from '../app/router';
import { makeStore, type RootState } from '../store/store';
import { seedStoreConfig } from './storeConfig';

export interface TestStoreOptions {
  /**
   * The catalogue in the store's currency as if already loaded (by default it is fetched on first use,
   * like the app does).
   */
  products?: Product[];
  /** Catalogues of other currencies as if already loaded, by currency. */
  catalogues?: Partial<Record<Currency, Product[]>>;
}

/** A new store as the app makes it, with the test's settings (test/storeConfig.ts) and catalogue loaded. */
export function makeTestStore(
  preloadedState?: Partial<RootState>,
  { products, catalogues = {} }: TestStoreOptions = {},
) {
  const store = makeStore(preloadedState);
  seedStoreConfig(store);
  const loaded = { ...catalogues, ...(products ? { [selectCurrency(store.getState())]: products } : {}) };
  for (const [currency, value] of Object.entries(loaded) as [Currency, Product[]][]) {
    store.dispatch(storeApi.util.upsertQueryEntries([{ endpointName: 'getProducts', arg: currency, value }]));
  }
  return store;
}

/** Renders an element with a fresh store (and a memory router, for links). */
export function renderWithStore(
  ui: ReactElement,
  preloadedState?: Partial<RootState>,
  options?: TestStoreOptions,
) {
  const store = makeTestStore(preloadedState, options);
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter>{ui}</MemoryRouter>
      </Provider>,
    ),
  };
}

/** Renders the app's routes at a path, with a fresh store. */
export function renderRoute(path: string, preloadedState?: Partial<RootState>, options?: TestStoreOptions) {
  const store = makeTestStore(preloadedState, options);
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    ),
  };
}
