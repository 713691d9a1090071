import type { ComponentType } from 'react';

/**
 * The code of a page outside the first bundle, loaded on demand once and remembered, so that a page loaded
 * before it is first rendered renders at once instead of suspending.
 */
export interface PageModule {
  load(): Promise<ComponentType>;
  /** The page, once loaded. */
  loaded?: ComponentType;
}

function pageModule<K extends string>(
  importer: () => Promise<Record<K, ComponentType>>,
  name: K,
): PageModule {
  let pending: Promise<ComponentType> | undefined;
  const module: PageModule = {
    load: () => {
      pending ??= importer().then(
        (m) => (module.loaded = m[name]),
        (error: unknown) => {
          // A failed load (say, the network dropped) is tried again by the next render.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return module;
}

export const StoreLayout = pageModule(() => import('./shell/StoreLayout'), 'StoreLayout');
export const CheckoutPage = pageModule(() => import('../pages/CheckoutPage'), 'CheckoutPage');
export const EnterpriseSupportPage = pageModule(
  () => import('../pages/EnterpriseSupportPage'),
  'EnterpriseSupportPage',
);
export const NotFoundPage = pageModule(() => import('../pages/NotFoundPage'), 'NotFoundPage');
export const ProductPage = pageModule(() => import('../pages/ProductPage'), 'ProductPage');

/** The pages inside the store's header and footer (StoreLayout), by path. */
export const SHELL_PAGES: Record<string, PageModule> = {
  success: pageModule(() => import('../pages/SuccessPage'), 'SuccessPage'),
  login: pageModule(() => import('../pages/LoginPage'), 'LoginPage'),
  account: pageModule(() => import('../pages/AccountPage'), 'AccountPage'),
  contact: pageModule(() => import('../pages/ContactPage'), 'ContactPage'),
  compatibility: pageModule(() => import('../pages/CompatibilityPage'), 'CompatibilityPage'),
  careers: pageModule(() => import('../pages/CareersPage'), 'CareersPage'),
  privacy: pageModule(() => import('../pages/PrivacyPage'), 'PrivacyPage'),
  terms: pageModule(() => import('../pages/TermsPage'), 'TermsPage'),
  'delivery-policy': pageModule(() => import('../pages/DeliveryPolicyPage'), 'DeliveryPolicyPage'),
  'refund-policy': pageModule(() => import('../pages/RefundPolicyPage'), 'RefundPolicyPage'),
  eula: pageModule(() => import('../pages/EulaPage'), 'EulaPage'),
  'download-unavailable': pageModule(
    () => import('../pages/DownloadUnavailablePage'),
    'DownloadUnavailablePage',
  ),
};

/** The page modules the route table (router.tsx) renders for `pathname`, besides the home page. */
export function modulesFor(pathname: string): PageModule[] {
  // React Router matches paths regardless of case.
  const path = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (path === '') return [];
  if (path === 'checkout') return [CheckoutPage];
  if (path === 'enterprise-support') return [EnterpriseSupportPage];
  if (path === 'home') return [StoreLayout];
  if (/^products\/[^/]+$/.test(path)) return [StoreLayout, ProductPage];
  return [StoreLayout, SHELL_PAGES[path] ?? NotFoundPage];
}

/**
 * Starts loading the code of the page at `pathname` (and of its layout) in parallel, instead of one after
 * the other as React reaches each of them.
 */
export function preloadRoute(pathname: string): void {
  for (const module of modulesFor(pathname)) module.load().catch(() => undefined);
}
