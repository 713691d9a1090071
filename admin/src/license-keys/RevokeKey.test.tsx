import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { LICENSE_KEY } from '../test/fixtures';

// A key given to an order.
const SOLD = LICENSE_KEY;

const puts = (calls: unknown[][]) =>
  calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('revoking a licence key', () => {
  it('asks first, saying what happens, and sends nothing when kept', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([SOLD], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
    });
    signIn();
    renderAdmin('/admin/license-keys');

    fireEvent.click(await screen.findByRole('button', { name: `Revoke ${SOLD.licenseKey}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this licence key?' });
    expect(dialog.textContent).toContain('It can no longer be activated');
    expect(dialog.textContent).toContain('the customer is not e-mailed');
    expect(dialog.textContent).toContain('keeps its download links');
    expect(puts(fetchMock.mock.calls)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it active' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(fetchMock.mock.calls)).toHaveLength(0);
  });

  it('revokes once confirmed', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([SOLD], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
      [`PUT /api/admin/license-keys/${SOLD.id}`]: () => Response.json({ ...SOLD, status: 'revoked' }),
    });
    signIn();
    renderAdmin('/admin/license-keys');

    fireEvent.click(await screen.findByRole('button', { name: `Revoke ${SOLD.licenseKey}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this licence key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(puts(fetchMock.mock.calls)).toHaveLength(1));
    expect(jsonBody(puts(fetchMock.mock.calls)[0]![1] as RequestInit)).toEqual({ status: 'revoked' });
  });

  it('shows a key reserved for a held order as Reserved, with no Revoke', async () => {
    const reserved = { ...SOLD, reserved: true };
    stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([reserved], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
    });
    signIn();
    renderAdmin('/admin/license-keys');

    const row = (await screen.findAllByText(SOLD.licenseKey))[0]!.closest('tr')!;
    expect(within(row).getByText('Reserved')).toBeTruthy();
    expect(within(row).queryByText('Active')).toBeNull();
    expect(screen.queryByRole('button', { name: `Revoke ${SOLD.licenseKey}` })).toBeNull();
  });
});
