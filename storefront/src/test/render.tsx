import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { storeApi } from '../store/storeApi';
import type { Product } from '../api/types';
import { AppRoutes } from '../app/router';
import { makeStore, type RootState } from '../store/store';
import { seedStoreConfig } from './storeConfig';

export interface TestStoreOptions {
  /** The catalogue as if already loaded (by default it is fetched on first use, like the app does). */
  products?: Product[];
}

/** A new store as the app makes it, with the test's settings (test/storeConfig.ts) and catalogue loaded. */
export function makeTestStore(preloadedState?: Partial<RootState>, { products }: TestStoreOptions = {}) {
  const store = makeStore(preloadedState);
  seedStoreConfig(store);
  if (products) {
    store.dispatch(
      storeApi.util.upsertQueryEntries([{ endpointName: 'getProducts', arg: undefined, value: products }]),
    );
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
