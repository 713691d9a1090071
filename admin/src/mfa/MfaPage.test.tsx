import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { jsonBody, openLoginPage, renderAdmin, signIn, SLOW, stubApi } from '../test/admin';

const ME = { id: 1, username: 'admin', role: 'admin', mfaEnabled: false, mfaEnrolmentRequired: false };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Admin%20Portal:admin?secret=JBSWY3DPEHPK3PXP&issuer=Admin%20Portal',
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ab12c-d34e${index}`);
const STATS = {
  totalOrders: 0,
  totalRevenue: 0,
  activeLicenses: 0,
  totalDownloads: 0,
  completedOrders: 0,
  pendingOrders: 0,
  recentOrders: [],
  awaitingKeysOrders: 0,
  refundsDue: 0,
  stock: [],
};
const ENROLMENT_ONLY = {
  statusCode: 403,
  message: 'Set up two-factor authentication first',
  error: 'Forbidden',
};

afterEach(() => {
  resetStoreConfig();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

function enrolmentApi(me = ME) {
  let confirmations = 0;
  return stubApi({
    'GET /api/admin/me': () => Response.json(me),
    'POST /api/admin/me/mfa': () => Response.json(ENROLMENT),
    'POST /api/admin/me/mfa/confirm': () =>
      ++confirmations === 1
        ? Response.json({ statusCode: 400, message: 'Invalid code', error: 'Bad Request' }, { status: 400 })
        : Response.json({ recoveryCodes: RECOVERY_CODES }),
    'POST /api/admin/logout': () => new Response(null, { status: 204 }),
    '/api/admin/dashboard': () => Response.json(STATS),
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

    fireEvent.click(await screen.findByRole('link', { name: 'Two-factor authentication' }, SLOW));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'), SLOW);
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' }, SLOW)).toBeTruthy();
  });

  it('shows the QR code and the key, checks a code, shows the recovery codes once and signs out', async () => {
    const fetchMock = enrolmentApi();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    signIn();
    const router = renderAdmin('/admin/mfa');

    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }, SLOW));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' }, SLOW);
    expect(qr.querySelector('path')).toBeTruthy();
    expect(screen.getByLabelText('Setup key').textContent).toBe(ENROLMENT.secret);

    enterCode('000000');
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(screen.getByText('Invalid code')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    enterCode('123456');

    const list = await screen.findByRole('list', { name: 'Recovery codes' }, SLOW);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByText('Store these recovery codes now')).toBeTruthy();
    const confirm = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/me/mfa/confirm');
    expect(jsonBody(confirm[1]?.[1])).toEqual({ code: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    for (const recoveryCode of RECOVERY_CODES) expect(writeText.mock.calls[0]?.[0]).toContain(recoveryCode);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), SLOW);
    expect(localStorage.getItem('admin.token')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/logout', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText(/Use your password and a code/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(RECOVERY_CODES[0]!)).toBeNull();
  });

  it('says so when two-factor is already on, and offers no new setup', async () => {
    enrolmentApi({ ...ME, mfaEnabled: true });
    signIn();
    renderAdmin('/admin/mfa');

    expect(await screen.findByText(/Two-factor authentication is on/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor authentication' })).toBeNull();
  });

  it("shows the server's message when the setup cannot start", async () => {
    stubApi({
      'GET /api/admin/me': () => Response.json(ME),
      'POST /api/admin/me/mfa': () =>
        Response.json(
          { statusCode: 409, message: 'Two-factor authentication is already on', error: 'Conflict' },
          { status: 409 },
        ),
    });
    signIn();
    renderAdmin('/admin/mfa');

    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }, SLOW));

    expect(await screen.findByText('Two-factor authentication is already on', {}, SLOW)).toBeTruthy();
  });
});

describe('a session that may only enrol', () => {
  const required = { mfaEnabled: false, mfaEnrolmentRequired: true };

  it.each(['/admin/orders', '/admin/dashboard', '/admin/users', '/admin/'])(
    'is sent from %s to the enrolment screen, without the back office around it',
    async (path) => {
      const fetchMock = enrolmentApi({ ...ME, ...required });
      signIn('admin', required);
      const router = renderAdmin(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'), SLOW);
      expect(
        await screen.findByRole('button', { name: 'Set up two-factor authentication' }, SLOW),
      ).toBeTruthy();
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

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'), SLOW);
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }, SLOW),
    ).toBeTruthy();
  });

  it('is found out from the server when the stored session does not know yet', async () => {
    stubApi({
      '/api/admin/dashboard': () => Response.json(ENROLMENT_ONLY, { status: 403 }),
      'GET /api/admin/me': () => Response.json({ ...ME, ...required }),
    });
    signIn();
    const router = renderAdmin('/admin/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mfa'), SLOW);
    expect(localStorage.getItem('admin.token')).toBe('token-1');
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
  });
});
