import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient } from '@tanstack/react-query';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  defaultI18nProvider,
  localStorageStore,
  Navigate,
  Resource,
} from 'react-admin';
import { Suspense, useState, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { lazyView } from './common/resource';
import { ThemeModeProvider, themes } from './layout/themeMode';
import { Toaster } from './layout/Toaster';
import { LoginPage } from './login/LoginPage';
import { MFA_PATH } from './providers/authProvider';
import { authProvider, dataProvider, RESOURCES } from './resources';

/** Where the back office is served: the router in main.tsx takes this prefix off every path. */
export const BASENAME = '/admin';

/**
 * No query is retried on its own: a failed load shows its error and a Retry button at once, rather than
 * placeholders while react-query tries three more times. One client per App (tests render several).
 */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/*
 * The first load is the login page and what it needs (react-admin's core, MUI, the providers): everything
 * behind the sign-in is a chunk loaded when first shown, the layout and the dashboard (with its chart)
 * just after signing in, each resource's pages when opened (common/resource.ts). `npm run size -w admin`
 * measures both loads against their budgets. Hence <AdminContext> and <CoreAdminUI> rather than <Admin>,
 * whose defaults (react-admin's layout, login form, error pages) would be in the first load although
 * replaced or rarely shown.
 */

/** A lazy component rendered outside the layout's Suspense: nothing until its code is here. */
const suspended =
  <P extends object>(Component: ComponentType<P>) =>
  (props: P) => (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );

const AppLayout = suspended(lazyView(() => import('./layout/AppLayout'), 'AppLayout'));
const Dashboard = lazyView(() => import('./dashboard/Dashboard'), 'Dashboard');
const MfaPage = lazyView(() => import('./mfa/MfaPage'), 'MfaPage');
const NotFound = lazyView(() => import('./layout/NotFound'), 'NotFound');
const AccessDenied = suspended(lazyView(() => import('./layout/frameworkPages'), 'AccessDenied'));
const AuthenticationError = suspended(
  lazyView(() => import('./layout/frameworkPages'), 'AuthenticationError'),
);
const ErrorPage = suspended(lazyView(() => import('./layout/frameworkPages'), 'ErrorPage'));
const LoadingPage = suspended(lazyView(() => import('./layout/frameworkPages'), 'LoadingPage'));

/** Where react-admin keeps its preferences (<Admin>'s default). */
const store = localStorageStore();

/** The dashboard lives at /admin/dashboard; the home path lands there. */
const Home = () => <Navigate to="/dashboard" replace />;

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeModeProvider>
      {(mode) => (
        <AdminContext
          queryClient={queryClient}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={defaultI18nProvider}
          store={store}
          theme={themes[mode]}
        >
          {/* What <Admin>'s <AdminUI> renders, with this back office's pages in place of its defaults. */}
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              title="Admin Portal"
              disableTelemetry
              requireAuth
              loginPage={LoginPage}
              dashboard={Home}
              layout={AppLayout}
              catchAll={NotFound}
              loading={LoadingPage}
              error={ErrorPage}
              authenticationError={AuthenticationError}
              accessDenied={AccessDenied}
            >
              {RESOURCES.map(
                ({ name, label, titlesUseLabel, icon, list, create, edit, show, recordRepresentation }) => (
                  <Resource
                    key={name}
                    name={name}
                    icon={icon}
                    list={list}
                    create={create}
                    edit={edit}
                    show={show}
                    recordRepresentation={recordRepresentation}
                    options={titlesUseLabel ? { label } : undefined}
                  />
                ),
              )}
              <CustomRoutes>
                <Route path="/dashboard" element={<Dashboard />} />
                {/* The spec's address of the licence keys page. */}
                <Route path="/licenses" element={<Navigate to="/license-keys" replace />} />
                <Route path={MFA_PATH} element={<MfaPage />} />
              </CustomRoutes>
            </CoreAdminUI>
            <Toaster />
          </CssBaseline>
        </AdminContext>
      )}
    </ThemeModeProvider>
  );
};
