import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import type { Supplier } from './api';

const SUPPLIER: Supplier = {
  id: 3,
  name: 'Acme Keys',
  notes: null,
  batches: 2,
  keys: 40,
  faultyKeys: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const suppliersApi = (create: () => Response = () => Response.json({ ...SUPPLIER, id: 4 })) =>
  stubApi({
    'GET /api/admin/suppliers': () =>
      Response.json([SUPPLIER], { headers: { 'Content-Range': 'suppliers 0-0/1' } }),
    'POST /api/admin/suppliers': create,
  });

describe('the suppliers', () => {
  it('lists each supplier with its batches, keys and faulty keys', async () => {
    suppliersApi();
    signIn();
    renderAdmin('/admin/suppliers');
    const row = (await screen.findByText('Acme Keys')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Acme Keys', '2', '40', '1']);
    expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it("adds one, and shows the server's refusal of a name already taken", async () => {
    const fetchMock = suppliersApi(() =>
      Response.json(
        { statusCode: 409, message: 'A supplier named acme keys already exists', error: 'Conflict' },
        { status: 409 },
      ),
    );
    signIn();
    renderAdmin('/admin/suppliers/create');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'acme keys' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A supplier named acme keys already exists/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/suppliers' && init?.method === 'POST',
    );
    expect(jsonBody(post?.[1])).toMatchObject({ name: 'acme keys' });
  });

  it('offers support staff no Create button', async () => {
    suppliersApi();
    signIn('support');
    renderAdmin('/admin/suppliers');
    expect(await screen.findByText('Acme Keys')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});
