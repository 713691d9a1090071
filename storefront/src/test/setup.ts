import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetStoreConfig } from './storeConfig';
import { STORE_CONFIG } from './fixtures';

// findBy*/waitFor give up after 1 s by default: too short for a lazy page's first import and render on a
// busy 2-core CI machine (the same reason as testTimeout in vite.config.ts).
configure({ asyncUtilTimeout: 5_000 });

// The test of the build-time prerender runs in Node, without a DOM to prepare or clean.
const withDom = typeof window !== 'undefined';

beforeEach(() => {
  // The server's settings as if already loaded in every store a test renders with, so a test's fetch stub
  // sees only the calls it is about.
  // Tests of the loading itself start from `resetStoreConfig()`.
  resetStoreConfig({ status: 'ready', config: STORE_CONFIG });
  if (!withDom) return;
  // jsdom implements neither; the shell scrolls to the top on every route change.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  if (!withDom) return;
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
