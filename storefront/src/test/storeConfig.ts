import { storeApi } from '../store/storeApi';
import type { AppStore } from '../store/store';
import type { StoreConfigState } from '../lib/storeConfig';

/** The settings the stores of the next renders start with; the test setup has them loaded. */
let preset: StoreConfigState = { status: 'idle', config: null };

/** Tests start from nothing loaded, or from the settings given (as if the server had answered them). */
export function resetStoreConfig(next: StoreConfigState = { status: 'idle', config: null }): void {
  preset = next;
}

/** Puts the preset settings into a new store's cache, as if already loaded. */
export function seedStoreConfig(store: AppStore): void {
  if (preset.status !== 'ready') return;
  store.dispatch(
    storeApi.util.upsertQueryEntries([
      { endpointName: 'getStoreConfig', arg: undefined, value: preset.config },
    ]),
  );
}
