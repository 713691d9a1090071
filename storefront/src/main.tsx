// First: starts loading the code of the page visited, once this bundle has been evaluated.
import './app/startPreload';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { restoreCart } from './store/cart/cartListeners';
import { AppRoutes } from './app/router';
import { modulesFor } from './app/routeModules';
import { makeStore, type AppStore, type RootState } from './store/store';
import { StoreRoot } from './app/StoreRoot';
import { nextTask } from './lib/nextTask';

/**
 * A new store with the cart restored from the browser's storage, and the state before that: the state the
 * build prerendered the pages with (no cart, nothing fetched; entry-prerender.tsx).
 */
function makeAppStore() {
  const store = makeStore();
  const prerenderedState = store.getState();
  store.dispatch(restoreCart());
  return { store, prerenderedState };
}

const app = (store: AppStore, serverState?: RootState) => (
  <StoreRoot store={store} serverState={serverState}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StoreRoot>
);

/**
 * A page prerendered at build time: React adopts its markup. The page's code (loading since startPreload)
 * comes first, so that hydration has the whole page to render. Hydration renders the state the build
 * rendered (no cart, nothing loaded), then React renders the cart restored by makeAppStore. Each step runs
 * in a task of its own, after the evaluation of this bundle: that is one long task already, during which
 * the page cannot respond.
 */
async function hydratePrerendered(container: HTMLElement) {
  await nextTask();
  await Promise.allSettled(modulesFor(window.location.pathname).map((module) => module.load()));
  await nextTask();
  const { store, prerenderedState } = makeAppStore();
  startTransition(() => {
    hydrateRoot(container, app(store, prerenderedState));
  });
}

// As a transition, React renders (or hydrates) the first page in slices of a few milliseconds, letting the
// browser handle input and network in between, instead of in one long task that blocks the page.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
if (container.hasChildNodes()) {
  void hydratePrerendered(container);
} else {
  const root = createRoot(container);
  const { store } = makeAppStore();
  startTransition(() => root.render(app(store)));
}
