import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { forgetStepUp } from '../providers/stepUp';
import { renderAdmin, signIn, stubApi } from '../test/admin';

const STAFF = [
  {
    id: 2,
    username: 'alice',
    role: 'support',
    email: null,
    mfaEnabled: true,
    createdAt: '2026-01-02T00:00:00Z',
    active: true,
    deactivatedAt: null,
    lastSignInAt: null,
    lastSignInCountry: null,
  },
];
const list = () => Response.json(STAFF, { headers: { 'Content-Range': 'staff 0-0/1' } });
const STEP_UP_REQUIRED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Confirm it is you: enter your password (or a code from your app) first',
  stepUpRequired: true,
};

afterEach(() => {
  resetStoreConfig();
  forgetStepUp();
});

const rowOf = async (username: string) =>
  (await screen.findByRole('cell', { name: username })).closest('tr') as HTMLElement;

/** Resetting alice's two-factor needs step-up; the right password is "my password", a code is 123456. */
function api() {
  return stubApi({
    'GET /api/admin/staff': list,
    'POST /api/admin/me/step-up': (init) => {
      const proof = JSON.parse(String(init?.body)) as { password?: string; code?: string };
      return proof.password === 'my password' || proof.code === '123456'
        ? Response.json({ stepUpToken: 'step-up-1', expiresIn: 300 })
        : Response.json(
            { statusCode: 403, error: 'Forbidden', message: proof.code ? 'Invalid code' : 'Wrong password' },
            { status: 403 },
          );
    },
    'DELETE /api/admin/staff/2/mfa': (init) =>
      new Headers(init?.headers).get('X-Step-Up-Token') === 'step-up-1'
        ? Response.json({
            enrolmentCode: 'k7m2p-q9x4r-t3v8w-h6n5c',
            enrolmentCodeExpiresAt: '2026-12-01T10:00:00Z',
          })
        : Response.json(STEP_UP_REQUIRED, { status: 403 }),
  });
}

async function resetAlice() {
  fireEvent.click(
    await within(await rowOf('alice')).findByRole('button', { name: 'Reset two-factor for alice' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for alice?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
}

describe('the step-up dialog', () => {
  it('asks for the password when the API wants step-up, keeps it open on a wrong one, then retries', async () => {
    const fetchMock = api();
    signIn('admin');
    renderAdmin('/admin/staff');
    await resetAlice();

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'a guess' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Wrong password')).toBeTruthy();

    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'my password' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());

    // The reset went through with the token, and its enrolment code is shown once.
    const shown = await screen.findByRole('dialog', { name: 'Enrolment code for alice' });
    expect(within(shown).getByLabelText('Enrolment code').textContent).toBe('k7m2p-q9x4r-t3v8w-h6n5c');
    const resets = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(resets.map(([, init]) => new Headers(init?.headers).get('X-Step-Up-Token'))).toEqual([
      null,
      'step-up-1',
    ]);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have noted it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a code from the app instead, for a user with two-factor on', async () => {
    const fetchMock = api();
    signIn('admin', { mfaEnabled: true });
    renderAdmin('/admin/staff');
    await resetAlice();

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Use a code from your app instead' }));
    fireEvent.change(within(confirm).getByLabelText(/Authentication code/), { target: { value: '123456' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('dialog', { name: 'Enrolment code for alice' })).toBeTruthy();
    const stepUp = fetchMock.mock.calls.find(([url]) => url === '/api/admin/me/step-up');
    expect(JSON.parse(String(stepUp?.[1]?.body))).toEqual({ code: '123456' });
  });

  it('makes no change when cancelled, and says so', async () => {
    const fetchMock = api();
    signIn('admin');
    renderAdmin('/admin/staff');
    await resetAlice();

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Not confirmed: nothing was changed')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});
