import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Navigate, Resource } from 'react-admin';
import { useState } from 'react';
import { Route } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { AppLayout } from './layout/AppLayout';
import { NotFound } from './layout/NotFound';
import { ThemeModeProvider, themes } from './layout/themeMode';
import { Toaster } from './layout/Toaster';
import { LoginPage } from './login/LoginPage';
import { MfaPage } from './mfa/MfaPage';
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

/** The dashboard lives at /admin/dashboard; the home path lands there. */
const Home = () => <Navigate to="/dashboard" replace />;

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeModeProvider>
      {(mode) => (
        <Admin
          title="Admin Portal"
          disableTelemetry
          requireAuth
          queryClient={queryClient}
          authProvider={authProvider}
          dataProvider={dataProvider}
          loginPage={LoginPage}
          dashboard={Home}
          layout={AppLayout}
          catchAll={NotFound}
          notification={Toaster}
          theme={themes[mode]}
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
        </Admin>
      )}
    </ThemeModeProvider>
  );
};
