import { Admin, CustomRoutes, Layout, Menu, Navigate, Resource, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { LoginPage } from './login/LoginPage';
import orders from './orders';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';

/** Where the back office is served: the router in main.tsx takes this prefix off every path. */
export const BASENAME = '/admin';

/** The dashboard lives at /admin/dashboard; the home path lands there. */
const Home = () => <Navigate to="/dashboard" replace />;

const AppMenu = () => {
  return (
    <Menu>
      <Menu.DashboardItem to="/dashboard" />
      <Menu.ResourceItems />
    </Menu>
  );
};

const AppLayout = ({ children }: LayoutProps) => <Layout menu={AppMenu}>{children}</Layout>;

export const App = () => (
  <Admin
    title="Admin Portal"
    disableTelemetry
    requireAuth
    authProvider={authProvider}
    dataProvider={dataProvider}
    loginPage={LoginPage}
    dashboard={Home}
    layout={AppLayout}
  >
    <Resource name="orders" {...orders} />
    <CustomRoutes>
      <Route path="/dashboard" element={<Dashboard />} />
    </CustomRoutes>
  </Admin>
);
