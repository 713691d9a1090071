import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';

const ROWS = {
  product: [
    {
      key: 'office-2024-standard',
      label: 'Office 2024 Standard',
      keys: 3,
      revenueCents: 12147,
      keyCostCents: 4500,
      marginCents: 7647,
    },
  ],
  supplier: [
    { key: 'none', label: 'No batch', keys: 3, revenueCents: 12147, keyCostCents: 0, marginCents: 12147 },
  ],
};

describe('the margins page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists margins per product, then per supplier', async () => {
    const fetchMock = stubApi({});
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== '/api/admin/reports/margins') return Response.json(EMPTY_STATS);
      return Response.json(ROWS[url.searchParams.get('groupBy') as 'product' | 'supplier']);
    });
    signIn('admin');
    renderAdmin('/admin/reports');

    const table = await screen.findByRole('table', { name: 'Margins' });
    expect(await within(table).findByText('Office 2024 Standard', undefined)).toBeTruthy();
    expect(within(table).getByText('$76.47')).toBeTruthy();
    expect(screen.queryByText(/Still adding up/)).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Supplier' }));
    expect(await within(table).findByText('No batch')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText('$121.47')).toHaveLength(2));
  });

  it('says the products’ figures are still being added up while the API rolls up older sales', async () => {
    const fetchMock = stubApi({});
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== '/api/admin/reports/margins') return Response.json(EMPTY_STATS);
      return Response.json(ROWS.product, { headers: { 'X-Backfill-Running': 'sales-days' } });
    });
    signIn('admin');
    renderAdmin('/admin/reports');
    expect(
      await screen.findByText(/Still adding up the sales made before the upgrade/, undefined),
    ).toBeTruthy();
  });
});
