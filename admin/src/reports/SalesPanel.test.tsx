import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SalesPeriod } from '@store/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';
import { dayBefore } from './api';

const STOCK = [
  {
    productId: 'office-2024-standard',
    title: 'Office 2024 Standard',
    available: 9,
    waitingOrders: 0,
    daysOfStock: null,
    lowStockThreshold: 10,
  },
];

/** 30 days to today, a sale of $40.49 today and two orders of $100 four days ago. */
function month(productId?: string): SalesPeriod[] {
  const now = new Date();
  return Array.from({ length: 30 }, (_, i) => {
    const period = dayBefore(now, 29 - i);
    const zero = {
      period,
      orders: 0,
      units: 0,
      grossSalesCents: 0,
      refundsCents: 0,
      netSalesCents: 0,
      taxCents: 0,
      totalSalesCents: 0,
      keyCostCents: 0,
      marginCents: 0,
      byCurrency: [],
      conversion: {
        convertedTo: 'USD' as const,
        complete: true,
        firstRateDate: null,
        lastRateDate: null,
        missingRates: [],
      },
    };
    if (i === 29)
      return { ...zero, orders: 1, units: 1, netSalesCents: productId ? 2000 : 4049, marginCents: 2549 };
    if (i === 25) return { ...zero, orders: 2, units: 2, netSalesCents: 20000, marginCents: 17000 };
    return zero;
  });
}

function serve() {
  return stubApi({
    '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, stock: STOCK }),
    '/api/admin/reports/sales': () => Response.json(month()),
  });
}

describe('the dashboard’s sales panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each currency in its own money under the converted figures, added up per currency (#35)', async () => {
    const euros = (netSalesCents: number) => ({
      currency: 'EUR' as const,
      grossSalesCents: netSalesCents,
      refundsCents: 0,
      netSalesCents,
      taxCents: 0,
      totalSalesCents: netSalesCents,
      keyCostCents: 0,
      marginCents: netSalesCents,
    });
    const periods = month().map((p, i) =>
      i === 29 ? { ...p, byCurrency: [euros(3799)] } : i === 25 ? { ...p, byCurrency: [euros(1000)] } : p,
    );
    stubApi({
      '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, stock: STOCK }),
      '/api/admin/reports/sales': () => Response.json(periods),
    });
    signIn('admin');
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Sales' });
    const today = await within(panel).findByRole('region', { name: 'Today' });
    expect(
      within(today).getByText('Converted into USD at each day’s ECB rate. By currency: €37.99'),
    ).toBeTruthy();
    const month30 = within(panel).getByRole('region', { name: 'Last 30 days' });
    expect(
      within(month30).getByText('Converted into USD at each day’s ECB rate. By currency: €47.99'),
    ).toBeTruthy();
  });

  it('says the figures are still being added up while the API rolls up the sales before an upgrade', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, stock: STOCK }),
      '/api/admin/reports/sales': () =>
        Response.json(month(), { headers: { 'X-Backfill-Running': 'sales-days' } }),
    });
    signIn('admin');
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Sales' });
    expect(
      await within(panel).findByText(/Still adding up the sales made before the upgrade/, undefined),
    ).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Today' })).toBeTruthy();
  });

  it('shows today, 7 and 30 days and draws net sales and orders per day, for the store or one product', async () => {
    const fetchMock = serve();
    signIn('admin');
    renderAdmin('/admin/dashboard');

    const panel = await screen.findByRole('region', { name: 'Sales' });
    const today = await within(panel).findByRole('region', { name: 'Today' });
    expect(within(today).getByText('$40.49')).toBeTruthy();
    expect(within(today).getByText('1 order · margin $25.49')).toBeTruthy();
    const week = within(panel).getByRole('region', { name: 'Last 7 days' });
    expect(within(week).getByText('$240.49')).toBeTruthy();
    expect(within(week).getByText('3 orders · margin $195.49')).toBeTruthy();
    expect(within(panel).queryByText(/Still adding up/)).toBeNull();
    expect(
      within(panel).getByRole('figure', { name: 'Net sales and orders per day' }).querySelector('svg'),
    ).toBeTruthy();
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/reports/sales'))![0]),
      'http://x',
    );
    expect(url.searchParams.get('to')).toBe(dayBefore(new Date(), 0));
    expect(url.searchParams.get('from')).toBe(dayBefore(new Date(), 29));
    expect(url.searchParams.get('productId')).toBeNull();

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office 2024 Standard' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('productId=office-2024-standard'))).toBe(
        true,
      ),
    );
  });

  it('is not shown to support staff, nor asked for', async () => {
    const fetchMock = serve();
    signIn('support');
    renderAdmin('/admin/dashboard');

    await screen.findByRole('region', { name: 'Total Orders' });
    expect(screen.queryByRole('region', { name: 'Sales' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/reports/'))).toBe(false);
  });

  it('says so when the figures cannot be loaded', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
      '/api/admin/reports/sales': () => Response.json({ message: 'boom' }, { status: 500 }),
    });
    signIn('admin');
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('The sales figures could not be loaded', undefined)).toBeTruthy();
  });
});
