// First: starts loading the code of the page visited, in parallel with the evaluation of this bundle.
import './app/startPreload';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { restoreCart } from './features/cart/cartListeners';
import { AppRoutes } from './app/router';
import { modulesFor } from './app/routeModules';
import { makeStore, type RootState } from './app/store';
import { StoreRoot } from './app/StoreRoot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore();
// The state the build prerendered the pages with: no cart, nothing fetched (entry-prerender.tsx).
const prerenderedState = store.getState();
store.dispatch(restoreCart());

const app = (serverState?: RootState) => (
  <StoreRoot store={store} serverState={serverState}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StoreRoot>
);

// As a transition, React renders (or hydrates) the first page in slices of a few milliseconds, letting the
// browser handle input and network in between, instead of in one long task that blocks the page.
if (container.hasChildNodes()) {
  // A page prerendered at build time: React adopts its markup. The page's code (loading since startPreload)
  // comes first, so that hydration has the whole page to render. Hydration renders the state the build
  // rendered (no cart, nothing loaded), then React renders the cart restored above.
  void Promise.allSettled(modulesFor(window.location.pathname).map((module) => module.load())).then(() =>
    startTransition(() => {
      hydrateRoot(container, app(prerenderedState));
    }),
  );
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}
