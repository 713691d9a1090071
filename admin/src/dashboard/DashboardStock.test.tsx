import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';

const row = (productId: string, title: string, values: Partial<(typeof EMPTY_STATS)['stock'][number]>) => ({
  productId,
  title,
  available: 0,
  waitingOrders: 0,
  daysOfStock: null,
  lowStockThreshold: 10,
  stocked: true,
  ...values,
});

describe("the dashboard's stock", () => {
  it("marks low stock by each product's own level, with days of stock and orders waiting", async () => {
    stubApi({
      '/api/admin/dashboard': () =>
        Response.json({
          ...EMPTY_STATS,
          awaitingKeysOrders: 2,
          stock: [
            // Below its level of 10.
            row('office-2024-standard', 'Office 2024 Standard', { available: 8, daysOfStock: 3.5 }),
            // 4 keys, but a level of 3: not low (the old fixed level of 5 would have said so).
            row('office-2024-home-business', 'Office 2024 Home & Business', {
              available: 4,
              lowStockThreshold: 3,
              daysOfStock: 12,
            }),
            // None in stock, no level (0): no marking; nothing sold; orders wait.
            row('office-2024-professional-plus', 'Office 2024 Professional Plus LTSC', {
              lowStockThreshold: 0,
              waitingOrders: 2,
            }),
          ],
        }),
    });
    signIn('support');
    renderAdmin('/admin/dashboard');

    const table = await screen.findByRole('table', { name: 'Keys in stock' });
    const cells = (title: string) =>
      within(within(table).getByText(title).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Office 2024 Standard')).toEqual(['Office 2024 Standard', '8Low stock', '3.5', '0']);
    expect(cells('Office 2024 Home & Business')).toEqual(['Office 2024 Home & Business', '4', '12', '0']);
    expect(cells('Office 2024 Professional Plus LTSC')).toEqual([
      'Office 2024 Professional Plus LTSC',
      '0',
      '—',
      '2',
    ]);
    expect(within(table).getAllByText('Low stock')).toHaveLength(1);
  });

  it('marks no product low that never had a key', async () => {
    stubApi({
      '/api/admin/dashboard': () =>
        Response.json({
          ...EMPTY_STATS,
          stock: [
            row('office-2024-standard', 'Office 2024 Standard', { available: 0, stocked: false }),
            row('office-2024-home-business', 'Office 2024 Home & Business', { available: 2 }),
          ],
        }),
    });
    signIn('support');
    renderAdmin('/admin/dashboard');

    const table = await screen.findByRole('table', { name: 'Keys in stock' });
    const standard = within(table).getByText('Office 2024 Standard').closest('tr') as HTMLElement;
    expect(within(standard).queryByText('Low stock')).toBeNull();
    expect(within(table).getAllByText('Low stock')).toHaveLength(1);
  });
});
