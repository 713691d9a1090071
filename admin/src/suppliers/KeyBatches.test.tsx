import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import type { KeyBatch } from './api';
import { faultyRateText } from './KeyBatchViews';
import { validateBatch } from './BatchInput';

const BATCH: KeyBatch = {
  id: 7,
  supplierId: 3,
  supplierName: 'Acme Keys',
  productId: 'office-2024-standard',
  invoiceReference: 'INV-7',
  costPerKeyCents: 1850,
  currency: 'USD',
  purchasedAt: '2026-11-01',
  notes: null,
  keys: 10,
  inStock: 6,
  sold: 4,
  revoked: 0,
  faulty: 1,
  faultyRate: 0.25,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function batchesApi(revoke: () => Response = () => Response.json({ revoked: 6, inStock: 6, sold: 0 })) {
  return stubApi({
    'GET /api/admin/key-batches': () =>
      Response.json([BATCH], { headers: { 'Content-Range': 'key-batches 0-0/1' } }),
    'GET /api/admin/suppliers': () =>
      Response.json([{ id: 3, name: 'Acme Keys', notes: null, batches: 1, keys: 10, faultyKeys: 1 }], {
        headers: { 'Content-Range': 'suppliers 0-0/1' },
      }),
    'POST /api/admin/key-batches/7/revoke': revoke,
  });
}

describe('the key batches', () => {
  it('lists each batch with its supplier, cost, counts and faulty rate', async () => {
    batchesApi();
    signIn();
    renderAdmin('/admin/key-batches');
    const row = (await screen.findByText('INV-7')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['Acme Keys', 'Office 2024 Standard', '$18.50', '10', '6', '4', '1', '25 %']),
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Revoke keys of INV-7' })).toBeTruthy();
  });

  it('revokes only once the invoice reference is typed, saying customers are not e-mailed', async () => {
    const fetchMock = batchesApi(() => Response.json({ revoked: 7, inStock: 6, sold: 1 }));
    signIn();
    renderAdmin('/admin/key-batches');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke keys of INV-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the keys of batch INV-7?' });
    const confirm = within(dialog).getByRole('button', { name: 'Revoke keys' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Also revoke the keys already sold/ }));
    expect(within(dialog).getByText(/are not e-mailed/)).toBeTruthy();
    const typed = within(dialog).getByRole('textbox', { name: 'Type the invoice reference to confirm' });
    fireEvent.change(typed, { target: { value: 'INV-' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: 'INV-7' } });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText('7 revoked (6 in stock, 1 sold)')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/admin/key-batches/7/revoke');
    expect(jsonBody(post?.[1])).toEqual({ includeSold: true, confirm: 'INV-7' });
  });

  it('shows support staff the batches without their cost, the revoke action or a create button', async () => {
    const { costPerKeyCents: _, ...withoutCost } = BATCH;
    stubApi({
      'GET /api/admin/key-batches': () =>
        Response.json([withoutCost], { headers: { 'Content-Range': 'key-batches 0-0/1' } }),
      'GET /api/admin/suppliers': () => Response.json([], { headers: { 'Content-Range': 'suppliers */0' } }),
    });
    signIn('support');
    renderAdmin('/admin/key-batches');
    expect(await screen.findByText('INV-7')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Cost per key/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke keys of INV-7' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New batch' })).toBeNull();
  });
});

describe('the batch rules', () => {
  it('records a batch bought in euros: the cost is typed and sent in the currency chosen', async () => {
    const fetchMock = stubApi({
      'GET /api/store-config': () =>
        Response.json({ currencies: ['USD', 'EUR', 'JPY'], defaultCurrency: 'USD', developmentSignIn: null }),
      'GET /api/admin/suppliers': () =>
        Response.json([{ id: 3, name: 'Acme Keys', notes: null, batches: 1, keys: 10, faultyKeys: 1 }], {
          headers: { 'Content-Range': 'suppliers 0-0/1' },
        }),
      'POST /api/admin/key-batches': (init) =>
        Response.json({ ...BATCH, ...(jsonBody(init) as object), id: 8 }),
      'GET /api/admin/key-batches': () =>
        Response.json([BATCH], { headers: { 'Content-Range': 'key-batches 0-0/1' } }),
    });
    signIn();
    renderAdmin('/admin/key-batches/create');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Supplier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Keys' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Office 2024 Standard' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Invoice reference/ }), {
      target: { value: 'EU-9' },
    });
    expect(screen.getByRole('textbox', { name: /Cost per key \(USD\)/ })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Currency/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'EUR' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Cost per key \(EUR\)/ }), {
      target: { value: '12.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const created = fetchMock.mock.calls.find(
        ([url, init]) => url === '/api/admin/key-batches' && init?.method === 'POST',
      );
      expect(jsonBody(created?.[1])).toMatchObject({
        supplierId: 3,
        productId: 'office-2024-standard',
        invoiceReference: 'EU-9',
        costPerKeyCents: 1250,
        currency: 'EUR',
      });
    });
  });

  it('asks for a batch, and for every field of a new one', () => {
    expect(validateBatch({})).toEqual({ batchId: 'Choose the batch the keys came in, or create one' });
    expect(validateBatch({ batchId: 7 })).toEqual({});
    expect(validateBatch({ batchId: 'new', newBatch: { costPerKeyCents: -1 } })).toEqual({
      newBatch: {
        supplierId: 'Supplier is required',
        productId: 'Product is required',
        invoiceReference: 'Invoice reference is required',
        costPerKeyCents: 'Cost per key must be an amount from $0.00 to $100,000.00, e.g. 18.50',
      },
    });
    expect(
      validateBatch(
        { batchId: 'new', newBatch: { supplierId: 3, invoiceReference: 'X', costPerKeyCents: 0 } },
        'office-2024-standard',
      ),
    ).toEqual({});
  });

  it('writes the faulty rate as a percentage, or a dash when nothing is sold', () => {
    expect(faultyRateText(null)).toBe('—');
    expect(faultyRateText(0.25)).toBe('25 %');
    expect(faultyRateText(0.0123)).toBe('1.2 %');
  });
});
