import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { components } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';

type Product = components['schemas']['AdminProductDto'];

const STANDARD: Product = {
  id: 'office-2024-standard',
  title: 'Office 2024 Standard',
  lowStockThreshold: null,
  effectiveLowStockThreshold: 10,
  available: 4,
  waitingOrders: 0,
  daysOfStock: 2.5,
  stocked: true,
  prices: [{ currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 }],
};
const PRO_PLUS: Product = {
  id: 'office-2024-professional-plus',
  title: 'Office 2024 Professional Plus LTSC',
  lowStockThreshold: 0,
  effectiveLowStockThreshold: 0,
  available: 0,
  waitingOrders: 3,
  daysOfStock: null,
  stocked: true,
  prices: [{ currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 }],
};

const list = (rows: Product[]) => () =>
  Response.json(rows, { headers: { 'Content-Range': `products 0-${rows.length - 1}/${rows.length}` } });

const cellsOf = async (title: string) =>
  within((await screen.findByText(title)).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the products page', () => {
  it('lists each product with its stock, level, days of stock and orders waiting', async () => {
    stubApi({ 'GET /api/admin/products': list([STANDARD, PRO_PLUS]) });
    signIn('support');
    renderAdmin('/admin/products');

    expect(await cellsOf('Office 2024 Standard')).toEqual([
      'Office 2024 Standard',
      '4Low stock',
      '10(default)',
      '2.5',
      '0',
    ]);
    expect(await cellsOf('Office 2024 Professional Plus LTSC')).toEqual([
      'Office 2024 Professional Plus LTSC',
      '0',
      'No alert',
      '—',
      '3',
    ]);
  });

  it('marks no product low that never had a key', async () => {
    stubApi({ 'GET /api/admin/products': list([{ ...STANDARD, available: 0, stocked: false }]) });
    signIn('support');
    renderAdmin('/admin/products');

    expect(await cellsOf('Office 2024 Standard')).toEqual([
      'Office 2024 Standard',
      '0',
      '10(default)',
      '2.5',
      '0',
    ]);
  });

  it("lets an admin set a product's level, sending only the level", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': list([STANDARD]),
      [`GET /api/admin/products/${STANDARD.id}`]: () => Response.json(STANDARD),
      [`PUT /api/admin/products/${STANDARD.id}`]: (init) =>
        Response.json({ ...STANDARD, ...(jsonBody(init) as object), effectiveLowStockThreshold: 3 }),
    });
    signIn('admin');
    renderAdmin(`/admin/products/${STANDARD.id}`);

    const input = await screen.findByLabelText('Low-stock level');
    const summary = screen.getByText(
      (_, element) => element?.tagName === 'P' && /keys in stock, days/.test(element.textContent ?? ''),
    );
    expect(summary.textContent).toBe(
      'Office 2024 Standard: 4 keys in stock, days of stock: 2.5, orders waiting: 0.',
    );
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put && jsonBody(put[1])).toEqual({ lowStockThreshold: 3 });
    });
  });

  it('lets support staff read the levels but not change them', async () => {
    stubApi({ 'GET /api/admin/products': list([STANDARD]) });
    signIn('support');
    const router = renderAdmin('/admin/products');
    fireEvent.click(await screen.findByText('Office 2024 Standard'));
    expect(router.state.location.pathname).toBe('/admin/products');
  });
});
