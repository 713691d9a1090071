import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { sortStaffErrors } from './serverErrors';

const USERNAME_MESSAGE = "Username must be 3 to 100 characters of letters, digits, '.', '_' or '-'";
const SHORT_PASSWORD = 'Password must be at least 12 characters';

const list = () => Response.json([], { headers: { 'Content-Range': 'staff 0-0/0' } });

describe("the server's messages about staff", () => {
  it('go on the field they name, the first one each; the others stay apart', () => {
    expect(
      sortStaffErrors([
        USERNAME_MESSAGE,
        SHORT_PASSWORD,
        'Password is too easy to guess: Repeated characters like "aaa" are easy to guess.',
        'role must be one of admin, support',
        'Nothing to update: send role or password',
      ]),
    ).toEqual({
      fields: {
        username: USERNAME_MESSAGE,
        password: SHORT_PASSWORD,
        role: 'role must be one of admin, support',
      },
      others: [
        'Password is too easy to guess: Repeated characters like "aaa" are easy to guess.',
        'Nothing to update: send role or password',
      ],
    });
    expect(sortStaffErrors(['At least one administrator must remain']).fields).toEqual({
      role: 'At least one administrator must remain',
    });
  });
});

async function fillAndSave(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('creating a staff member', () => {
  it("shows each of the server's messages under its field, not one comma-joined toast", async () => {
    stubApi({
      'GET /api/admin/staff': list,
      'POST /api/admin/staff': () =>
        Response.json(
          {
            statusCode: 400,
            message: `${USERNAME_MESSAGE}; ${SHORT_PASSWORD}`,
            error: 'Bad Request',
            errors: [
              { field: 'username', message: USERNAME_MESSAGE },
              { field: 'password', message: SHORT_PASSWORD },
            ],
          },
          { status: 400 },
        ),
    });
    signIn();
    const router = renderAdmin('/admin/staff/create');
    await fillAndSave('x!', 'short');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Staff member not created')).toBeTruthy();
    expect(toast.textContent).not.toContain(',');
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeTruthy();
    expect(screen.getByText(SHORT_PASSWORD)).toBeTruthy();
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/admin/staff/create');
  });

  it('puts a taken username on its field', async () => {
    stubApi({
      'GET /api/admin/staff': list,
      'POST /api/admin/staff': () =>
        Response.json(
          { statusCode: 409, message: 'Username "dana" is already taken', error: 'Conflict' },
          { status: 409 },
        ),
    });
    signIn();
    renderAdmin('/admin/staff/create');
    await fillAndSave('dana', 'a long enough passphrase');

    expect(await screen.findByText('Username "dana" is already taken')).toBeTruthy();
  });

  it('says "Staff member created" and goes back to the list', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/staff': list,
      'POST /api/admin/staff': () =>
        Response.json(
          {
            id: 9,
            username: 'jane.support',
            role: 'support',
            mfaEnabled: false,
            createdAt: '2026-11-23T10:00:00Z',
          },
          { status: 201 },
        ),
    });
    signIn();
    const router = renderAdmin('/admin/staff/create');
    await fillAndSave('jane.support', 'a long enough passphrase');

    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Staff member created')).toBeTruthy();
    expect(within(toast).getByText('jane.support can sign in now')).toBeTruthy();
    expect(screen.queryByText(/Element created/)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(jsonBody(post?.[1])).toEqual({
      username: 'jane.support',
      password: 'a long enough passphrase',
      role: 'support',
    });
  });
});

describe('creating a staff member where two-factor sign-in is required', () => {
  it('shows the enrolment code once, then goes back to the list', async () => {
    stubApi({
      'GET /api/admin/staff': list,
      'POST /api/admin/staff': () =>
        Response.json(
          {
            id: 9,
            username: 'jane.support',
            role: 'support',
            email: null,
            mfaEnabled: false,
            createdAt: '2026-11-23T10:00:00Z',
            enrolmentCode: 'k7m2p-q9x4r-t3v8w-h6n5c',
            enrolmentCodeExpiresAt: '2026-11-26T10:00:00Z',
          },
          { status: 201 },
        ),
    });
    signIn();
    const router = renderAdmin('/admin/staff/create');
    await fillAndSave('jane.support', 'a long enough passphrase');

    const shown = await screen.findByRole('dialog', { name: 'Enrolment code for jane.support' });
    expect(within(shown).getByLabelText('Enrolment code').textContent).toBe('k7m2p-q9x4r-t3v8w-h6n5c');
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/staff/create');
    fireEvent.click(within(shown).getByRole('button', { name: 'I have noted it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'));
  });
});

describe('editing a staff member', () => {
  const DANA = {
    id: 1,
    username: 'dana',
    role: 'admin',
    mfaEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('shows the last-admin refusal on Role, and "Staff member updated" once it goes through', async () => {
    let refuse = true;
    const fetchMock = stubApi({
      'GET /api/admin/staff': list,
      'GET /api/admin/staff/1': () => Response.json(DANA),
      'PUT /api/admin/staff/1': (init) =>
        refuse
          ? Response.json(
              { statusCode: 409, message: 'At least one administrator must remain', error: 'Conflict' },
              { status: 409 },
            )
          : Response.json({ ...DANA, ...(jsonBody(init) as object) }),
    });
    signIn();
    const router = renderAdmin('/admin/staff/1');

    fireEvent.change(await screen.findByLabelText(/^New password/), {
      target: { value: 'a long enough passphrase' },
    });
    // Deactivated from the list instead: the form offers no deletion.
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one administrator must remain')).toBeTruthy();
    expect(within(await screen.findByRole('alert')).getByText('Staff member not updated')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Staff member updated')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/staff'));
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(jsonBody(puts.at(-1)?.[1])).toEqual({ password: 'a long enough passphrase' });
  });
});
