import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { EMPTY_STATS, jsonBody, openLoginPage, stubApi } from '../test/admin';

const USER = { id: 1, username: 'admin', role: 'admin', mfaEnabled: true, mfaEnrolmentRequired: false };
const MFA_REQUIRED = { success: false, mfaRequired: true, challenge: 'challenge-1' };

function submitPassword(username = 'admin', password = 'secret') {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function submitCode(code: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Authentication code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('two-step sign-in', () => {
  it('asks for the code after the password, then lands on the dashboard', async () => {
    const fetchMock = stubApi({
      '/api/admin/login': () => Response.json(MFA_REQUIRED),
      '/api/admin/login/mfa': () => Response.json({ success: true, token: 'token-2', user: USER }),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    const router = await openLoginPage();

    submitPassword();

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('pattern')).toBeNull();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(localStorage.getItem('admin.token')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/login');

    submitCode('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('admin.token')).toBe('token-2');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/login/mfa');
    expect(jsonBody(call?.[1])).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(await screen.findByText('Welcome back, admin!')).toBeTruthy();
  });

  it("keeps the code step after a wrong code and shows the server's message", async () => {
    let attempts = 0;
    stubApi({
      '/api/admin/login': () => Response.json(MFA_REQUIRED),
      '/api/admin/login/mfa': () =>
        ++attempts === 1
          ? Response.json(
              { statusCode: 401, message: 'Invalid code', error: 'Unauthorized' },
              { status: 401 },
            )
          : Response.json({ success: true, token: 'token-2', user: USER }),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    const router = await openLoginPage();
    submitPassword();
    await screen.findByRole('textbox', { name: 'Authentication code' });

    submitCode('000000');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Login failed')).toBeTruthy();
    expect(within(toast).getByText('Invalid code')).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('admin.token')).toBeNull();

    submitCode('654321');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('accepts a recovery code, with a keyboard that has letters', async () => {
    const fetchMock = stubApi({
      '/api/admin/login': () => Response.json(MFA_REQUIRED),
      '/api/admin/login/mfa': () => Response.json({ success: true, token: 'token-2', user: USER }),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    const router = await openLoginPage();
    submitPassword();
    await screen.findByRole('textbox', { name: 'Authentication code' });

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('textbox', { name: 'Authentication code' }).getAttribute('inputmode')).toBe(
      'text',
    );
    submitCode(' ab12c-d34ef ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/login/mfa');
    expect(jsonBody(call?.[1])).toEqual({ challenge: 'challenge-1', code: 'ab12c-d34ef' });
  });

  it('goes back to the password, which starts a new sign-in', async () => {
    const fetchMock = stubApi({ '/api/admin/login': () => Response.json(MFA_REQUIRED) });
    await openLoginPage();
    submitPassword('alice', 'secret');
    await screen.findByRole('textbox', { name: 'Authentication code' });
    // The clock of a busy machine, a millisecond further at each reading: Back once left the buttons
    // waiting for a second that no timer counted down.
    const realNow = Date.now;
    let readings = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ++readings);
    onTestFinished(() => clock.mockRestore());

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect((screen.getByLabelText(/Username/) as HTMLInputElement).value).toBe('alice');
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/You can try again in/)).toBeNull();

    submitPassword('alice', 'secret');

    await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/login')).toHaveLength(2);
  });

  it('asks for a code without calling the API when none is typed', async () => {
    const fetchMock = stubApi({ '/api/admin/login': () => Response.json(MFA_REQUIRED) });
    await openLoginPage();
    submitPassword();
    await screen.findByRole('textbox', { name: 'Authentication code' });

    submitCode('  ');

    expect(await screen.findByText('Code is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/login/mfa', expect.anything());
  });

  it('holds the form for as long as the server says after too many attempts', async () => {
    let limited = true;
    const fetchMock = stubApi({
      '/api/admin/login': () => Response.json(MFA_REQUIRED),
      '/api/admin/login/mfa': () =>
        limited
          ? Response.json(
              {
                statusCode: 429,
                message: 'Too many failed sign-in attempts for this account. Please try again in 2 seconds.',
                error: 'Too Many Requests',
              },
              { status: 429, headers: { 'Retry-After': '2' } },
            )
          : Response.json({ success: true, token: 'token-2', user: USER }),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    const router = await openLoginPage();
    submitPassword();
    await screen.findByRole('textbox', { name: 'Authentication code' });

    submitCode('123456');

    const toast = await screen.findByRole('alert');
    expect(
      within(toast).getByText(
        'Too many failed sign-in attempts for this account. Please try again in 2 seconds.',
      ),
    ).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    await waitFor(() => expect(verify.disabled).toBe(true));
    expect(screen.getByText(/You can try again in [12] seconds?\./)).toBeTruthy();
    fireEvent.click(verify);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/login/mfa')).toHaveLength(1);

    limited = false;
    await waitFor(() => expect(verify.disabled).toBe(false));
    expect(screen.queryByText(/You can try again in/)).toBeNull();
    submitCode('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('goes back to the password when the challenge has expired', async () => {
    const fetchMock = stubApi({
      '/api/admin/login': () => Response.json(MFA_REQUIRED),
      '/api/admin/login/mfa': () =>
        Response.json(
          {
            statusCode: 401,
            message: 'Sign-in has expired: enter your password again',
            error: 'Unauthorized',
          },
          { status: 401 },
        ),
    });
    const router = await openLoginPage();
    submitPassword('alice', 'secret');
    await screen.findByRole('textbox', { name: 'Authentication code' });

    submitCode('123456');

    const password = (await screen.findByLabelText(/Password/)) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).value).toBe('alice');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Sign-in has expired: enter your password again')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');

    submitPassword('alice', 'secret');

    await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/login')).toHaveLength(2);
  });
});
