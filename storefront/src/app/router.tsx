import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { HomePage } from '../pages/HomePage';
import { App } from './App';

/*
 * Declarative routes (not the data router, which alone would add ~15 KB gzip to the first load). Only the
 * home page is in the first bundle; the shell, checkout and its payment code, the account pages, the
 * content pages and the 404 page are chunks loaded on navigation.
 */
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const StoreLayout = page(() => import('./shell/StoreLayout'), 'StoreLayout');
const CheckoutPage = page(() => import('../pages/CheckoutPage'), 'CheckoutPage');
const SuccessPage = page(() => import('../pages/SuccessPage'), 'SuccessPage');
const LoginPage = page(() => import('../pages/LoginPage'), 'LoginPage');
const AccountPage = page(() => import('../pages/AccountPage'), 'AccountPage');
const ContactPage = page(() => import('../pages/ContactPage'), 'ContactPage');
const CompatibilityPage = page(() => import('../pages/CompatibilityPage'), 'CompatibilityPage');
const CareersPage = page(() => import('../pages/CareersPage'), 'CareersPage');
const PrivacyPage = page(() => import('../pages/PrivacyPage'), 'PrivacyPage');
const TermsPage = page(() => import('../pages/TermsPage'), 'TermsPage');
const DeliveryPolicyPage = page(() => import('../pages/DeliveryPolicyPage'), 'DeliveryPolicyPage');
const RefundPolicyPage = page(() => import('../pages/RefundPolicyPage'), 'RefundPolicyPage');
const EulaPage = page(() => import('../pages/EulaPage'), 'EulaPage');
const EnterpriseSupportPage = page(() => import('../pages/EnterpriseSupportPage'), 'EnterpriseSupportPage');
const NotFoundPage = page(() => import('../pages/NotFoundPage'), 'NotFoundPage');

const loading = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

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
          <Route path="success" element={loading(<SuccessPage />)} />
          <Route path="login" element={loading(<LoginPage />)} />
          <Route path="account" element={loading(<AccountPage />)} />
          <Route path="contact" element={loading(<ContactPage />)} />
          <Route path="compatibility" element={loading(<CompatibilityPage />)} />
          <Route path="careers" element={loading(<CareersPage />)} />
          <Route path="privacy" element={loading(<PrivacyPage />)} />
          <Route path="terms" element={loading(<TermsPage />)} />
          <Route path="delivery-policy" element={loading(<DeliveryPolicyPage />)} />
          <Route path="refund-policy" element={loading(<RefundPolicyPage />)} />
          <Route path="eula" element={loading(<EulaPage />)} />
          <Route path="*" element={loading(<NotFoundPage />)} />
        </Route>
      </Route>
    </Routes>
  );
}
