import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';

const ROWS = {
  product: [
    {
      key: 'office-2024-standard',
      label: 'Office 2024 Standard',
      unitsSold: 3,
      keysUsed: 4,
      revenueCents: 12147,
      keyCostCents: 6000,
      marginCents: 6147,
    },
  ],
  supplier: [
    {
      key: 'none',
      label: 'No batch',
      unitsSold: 3,
      keysUsed: 3,
      revenueCents: 12147,
      keyCostCents: 0,
      marginCents: 12147,
    },
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
    // Units sold beside the keys used (a replacement of a faulty key), whose cost the margin takes off (#34).
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Units sold', 'Keys used', 'Revenue (no tax)', 'Key cost', 'Margin']);
    const row = within(table).getByRole('row', { name: /Office 2024 Standard/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Office 2024 Standard', '3', '4', '$121.47', '$60.00', '$61.47']);
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
