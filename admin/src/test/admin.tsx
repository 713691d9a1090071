import type { DashboardStats } from '@store/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { App, BASENAME } from '../App';
import type { StaffUser } from '../providers/session';

/** A dashboard with nothing on it, for tests that pass through the dashboard on the way elsewhere. */
export const EMPTY_STATS: DashboardStats = {
  totalOrders: 0,
  sales: {
    grossSalesCents: 0,
    refundsCents: 0,
    netSalesCents: 0,
    taxCents: 0,
    totalSalesCents: 0,
    byCurrency: [],
    conversion: {
      convertedTo: 'USD',
      complete: true,
      firstRateDate: null,
      lastRateDate: null,
      missingRates: [],
    },
    asOf: '2026-01-01T00:00:00Z',
  },
  activeLicenses: 0,
  reservedLicenses: 0,
  totalDownloads: 0,
  completedOrders: 0,
  pendingOrders: 0,
  recentOrders: [],
  awaitingKeysOrders: 0,
  refundsDue: 0,
  openKeyReports: 0,
  newMessages: 0,
  overdueReviews: [],
  stock: [],
  generatedAt: '2026-01-01T00:00:00Z',
};

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch answering by `METHOD /path` or by path alone; anything else is a 404. */
export function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input).split('?')[0]!;
    const route = routes[`${init?.method ?? 'GET'} ${path}`] ?? routes[path];
    return route ? route(init) : Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body a stubbed call was made with. */
export const jsonBody = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

export function renderAdmin(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], {
    initialEntries: [path],
    basename: BASENAME,
  });
  render(<RouterProvider router={router} />);
  return router;
}

// Starts on the login page itself: main.tsx sends visitors without a session there before react-admin
// renders (the browser journeys cover that), because react-admin's own redirect loops for a while under
// react-router 7.
export async function openLoginPage() {
  const router = renderAdmin('/admin/login');
  await screen.findByRole('heading', { name: 'Admin Portal' });
  return router;
}

/** A stored session, as a sign-in leaves it. */
export function signIn(role = 'admin', user: Partial<StaffUser> = {}) {
  localStorage.setItem('admin.token', 'token-1');
  localStorage.setItem('admin.user', JSON.stringify({ id: 1, username: 'admin', role, ...user }));
}
