import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';

const SALES = {
  ...EMPTY_STATS.sales,
  grossSalesCents: 184121,
  refundsCents: 22135,
  netSalesCents: 161986,
  taxCents: 30000,
  totalSalesCents: 191986,
  byCurrency: [],
  asOf: '2026-11-29T09:41:00Z',
};

/** Figures of one currency (only net sales shown of them). */
const inCurrency = (currency: string, netSalesCents: number) => ({
  currency,
  grossSalesCents: netSalesCents,
  refundsCents: 0,
  netSalesCents,
  taxCents: 0,
  totalSalesCents: netSalesCents,
});

describe('the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one sales figure, net sales, with gross, refunds, tax and when it was computed', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, sales: SALES }) });
    signIn('support');
    renderAdmin('/admin/dashboard');

    const card = await screen.findByRole('region', { name: 'Net sales' });
    expect(within(card).getByText('$1,619.86')).toBeTruthy();
    expect(within(card).getByText('Gross sales $1,841.21 · refunds $221.35')).toBeTruthy();
    expect(within(card).getByText('Tax $300.00 (not in net sales)')).toBeTruthy();
    const asOf = new Date(SALES.asOf).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(within(card).getByText(`All time, as of ${asOf}`)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Revenue' })).toBeNull();
  });

  it('says the figure is converted into USD and shows each currency in its own money (#35)', async () => {
    const sales = {
      ...SALES,
      byCurrency: [inCurrency('USD', 4049), inCurrency('EUR', 3799), inCurrency('JPY', 6000)],
      conversion: { ...SALES.conversion, complete: false },
    };
    stubApi({ '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, sales }) });
    signIn('support');
    renderAdmin('/admin/dashboard');

    const card = await screen.findByRole('region', { name: 'Net sales' });
    expect(
      within(card).getByText(
        'Converted into USD at each day’s ECB rate. By currency: $40.49 · €37.99 · ¥6,000',
      ),
    ).toBeTruthy();
    expect(within(card).getByText(/Some sales had no ECB rate for their day/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Exchange rates' }).getAttribute('href')).toBe(
      '/admin/exchange-rates',
    );
  });

  it('says nothing of currencies when every sale was in dollars', async () => {
    const sales = { ...SALES, byCurrency: [inCurrency('USD', 161986)] };
    stubApi({ '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, sales }) });
    signIn('support');
    renderAdmin('/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'Net sales' });
    expect(within(card).queryByText(/Converted into USD/)).toBeNull();
  });

  it('counts keys reserved for held orders apart from the active licences', async () => {
    stubApi({
      '/api/admin/dashboard': () =>
        Response.json({ ...EMPTY_STATS, activeLicenses: 15, reservedLicenses: 3 }),
    });
    signIn('support');
    renderAdmin('/admin/dashboard');

    const card = await screen.findByRole('region', { name: 'Active Licenses' });
    expect(within(card).getByText('15')).toBeTruthy();
    expect(within(card).getByText('3 reserved for held orders, not counted')).toBeTruthy();
  });

  it('says the server cannot be reached, and shows the figures once Retry reaches it', async () => {
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (!String(input).includes('/api/admin/dashboard'))
          return Response.json({ message: 'Not found' }, { status: 404 });
        if (!reachable) throw new TypeError('Failed to fetch');
        return Response.json({ ...EMPTY_STATS, totalOrders: 7 });
      }),
    );
    signIn('support');
    renderAdmin('/admin/dashboard');

    expect(
      await screen.findByText('The server cannot be reached: check your connection, then retry.'),
    ).toBeTruthy();
    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const orders = await screen.findByRole('region', { name: 'Total Orders' });
    expect(within(orders).getByText('7')).toBeTruthy();
    expect(screen.queryByText(/cannot be reached/)).toBeNull();
  });

  it('offers Retry after an error of the server too, saying it failed', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json({ message: 'boom' }, { status: 500 }) });
    signIn('support');
    renderAdmin('/admin/dashboard');

    expect(await screen.findByText('Failed to fetch dashboard data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('counts the open key reports and new messages, linked to their lists', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json({ ...EMPTY_STATS, openKeyReports: 2, newMessages: 0 }),
      'GET /api/admin/key-reports': () =>
        Response.json([], { headers: { 'Content-Range': 'key-reports 0-0/0' } }),
    });
    signIn('support');
    const router = renderAdmin('/admin/dashboard');

    const card = await screen.findByRole('region', { name: 'Waiting for staff' });
    expect(within(card).getByText('0')).toBeTruthy();
    fireEvent.click(within(card).getByRole('link', { name: '2 open key reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/key-reports'));
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter')!)).toEqual({
      status: 'open',
    });
  });
});
