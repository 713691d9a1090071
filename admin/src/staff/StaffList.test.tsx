import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';

const SIGN_IN = { lastSignInAt: null, lastSignInCountry: null, active: true, deactivatedAt: null };
const STAFF = [
  {
    id: 1,
    username: 'dana',
    role: 'admin',
    mfaEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
    ...SIGN_IN,
  },
  {
    id: 2,
    username: 'alice',
    role: 'support',
    mfaEnabled: true,
    createdAt: '2026-01-02T00:00:00Z',
    ...SIGN_IN,
  },
];

const list = (rows: unknown[]) => () =>
  Response.json(rows, { headers: { 'Content-Range': `users 0-${rows.length - 1}/${rows.length}` } });

const rowOf = async (username: string) =>
  (await screen.findByRole('cell', { name: username })).closest('tr') as HTMLElement;

describe('the staff list', () => {
  it('shows whether each member has two-factor on', async () => {
    stubApi({ 'GET /api/admin/staff': list(STAFF) });
    signIn();
    renderAdmin('/admin/staff');

    expect(await screen.findByRole('columnheader', { name: 'MFA' })).toBeTruthy();
    expect(within(await rowOf('dana')).getByText('Off')).toBeTruthy();
    expect(within(await rowOf('alice')).getByText('On')).toBeTruthy();
    // Buttons appear once the role check has answered: wait for alice's, then dana's has had its chance.
    expect(
      await within(await rowOf('alice')).findByRole('button', { name: /Reset two-factor/ }),
    ).toBeTruthy();
    expect(within(await rowOf('dana')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
  });

  it('resets a member’s two-factor only after the confirmation', async () => {
    let rows = STAFF;
    const fetchMock = stubApi({
      'GET /api/admin/staff': () => list(rows)(),
      'DELETE /api/admin/staff/2/mfa': () => {
        rows = STAFF.map((user) => ({ ...user, mfaEnabled: false }));
        return new Response(null, { status: 204 });
      },
    });
    signIn();
    const router = renderAdmin('/admin/staff');
    const resetCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

    fireEvent.click(
      await within(await rowOf('alice')).findByRole('button', { name: 'Reset two-factor for alice' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for alice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resetCalls()).toEqual([]);
    expect(router.state.location.pathname).toBe('/admin/staff');

    fireEvent.click(
      await within(await rowOf('alice')).findByRole('button', { name: 'Reset two-factor for alice' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for alice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Two-factor reset')).toBeTruthy();
    expect(resetCalls().map(([url]) => url)).toEqual(['/api/admin/staff/2/mfa']);
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('On')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/staff');
  });

  it("shows the server's message when the reset fails", async () => {
    stubApi({
      'GET /api/admin/staff': list(STAFF),
      'DELETE /api/admin/staff/2/mfa': () =>
        Response.json({ statusCode: 404, message: 'User not found', error: 'Not Found' }, { status: 404 }),
    });
    signIn();
    renderAdmin('/admin/staff');

    fireEvent.click(
      await within(await rowOf('alice')).findByRole('button', { name: 'Reset two-factor for alice' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for alice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Reset failed')).toBeTruthy();
    expect(within(toast).getByText('User not found')).toBeTruthy();
  });

  it('shows each member’s last sign-in with its country, and never for one who has not signed in', async () => {
    const signedIn = { lastSignInAt: '2026-11-28T09:30:00Z', lastSignInCountry: 'DE' };
    stubApi({ 'GET /api/admin/staff': list([STAFF[0], { ...STAFF[1], ...signedIn }]) });
    signIn('admin', { id: 1 });
    renderAdmin('/admin/staff');

    expect(await screen.findByRole('columnheader', { name: /Last sign-in/ })).toBeTruthy();
    const alice = await rowOf('alice');
    expect(
      within(alice).getByText(`${new Date(signedIn.lastSignInAt).toLocaleString()} · Germany`),
    ).toBeTruthy();
    expect(within(await rowOf('dana')).getByText('Never')).toBeTruthy();
  });

  it('deactivates a member after a confirmation instead of deleting them, and reactivates them', async () => {
    let rows: object[] = STAFF;
    const setActive = (active: boolean) => {
      rows = STAFF.map((user) =>
        user.id === 2 ? { ...user, active, deactivatedAt: active ? null : '2026-11-29T08:00:00Z' } : user,
      );
      return Response.json(rows[1]);
    };
    const fetchMock = stubApi({
      'GET /api/admin/staff': () => list(rows)(),
      'POST /api/admin/staff/2/deactivate': () => setActive(false),
      'POST /api/admin/staff/2/reactivate': () => setActive(true),
    });
    signIn('admin', { id: 1 });
    renderAdmin('/admin/staff');

    // No Delete button, and none to deactivate yourself.
    expect(
      await within(await rowOf('alice')).findByRole('button', { name: 'Deactivate alice' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(await rowOf('dana')).queryByRole('button', { name: /Deactivate/ })).toBeNull();

    fireEvent.click(within(await rowOf('alice')).getByRole('button', { name: 'Deactivate alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate alice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(await rowOf('alice')).findByText('Deactivated')).toBeTruthy();

    fireEvent.click(await within(await rowOf('alice')).findByRole('button', { name: 'Reactivate alice' }));
    expect(await within(await rowOf('alice')).findByText('Active')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    expect(posts).toEqual(['/api/admin/staff/2/deactivate', '/api/admin/staff/2/reactivate']);
  });

  it('is not offered to support, who may not reset (the server refuses it too)', async () => {
    stubApi({ 'GET /api/admin/staff': list(STAFF) });
    signIn('support');
    renderAdmin('/admin/staff');

    expect(await screen.findByText(/access denied/i)).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'alice' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
  });
});
