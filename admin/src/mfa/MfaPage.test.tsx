import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { forgetStepUp } from '../providers/stepUp';
import { EMPTY_STATS, jsonBody, openLoginPage, renderAdmin, signIn, stubApi } from '../test/admin';

const ME = { id: 1, username: 'admin', role: 'admin', mfaEnabled: false, mfaEnrolmentRequired: false };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Admin%20Portal:admin?secret=JBSWY3DPEHPK3PXP&issuer=Admin%20Portal',
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ab12c-d34e${index}`);
const ENROLMENT_ONLY = {
  statusCode: 403,
  message: 'Set up two-factor authentication first',
  error: 'Forbidden',
};

afterEach(() => {
  resetStoreConfig();
  forgetStepUp();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

const bearer = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

/**
 * The server as it behaves: the first code is wrong, the second turns MFA on and ends every earlier
 * session, so only the token it answers is accepted from then on.
 */
function enrolmentApi(me = ME) {
  let confirmations = 0;
  let liveToken = 'Bearer token-1';
  const signedIn = (route: (init: RequestInit | undefined) => Response) => (init: RequestInit | undefined) =>
    bearer(init) === liveToken
      ? route(init)
      : Response.json({ statusCode: 401, message: 'Unauthorized' }, { status: 401 });
  return stubApi({
    'GET /api/admin/me': signedIn(() =>
      Response.json(
        liveToken === 'Bearer token-2' ? { ...me, mfaEnabled: true, mfaEnrolmentRequired: false } : me,
      ),
    ),
    'POST /api/admin/me/mfa': signedIn(() => Response.json(ENROLMENT)),
    'POST /api/admin/me/mfa/confirm': signedIn(() => {
      if (++confirmations === 1)
        return Response.json(
          { statusCode: 400, message: 'Invalid code', error: 'Bad Request' },
          { status: 400 },
        );
      liveToken = 'Bearer token-2';
      return Response.json({ recoveryCodes: RECOVERY_CODES, token: 'token-2' });
    }),
    'POST /api/admin/logout': signedIn(() => new Response(null, { status: 204 })),
    '/api/admin/dashboard': signedIn(() => Response.json(EMPTY_STATS)),
  });
}

function enterCode(code: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Authentication code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
}

describe('two-factor enrolment', () => {
  it('is reached from the sidebar', async () => {
    enrolmentApi();
    signIn();
    const router = renderAdmin('/admin/dashboard');

    fireEvent.click(await screen.findByRole('link', { name: 'Two-factor authentication' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
  });

  it('shows the QR code and the key, checks a code, shows the recovery codes once, and stays signed in with the fresh token', async () => {
    const fetchMock = enrolmentApi();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signIn('admin', { mfaEnabled: false, mfaEnrolmentRequired: false });
    const router = renderAdmin('/admin/mfa');

    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')).toBeTruthy();
    expect(screen.getByLabelText('Setup key').textContent).toBe(ENROLMENT.secret);

    enterCode('000000');
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid code')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    enterCode('123456');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByText('Store these recovery codes now')).toBeTruthy();
    const confirm = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/me/mfa/confirm');
    expect(jsonBody(confirm[1]?.[1])).toEqual({ code: '123456' });
    // The session that confirmed has ended on the server: the fresh one is kept, with the user re-read.
    expect(localStorage.getItem('admin.token')).toBe('token-2');
    const meCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/me');
    expect(bearer(meCalls.at(-1)?.[1])).toBe('Bearer token-2');
    expect(JSON.parse(localStorage.getItem('admin.user')!)).toMatchObject({
      mfaEnabled: true,
      mfaEnrolmentRequired: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    for (const recoveryCode of RECOVERY_CODES) expect(writeText.mock.calls[0]?.[0]).toContain(recoveryCode);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByText('Dashboard', { selector: 'h1, h2, h3, h4, h5, h6' })).toBeTruthy();
    expect(screen.queryByText(RECOVERY_CODES[0]!)).toBeNull();
    expect(localStorage.getItem('admin.token')).toBe('token-2');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/admin/logout', expect.anything());
    const dashboard = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/dashboard'));
    expect(dashboard.length).toBeGreaterThan(0);
    expect(dashboard.map(([, init]) => bearer(init))).toEqual(dashboard.map(() => 'Bearer token-2'));
  });

  it('says so when two-factor is already on, and offers no new setup', async () => {
    enrolmentApi({ ...ME, mfaEnabled: true });
    signIn();
    renderAdmin('/admin/mfa');

    expect(await screen.findByText(/Two-factor authentication is on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor authentication' })).toBeNull();
  });

  it('shows how many recovery codes are left and makes a new set after step-up, shown once', async () => {
    const NEW_CODES = Array.from({ length: 10 }, (_, index) => `zz99y-x88w${index}`);
    let remaining = 2;
    const fetchMock = stubApi({
      'GET /api/admin/me': () => Response.json({ ...ME, mfaEnabled: true }),
      'GET /api/admin/me/mfa/recovery-codes': () => Response.json({ remaining, total: 10 }),
      'POST /api/admin/me/step-up': () => Response.json({ stepUpToken: 'step-up-1', expiresIn: 300 }),
      'POST /api/admin/me/mfa/recovery-codes': (init) => {
        if (new Headers(init?.headers).get('X-Step-Up-Token') !== 'step-up-1')
          return Response.json(
            { statusCode: 403, error: 'Forbidden', message: 'Confirm it is you', stepUpRequired: true },
            { status: 403 },
          );
        remaining = 10;
        return Response.json({ recoveryCodes: NEW_CODES });
      },
    });
    signIn('admin', { mfaEnabled: true });
    renderAdmin('/admin/mfa');

    expect((await screen.findByRole('status', { name: 'Recovery codes left' })).textContent).toBe(
      '2 of 10 recovery codes left.',
    );
    expect(screen.getByText(/running out of recovery codes/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const ask = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Make new codes' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'my password' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(screen.getByText(/your earlier codes no longer work/)).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(
      ([url, init]) => url === '/api/admin/me/mfa/recovery-codes' && init?.method === 'POST',
    );
    expect(posts.map(([, init]) => new Headers(init?.headers).get('X-Step-Up-Token'))).toEqual([
      null,
      'step-up-1',
    ]);
    // Done: back to the page, which counts the new set.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(async () =>
      expect((await screen.findByRole('status', { name: 'Recovery codes left' })).textContent).toBe(
        '10 of 10 recovery codes left.',
      ),
    );
  });

  it("shows the server's message when the setup cannot start", async () => {
    stubApi({
      'GET /api/admin/me': () => Response.json(ME),
      'POST /api/admin/me/mfa': () =>
        Response.json(
          {
            statusCode: 409,
            message: 'Two-factor authentication is already on (an administrator can reset it)',
            error: 'Conflict',
          },
          { status: 409 },
        ),
    });
    signIn();
    renderAdmin('/admin/mfa');

    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));

    expect(
      await screen.findByText('Two-factor authentication is already on (an administrator can reset it)'),
    ).toBeTruthy();
  });
});

describe('a session that may only enrol', () => {
  const required = { mfaEnabled: false, mfaEnrolmentRequired: true };

  it.each(['/admin/orders', '/admin/dashboard', '/admin/staff', '/admin/'])(
    'is sent from %s to the enrolment screen, without the back office around it',
    async (path) => {
      const fetchMock = enrolmentApi({ ...ME, ...required });
      signIn('admin', required);
      const router = renderAdmin(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'));
      expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
      expect(screen.getByText(/Your account must use two-factor authentication/)).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
      const calledPaths = fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
      expect(calledPaths.filter((url) => url !== '/api/admin/me' && url !== '/api/store-config')).toEqual([]);
    },
  );

  it('lands on the enrolment screen after signing in', async () => {
    stubApi({
      '/api/admin/login': () =>
        Response.json({ success: true, token: 'token-1', user: { ...ME, ...required } }),
      'GET /api/admin/me': () => Response.json({ ...ME, ...required }),
    });
    const router = await openLoginPage();

    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'));
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });

  it('enrols, keeps the recovery codes on show, and then has the whole back office', async () => {
    enrolmentApi({ ...ME, ...required });
    signIn('admin', required);
    const router = renderAdmin('/admin/mfa');

    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    enterCode('000000');
    await screen.findByText('Invalid code');
    enterCode('123456');

    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(localStorage.getItem('admin.token')).toBe('token-2');
    expect(JSON.parse(localStorage.getItem('admin.user')!)).toMatchObject({ mfaEnrolmentRequired: false });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('navigation', { name: 'Admin navigation' })).toBeTruthy();
    expect(screen.queryByText(/Your account must use two-factor authentication/)).toBeNull();
  });

  it('is found out from the server when the stored session does not know yet', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json(ENROLMENT_ONLY, { status: 403 }),
      'GET /api/admin/me': () => Response.json({ ...ME, ...required }),
    });
    signIn();
    const router = renderAdmin('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'));
    expect(localStorage.getItem('admin.token')).toBe('token-1');
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
  });
});

describe('the enrolment step of a new account (STAFF_MFA_REQUIRED)', () => {
  const required = { mfaEnabled: false, mfaEnrolmentRequired: true };

  it('asks for the enrolment code the administrator handed over, and sends it with the start', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/me': () => Response.json({ ...ME, ...required }),
      'POST /api/admin/me/mfa': (init) =>
        (jsonBody(init) as { enrolmentCode?: string }).enrolmentCode === 'k7m2p-q9x4r-t3v8w-h6n5c'
          ? Response.json(ENROLMENT)
          : Response.json(
              {
                statusCode: 400,
                error: 'Bad Request',
                message: 'Invalid or expired enrolment code: ask an administrator for a new one',
              },
              { status: 400 },
            ),
    });
    signIn('admin', required);
    renderAdmin('/admin/mfa');

    const field = await screen.findByRole('textbox', { name: 'Enrolment code' });
    fireEvent.change(field, { target: { value: 'wrong-code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByText(/Invalid or expired enrolment code/)).toBeTruthy();

    fireEvent.change(field, { target: { value: ' k7m2p-q9x4r-t3v8w-h6n5c ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    const starts = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/me/mfa');
    expect(starts.map(([, init]) => jsonBody(init))).toEqual([
      { enrolmentCode: 'wrong-code' },
      { enrolmentCode: 'k7m2p-q9x4r-t3v8w-h6n5c' },
    ]);
  });

  it('is not asked of a signed-in user setting up two-factor by choice', async () => {
    enrolmentApi();
    signIn('admin');
    renderAdmin('/admin/mfa');
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Enrolment code' })).toBeNull();
  });
});
