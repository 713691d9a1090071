import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderListRow } from '@store/contracts';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import type { LicenseKey } from './types';
import { LICENSE_KEY, PAID_ORDER } from '../test/fixtures';

const ORDER: AdminOrderListRow = {
  ...PAID_ORDER,
  status: 'processing',
  awaitingKeys: true,
  productIds: ['office-2024-standard'],
};

// A key in stock.
const KEY: LicenseKey = { ...LICENSE_KEY, orderId: null };

/** A supplier batch of Office 2024 Standard, and its supplier. */
const BATCH = {
  id: 7,
  supplierId: 3,
  supplierName: 'Acme Keys',
  productId: 'office-2024-standard',
  invoiceReference: 'INV-7',
  costPerKeyCents: 1850,
  currency: 'USD',
  purchasedAt: null,
  notes: null,
  keys: 0,
  inStock: 0,
  sold: 0,
  revoked: 0,
  faulty: 0,
  faultyRate: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const SUPPLIER = { id: 3, name: 'Acme Keys', notes: null, batches: 1, keys: 0, faultyKeys: 0 };
const BATCH_ROUTES = {
  'GET /api/admin/key-batches': () =>
    Response.json([BATCH], { headers: { 'Content-Range': 'key-batches 0-0/1' } }),
  'GET /api/admin/suppliers': () =>
    Response.json([SUPPLIER], { headers: { 'Content-Range': 'suppliers 0-0/1' } }),
};

/** Picks the Batch field's option named `name`. */
async function chooseBatch(dialog: HTMLElement, name: string | RegExp = /INV-7/) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Batch' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

function licenseApi(create: () => Response, order: AdminOrderListRow = ORDER) {
  return stubApi({
    // One key: with none, react-admin shows its empty page, without the list's buttons.
    'GET /api/admin/license-keys': () =>
      Response.json([KEY], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
    'GET /api/admin/orders': () => Response.json([order], { headers: { 'Content-Range': 'orders 0-0/1' } }),
    'POST /api/admin/license-keys': create,
    ...BATCH_ROUTES,
  });
}

async function openDialog() {
  signIn();
  renderAdmin('/admin/license-keys');
  fireEvent.click(await screen.findByRole('button', { name: 'Create License' }));
  return screen.findByRole('dialog', { name: 'Create License' });
}

async function chooseOrder(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Order' }), {
    target: { value: 'paid' },
  });
  fireEvent.click(await screen.findByRole('option', { name: /paid@example\.com/ }));
}

/**
 * Opens the Product field's list and waits until it offers `names` (an order's products arrive with its row,
 * after the order is chosen), then closes it.
 */
async function expectProductOptions(dialog: HTMLElement, names: string[]) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Product' }));
  const listbox = await screen.findByRole('listbox');
  await waitFor(() =>
    expect(
      within(listbox)
        .queryAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(names),
  );
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Once the order's row has arrived, its one product is chosen for it. */
async function expectProductChosen(dialog: HTMLElement) {
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: 'Product' }).textContent).toBe(
      'Office 2024 Standard',
    ),
  );
}

async function fill(dialog: HTMLElement) {
  await chooseOrder(dialog);
  await expectProductChosen(dialog);
  await chooseBatch(dialog);
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'License Key' }), {
    target: { value: ' abcde-12345-fghij-67890-zzzzz ' },
  });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Activation Limit' }), {
    target: { value: '2' },
  });
}

describe('the Create License dialog', () => {
  it("answers an empty form with the spec's messages, without calling the API", async () => {
    const fetchMock = licenseApi(() => Response.json({}));
    const dialog = await openDialog();
    expect(
      (within(dialog).getByRole('spinbutton', { name: 'Activation Limit' }) as HTMLInputElement).value,
    ).toBe('1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));

    expect(await within(dialog).findByText('Product ID is required')).toBeTruthy();
    // No order is allowed: the key then goes into the inventory, as the field says.
    expect(within(dialog).queryByText('Order ID is required')).toBeNull();
    expect(within(dialog).getByText('Paid orders only. Leave empty to add the key to stock.')).toBeTruthy();
    expect(within(dialog).getByText('License key is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Activation Limit' }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));
    expect(await within(dialog).findByText('Activation limit must be at least 1')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/license-keys', expect.anything());
  });

  it('sends the key, trimmed, with a number limit, then closes', async () => {
    const fetchMock = licenseApi(() => Response.json({ ...KEY, id: 'new-key', orderId: ORDER.id }));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect((within(dialog).getByRole('textbox', { name: 'License Key' }) as HTMLInputElement).value).toMatch(
      /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/,
    );
    await fill(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));

    expect(await screen.findByText('License key created')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/license-keys' && init?.method === 'POST',
    );
    expect(jsonBody(post?.[1])).toEqual({
      orderId: ORDER.id,
      productId: 'office-2024-standard',
      licenseKey: 'abcde-12345-fghij-67890-zzzzz',
      activationLimit: 2,
      batchId: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create License' })).toBeNull());
  });

  it('adds a key to stock when no order is chosen', async () => {
    const fetchMock = licenseApi(() => Response.json({ ...KEY, id: 'stock-key' }));
    const dialog = await openDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office 2024 Standard' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    // The batch is asked for: a key without one would have no cost.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));
    expect(await within(dialog).findByText('Choose the batch the keys came in, or create one')).toBeTruthy();
    await chooseBatch(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));

    expect(await screen.findByText('License key created')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/license-keys' && init?.method === 'POST',
    );
    expect(jsonBody(post?.[1])).toEqual({
      productId: 'office-2024-standard',
      licenseKey: expect.stringMatching(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/),
      activationLimit: 1,
      batchId: 7,
    });
  });

  it("offers only the chosen order's products, and the whole catalogue for stock", async () => {
    const fetchMock = licenseApi(() => Response.json({}), {
      ...ORDER,
      productIds: ['office-2024-home-business', 'office-2024-professional-plus'],
    });
    const dialog = await openDialog();
    await expectProductOptions(dialog, [
      'Office 2024 Standard',
      'Office 2024 Home & Business',
      'Office 2024 Professional Plus LTSC',
    ]);

    await chooseOrder(dialog);

    await expectProductOptions(dialog, ['Office 2024 Home & Business', 'Office 2024 Professional Plus LTSC']);
    // The order's row, asked for by id in a sort the API accepts (its detail would reveal its keys).
    const rowRequest = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://admin.test'))
      .find(
        (url) => url.pathname === '/api/admin/orders' && url.searchParams.get('filter')?.includes('"id"'),
      );
    expect(rowRequest?.searchParams.get('filter')).toBe(JSON.stringify({ id: [ORDER.id] }));
    expect(rowRequest?.searchParams.get('sort')).toBe(JSON.stringify(['createdAt', 'DESC']));
  });

  it('preselects the product of an order that holds one', async () => {
    licenseApi(() => Response.json({}));
    const dialog = await openDialog();

    await chooseOrder(dialog);

    await expectProductChosen(dialog);
    await expectProductOptions(dialog, ['Office 2024 Standard']);
  });

  it("shows the server's reason for a refusal and keeps the dialog open", async () => {
    licenseApi(() =>
      Response.json(
        { statusCode: 409, message: 'This license key already exists', error: 'Conflict' },
        { status: 409 },
      ),
    );
    const dialog = await openDialog();
    await fill(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create License' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Creation failed')).toBeTruthy();
    expect(within(toast).getByText('This license key already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create License' })).toBeTruthy();
  });
});

describe('the Import Keys dialog', () => {
  it('uploads the chosen CSV and shows the counts', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([KEY], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
      ...BATCH_ROUTES,
      'POST /api/admin/key-batches': () => Response.json({ ...BATCH, id: 9, invoiceReference: 'INV-9' }),
      'POST /api/admin/license-keys/import': () =>
        Response.json({
          imported: 2,
          duplicates: 1,
          invalid: [{ line: 5, reason: 'License key must be 5 groups of 5 letters or digits' }],
          ordersCompleted: 0,
        }),
    });
    signIn();
    renderAdmin('/admin/license-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Import Keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Keys' });
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    const file = new File(['productId,licenseKey\n'], 'keys.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
    expect(within(dialog).getByText('keys.csv')).toBeTruthy();
    await waitFor(() => expect(importButton.hasAttribute('disabled')).toBe(false));
    // A new batch, described here, is created first and the keys go into it.
    await chooseBatch(dialog, 'New batch…');
    fireEvent.click(importButton);
    expect(await within(dialog).findByText('Supplier is required')).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Supplier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Keys' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office 2024 Standard' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Invoice reference' }), {
      target: { value: ' INV-9 ' },
    });
    // Typed in dollars: 18.50 is sent as 1850 cents.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Cost per key/ }), {
      target: { value: '18.50' },
    });
    fireEvent.click(importButton);

    const result = await within(dialog).findByLabelText('Import result');
    expect(result.textContent).toContain('Imported: 2');
    expect(result.textContent).toContain('Duplicates: 1');
    expect(result.textContent).toContain('Invalid: 1');
    expect(result.textContent).toContain('Line 5: License key must be 5 groups');
    const created = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/key-batches' && init?.method === 'POST',
    );
    expect(jsonBody(created?.[1])).toEqual({
      supplierId: 3,
      productId: 'office-2024-standard',
      invoiceReference: 'INV-9',
      costPerKeyCents: 1850,
      currency: 'USD',
    });
    const upload = fetchMock.mock.calls.find(([url]) => url === '/api/admin/license-keys/import?batchId=9');
    expect((upload?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);

    // Importing again puts the keys in the batch just created, not in another one.
    fireEvent.click(importButton);
    const imports = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/admin/license-keys/import?batchId=9');
    await waitFor(() => expect(imports()).toHaveLength(2));
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/admin/key-batches' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });
});
