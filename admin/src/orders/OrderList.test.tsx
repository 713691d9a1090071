import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';
import { LICENSE_KEY, PAID_ORDER } from '../test/fixtures';
import type { Order } from './types';

const row = (id: string, email: string, extra: Partial<Order>): Order => ({
  ...PAID_ORDER,
  id,
  customerEmail: email,
  ...extra,
});

const OWED = row('aaaaaaaa-0000-4000-8000-000000000001', 'owed@example.com', {
  status: 'cancelled',
  refundDue: 'order-cancelled',
});
const PAID = PAID_ORDER;
const KEY = LICENSE_KEY;

const list = (rows: Order[]) =>
  Response.json(rows, { headers: { 'Content-Range': `orders 0-${rows.length - 1}/${rows.length}` } });

/** The `filter` of each orders list request, parsed. */
const orderFilters = (calls: unknown[][]) =>
  calls
    .map(([url]) => new URL(String(url), 'http://admin.test'))
    .filter((url) => url.pathname === '/api/admin/orders')
    .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>);

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

describe('orders owed a refund in the back office', () => {
  it('marks them "Refund due" in the orders list, and filters the list to them', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/orders': () => list([OWED, PAID]),
    });
    signIn();
    renderAdmin('/admin/orders');

    expect(within(await rowOf('owed@example.com')).getByText('Refund due')).toBeTruthy();
    expect(within(await rowOf('owed@example.com')).getByText('Cancelled')).toBeTruthy();
    expect(within(await rowOf('paid@example.com')).queryByText('Refund due')).toBeNull();

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Refund due' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(orderFilters(fetchMock.mock.calls)).toContainEqual({ refundDue: true }));
  });

  it('shows on the dashboard how many are owed a refund, linked to that list, and marks recent ones', async () => {
    stubApi({
      '/api/admin/dashboard': () =>
        Response.json({
          totalOrders: 2,
          sales: { ...EMPTY_STATS.sales, grossSalesCents: 4049, netSalesCents: 4049, totalSalesCents: 4049 },
          reservedLicenses: 0,
          activeLicenses: 1,
          totalDownloads: 0,
          completedOrders: 2,
          pendingOrders: 0,
          recentOrders: [OWED, PAID].map(({ id, customerEmail, totalCents, status, refundDue }) => ({
            id,
            customerEmail,
            totalCents,
            status,
            refundDue,
            createdAt: '2026-11-23T10:00:00.000Z',
          })),
          awaitingKeysOrders: 0,
          refundsDue: 1,
          stock: [],
          generatedAt: '2026-11-23T10:00:00.000Z',
        }),
      'GET /api/admin/orders': () => list([OWED]),
    });
    signIn();
    const router = renderAdmin('/admin/dashboard');

    const sales = await screen.findByRole('region', { name: 'Net sales' });
    expect(within(sales).getByText('$40.49')).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Recent Orders' });
    expect(
      within(within(recent).getByText('owed@example.com').closest('tr')!).getByText('Refund due'),
    ).toBeTruthy();
    expect(
      within(within(recent).getByText('paid@example.com').closest('tr')!).queryByText('Refund due'),
    ).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: '1 orders owed a refund' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter')!)).toEqual({
      refundDue: true,
    });
  });

  it('offers no order owed a refund to give a licence key to', async () => {
    const fetchMock = stubApi({
      // One key: with none, react-admin shows its empty page, without the list's buttons.
      'GET /api/admin/license-keys': () =>
        Response.json([KEY], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
      'GET /api/admin/orders': () => list([PAID]),
    });
    signIn();
    renderAdmin('/admin/licenses');

    fireEvent.click(await screen.findByRole('button', { name: 'Create License' }));
    await waitFor(() =>
      expect(orderFilters(fetchMock.mock.calls)).toContainEqual({
        paymentStatus: 'completed',
        refundDue: false,
      }),
    );
  });
});
