import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';

// findBy*/waitFor give up after 1 s by default: too short for react-admin to settle in jsdom on a busy 2-core
// CI machine (the same reason as testTimeout in vite.config.ts). Every wait is for a state the test needs.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The store's settings are
// read once per page load and kept: each test reads them anew from its own stubs (the files share a worker).
afterEach(() => {
  cleanup();
  resetStoreConfig();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
