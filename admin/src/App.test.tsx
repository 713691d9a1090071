import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStoreConfig } from './common/storeConfig';
import { EMPTY_STATS, openLoginPage, renderAdmin, signIn, stubApi } from './test/admin';

const STORE_CONFIG = {
  environment: 'development',
  paymentProvider: 'demo',
  storeName: 'Office Licence Store',
  supportEmail: 'support@example.com',
  supportPhone: '+1 555 0100',
  officeAddress: '1 Main St',
  developmentSignIn: { username: 'admin', password: 'admin-dev-password' },
};

const STATS = {
  totalOrders: 1234,
  sales: {
    grossSalesCents: 4921037,
    refundsCents: 100000,
    netSalesCents: 4821037,
    taxCents: 500000,
    totalSalesCents: 5321037,
    byCurrency: [],
    conversion: EMPTY_STATS.sales.conversion,
    asOf: '2026-01-01T00:00:00Z',
  },
  reservedLicenses: 0,
  activeLicenses: 1100,
  totalDownloads: 2300,
  completedOrders: 1000,
  pendingOrders: 120,
  recentOrders: [],
  awaitingKeysOrders: 2,
  refundsDue: 0,
  stock: [
    {
      productId: 'office-2024-standard',
      title: 'Office 2024 Standard',
      available: 3,
      waitingOrders: 0,
      daysOfStock: 1.5,
      lowStockThreshold: 5,
    },
  ],
  generatedAt: '2026-01-01T00:00:00Z',
};

afterEach(() => {
  resetStoreConfig();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the back office', () => {
  it('shows the login form', async () => {
    stubApi({});
    await openLoginPage();

    expect(screen.getByLabelText(/Username/)).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });

  it('shows the development credentials only when the server sends them', async () => {
    stubApi({ '/api/store-config': () => Response.json(STORE_CONFIG) });
    await openLoginPage();
    expect(await screen.findByText('admin-dev-password')).toBeTruthy();
  });

  it('shows no credentials in production', async () => {
    const fetchMock = stubApi({
      '/api/store-config': () => Response.json({ ...STORE_CONFIG, developmentSignIn: null }),
    });
    await openLoginPage();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/store-config', expect.anything()));
    expect(screen.queryByText(/Development sign-in/)).toBeNull();
  });

  it('asks for the missing fields without calling the API', async () => {
    const fetchMock = stubApi({});
    await openLoginPage();

    submit('', '');

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/login', expect.anything());
  });

  it('notifies a failed login with the reason the API gives', async () => {
    stubApi({
      '/api/admin/login': () =>
        Response.json(
          { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' },
          { status: 401 },
        ),
    });
    const router = await openLoginPage();

    submit('admin', 'wrong');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Login failed')).toBeTruthy();
    expect(within(toast).getByText('Invalid credentials')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('lands on the dashboard after signing in and welcomes the user', async () => {
    stubApi({
      '/api/admin/login': () =>
        Response.json({ success: true, token: 'token-1', user: { id: 1, username: 'admin', role: 'admin' } }),
      '/api/admin/dashboard': () => Response.json(STATS),
    });
    const router = await openLoginPage();

    submit('admin', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome back, admin!')).toBeTruthy();
    expect(localStorage.getItem('admin.token')).toBe('token-1');
  });

  it('opens the home path on the dashboard', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(STATS) });
    signIn();

    const router = renderAdmin('/admin/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it("keeps the spec's /admin/licenses address, on the license-keys resource", async () => {
    stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([], { headers: { 'Content-Range': 'license-keys 0-0/0' } }),
    });
    signIn();

    const router = renderAdmin('/admin/licenses');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/license-keys'));
  });

  it('shows the dashboard figures with the stock warning', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(STATS) });
    signIn();
    renderAdmin('/admin/dashboard');

    const orders = await screen.findByRole('region', { name: 'Total Orders' });
    expect(within(orders).getByText('1,234')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Net sales' })).getByText('$48,210.37')).toBeTruthy();
    expect(screen.getByText('No recent orders')).toBeTruthy();
    expect(screen.getByText('Low stock')).toBeTruthy();
  });

  it('reports a failed dashboard fetch', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json({ message: 'boom' }, { status: 500 }) });
    signIn();
    renderAdmin('/admin/dashboard');

    expect(await screen.findByText('Failed to fetch dashboard data')).toBeTruthy();
  });

  it('shows no figures, and does not fail, when the answer has none', async () => {
    const fetchMock = stubApi({ '/api/admin/dashboard': () => Response.json({ status: 'ok' }) });
    signIn();
    renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/dashboard', expect.anything()));
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Total Orders' })).toBeNull();
    expect(screen.queryByText('Failed to fetch dashboard data')).toBeNull();
  });

  it('signs out when the API answers 401', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json({ message: 'Unauthorized' }, { status: 401 }) });
    signIn();
    const router = renderAdmin('/admin/dashboard');

    await waitFor(() => expect(localStorage.getItem('admin.token')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('lays out the sidebar with the store, the user and Sign Out', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json(STATS),
      '/api/store-config': () => Response.json(STORE_CONFIG),
    });
    signIn();
    renderAdmin('/admin/dashboard');

    expect(await screen.findByText('Admin Panel')).toBeTruthy();
    expect(screen.getByText('Management')).toBeTruthy();
    for (const link of ['Dashboard', 'Orders', 'License Keys', 'Downloads', 'Staff'])
      expect(screen.getByRole('link', { name: link })).toBeTruthy();
    expect(await screen.findByText('Office Licence Store')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('hides the staff screen from support', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(STATS) });
    signIn('support');
    renderAdmin('/admin/dashboard');

    expect(await screen.findByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull();
  });

  it('toggles the sidebar with Ctrl+B and keeps the state in a cookie', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(STATS) });
    signIn();
    renderAdmin('/admin/dashboard');
    await screen.findByText('Admin Panel');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });

    await waitFor(() => expect(screen.queryByText('Management')).toBeNull());
    expect(document.cookie).toContain('sidebar_state=false');
    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(await screen.findByText('Management')).toBeTruthy();
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('toggles the theme and stores it under "theme"', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(STATS) });
    signIn();
    renderAdmin('/admin/dashboard');

    fireEvent.click(await screen.findByRole('button', { name: 'Toggle theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
