import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../orders/types';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';

const ORDER: Order = PAID_ORDER;

function downloadsApi() {
  return stubApi({
    'GET /api/admin/downloads': () => Response.json([], { headers: { 'Content-Range': 'downloads 0-0/0' } }),
    // The list's row names the order's products: the form offers only those.
    'GET /api/admin/orders': () =>
      Response.json([{ ...ORDER, productIds: ['office-2024-standard', 'office-2024-home-business'] }], {
        headers: { 'Content-Range': 'orders 0-0/1' },
      }),
    'POST /api/admin/downloads': (init) =>
      Response.json({ id: 'new-link', ...(jsonBody(init) as object), downloadCount: 0, isActive: true }),
  });
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name, { exact: false });

describe('the Create Download dialog', () => {
  it("answers an empty form with the spec's messages, sends a complete one, and opens empty again", async () => {
    const fetchMock = downloadsApi();
    signIn();
    renderAdmin('/admin/downloads');
    const open = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Create Download' }));
      return screen.findByRole('dialog', { name: 'Create New Download Link' });
    };
    let dialog = await open();
    expect((field(dialog, 'Max Downloads') as HTMLInputElement).value).toBe('5');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Download' }));

    for (const message of [
      'Order ID is required',
      'Product ID is required',
      'File name is required',
      'Must be a valid URL',
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Order' }), { target: { value: 'paid' } });
    fireEvent.click(await screen.findByRole('option', { name: /paid@example\.com/ }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Product' }));
    await screen.findByRole('option', { name: 'Office 2024 Standard' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Office 2024 Standard',
      'Office 2024 Home & Business',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Office 2024 Standard' }));
    fireEvent.change(field(dialog, 'File Name'), { target: { value: ' OfficeSetup.exe ' } });
    fireEvent.change(field(dialog, 'File URL'), { target: { value: 'https://example.com/setup.exe' } });
    fireEvent.change(field(dialog, 'Max Downloads'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Download' }));

    expect(await screen.findByText('New download link has been created successfully')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/downloads' && init?.method === 'POST',
    );
    expect(jsonBody(post?.[1])).toEqual({
      orderId: ORDER.id,
      productId: 'office-2024-standard',
      fileName: 'OfficeSetup.exe',
      fileUrl: 'https://example.com/setup.exe',
      maxDownloads: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await open();
    expect((field(dialog, 'File Name') as HTMLInputElement).value).toBe('');
  });
});
