import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { LICENSE_KEY, PAID_ORDER } from '../test/fixtures';
import { resetStoreConfig } from './storeConfig';
import { exportUrl, rangeLabel } from './ExportButton';

/** The names of the files saved (the download link clicked). */
const saved: string[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetStoreConfig();
});

const csv = () => new Response('\uFEFFOrder ID\r\n', { headers: { 'Content-Type': 'text/csv' } });
/** A file as the API answers it: named after its filter and days. */
const named = (fileName: string) => () =>
  new Response('\uFEFFOrder ID\r\n', {
    headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });
const page = (resource: string, rows: object[]) =>
  Response.json(rows, { headers: { 'Content-Range': `${resource} 0-${rows.length - 1}/${rows.length}` } });

/** The export requests made, as URLs. */
const exports = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://admin.test'))
    .filter((url) => url.pathname.endsWith('/export.csv'));

async function openExport() {
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
  return screen.findByRole('dialog', { name: 'Export as CSV' });
}

describe('Export on the back-office lists', () => {
  it("downloads the orders list's current filter and sort for the days chosen", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/orders': () => page('orders', [PAID_ORDER]),
      'GET /api/admin/orders/export.csv': csv,
    });
    signIn('support');
    renderAdmin('/admin/orders?filter=%7B%22status%22%3A%22fulfilled%22%7D');
    await screen.findByText('paid@example.com');
    const dialog = await openExport();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-10-31' } });
    // Only administrators may ask for licence keys in clear; orders have no such option anyway.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual(['orders-2026-10-01-to-2026-10-31.csv']));
    const [url] = exports(fetchMock);
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      filter: '{"status":"fulfilled"}',
      sort: '["createdAt","DESC"]',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    const init = fetchMock.mock.calls.find(([u]) => String(u).includes('export.csv'))![1] as RequestInit;
    expect(init.headers).toEqual({ Authorization: 'Bearer token-1' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export as CSV' })).toBeNull());
  });

  it('saves the file under the name the API gives it, after its filter and days (#34)', async () => {
    stubApi({
      'GET /api/admin/orders': () => page('orders', [PAID_ORDER]),
      'GET /api/admin/orders/export.csv': named('orders-status-fulfilled-2026-10-01-to-2026-10-31.csv'),
    });
    signIn();
    renderAdmin('/admin/orders?filter=%7B%22status%22%3A%22fulfilled%22%7D');
    await screen.findByText('paid@example.com');
    const dialog = await openExport();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['orders-status-fulfilled-2026-10-01-to-2026-10-31.csv']));
  });

  it('refuses a To before From, and shows why the API refused an export', async () => {
    stubApi({
      'GET /api/admin/orders': () => page('orders', [PAID_ORDER]),
      'GET /api/admin/orders/export.csv': () =>
        Response.json({ message: 'filter colour is not supported' }, { status: 400 }),
    });
    signIn();
    renderAdmin('/admin/orders');
    const dialog = await openExport();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-10-02' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(within(dialog).getByText('To must not be before From')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('filter colour is not supported')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('lets an admin include the licence keys in clear; support is not offered it', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/license-keys': () => page('license-keys', [LICENSE_KEY]),
      'GET /api/admin/license-keys/export.csv': csv,
    });
    signIn();
    renderAdmin('/admin/license-keys');
    const dialog = await openExport();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Include the keys in clear/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['license-keys-in-clear-all.csv']));
    expect(exports(fetchMock)[0]!.searchParams.get('reveal')).toBe('true');
  });

  it('offers support no keys in clear', async () => {
    stubApi({ 'GET /api/admin/license-keys': () => page('license-keys', [LICENSE_KEY]) });
    signIn('support');
    renderAdmin('/admin/license-keys');
    const dialog = await openExport();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('names the range as the API names its file', () => {
    expect(rangeLabel('', '')).toBe('all');
    expect(rangeLabel('2026-01-01', '')).toBe('from-2026-01-01');
    expect(rangeLabel('', '2026-01-31')).toBe('to-2026-01-31');
    expect(
      exportUrl(
        'refunds',
        { filter: { status: 'failed' }, sort: { field: 'amountCents', order: 'ASC' } },
        { from: '', to: '' },
      ),
    ).toBe(
      '/api/admin/refunds/export.csv?filter=%7B%22status%22%3A%22failed%22%7D&sort=%5B%22amountCents%22%2C%22ASC%22%5D',
    );
  });
});
