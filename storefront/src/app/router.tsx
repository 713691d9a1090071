import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { HomePage } from '../pages/HomePage';
import { App } from './App';
import * as routeModules from './routeModules';
import type { PageModule } from './routeModules';

/*
 * Declarative routes (not the data router, which alone would add ~15 KB gzip to the first load). Only the
 * home page is in the first bundle; the shell, checkout and its payment code, the account pages, the
 * content pages and the 404 page are chunks loaded on navigation, or from the start (in parallel, see
 * routeModules.ts) when the visit begins on them.
 */
function page(code: PageModule) {
  const Lazy = lazy(async () => ({ default: await code.load() }));
  return function Page() {
    const Loaded = code.loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

const StoreLayout = page(routeModules.StoreLayout);
const CheckoutPage = page(routeModules.CheckoutPage);
const EnterpriseSupportPage = page(routeModules.EnterpriseSupportPage);
const NotFoundPage = page(routeModules.NotFoundPage);
const ProductPage = page(routeModules.ProductPage);
const shellPages = Object.entries(routeModules.SHELL_PAGES).map(
  ([path, code]) => [path, page(code)] as const,
);

const loading = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;
/** Inside the shell, the page's placeholder fills the screen: the footer below must not move into view. */
const pageLoading = (element: ReactNode) => (
  <Suspense fallback={<PageLoading fillScreen />}>{element}</Suspense>
);

/** The route table of the spec (§2); `/enterprise-support` per DESIGN.md. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<App />}>
        {/* No header or footer on /, /checkout and the enterprise landing page. */}
        <Route index element={<HomePage />} />
        <Route path="checkout" element={loading(<CheckoutPage />)} />
        {/* A landing page of its own: its top bar and footer, not the store's. */}
        <Route path="enterprise-support" element={loading(<EnterpriseSupportPage />)} />
        <Route element={loading(<StoreLayout />)}>
          <Route path="home" element={<HomePage withinShell />} />
          <Route path="products/:productId" element={pageLoading(<ProductPage />)} />
          {shellPages.map(([path, Page]) => (
            <Route key={path} path={path} element={pageLoading(<Page />)} />
          ))}
          <Route path="*" element={pageLoading(<NotFoundPage />)} />
        </Route>
      </Route>
    </Routes>
  );
}
