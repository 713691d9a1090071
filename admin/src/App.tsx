import { Admin, CustomRoutes, Navigate, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import coupons from './coupons';
import { Dashboard } from './dashboard/Dashboard';
import downloads from './downloads';
import emails from './emails';
import { AppLayout } from './layout/AppLayout';
import { ThemeModeProvider, themes } from './layout/themeMode';
import { Toaster } from './layout/Toaster';
import licenseKeys from './license-keys';
import { LoginPage } from './login/LoginPage';
import messages from './messages';
import { MfaPage } from './mfa/MfaPage';
import orders from './orders';
import { authProvider, MFA_PATH } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import staff from './staff';

/** Where the back office is served: the router in main.tsx takes this prefix off every path. */
export const BASENAME = '/admin';

/** The dashboard lives at /admin/dashboard; the home path lands there. */
const Home = () => <Navigate to="/dashboard" replace />;

export const App = () => (
  <ThemeModeProvider>
    {(mode) => (
      <Admin
        title="Admin Portal"
        disableTelemetry
        requireAuth
        authProvider={authProvider}
        dataProvider={dataProvider}
        loginPage={LoginPage}
        dashboard={Home}
        layout={AppLayout}
        notification={Toaster}
        theme={themes[mode]}
      >
        <Resource name="orders" {...orders} />
        <Resource name="license-keys" {...licenseKeys} options={{ label: 'License Keys' }} />
        <Resource name="downloads" {...downloads} />
        <Resource name="coupons" {...coupons} />
        <Resource name="emails" {...emails} />
        <Resource name="messages" {...messages} />
        <Resource name="staff" {...staff} options={{ label: 'Staff' }} />
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
