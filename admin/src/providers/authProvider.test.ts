import { describe, expect, it, vi } from 'vitest';
import { authProvider } from '../resources';
import { MfaRequiredError, SignInError } from './authProvider';

const USER = { id: 1, username: 'admin', role: 'admin' };

function signIn() {
  localStorage.setItem('admin.token', 'token-1');
  localStorage.setItem('admin.user', JSON.stringify(USER));
}

function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('authProvider', () => {
  describe('checkAuth', () => {
    it('rejects without a token', async () => {
      await expect(authProvider.checkAuth()).rejects.toBeDefined();
    });

    it('resolves with a token', async () => {
      signIn();
      await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    });

    it('rejects an expired token and clears the session', async () => {
      const payload = btoa(JSON.stringify({ sub: 1, exp: Math.floor(Date.now() / 1000) - 60 }));
      localStorage.setItem('admin.token', `header.${payload}.signature`);
      localStorage.setItem('admin.user', JSON.stringify(USER));
      await expect(authProvider.checkAuth()).rejects.toBeDefined();
      expect(localStorage.getItem('admin.token')).toBeNull();
      expect(localStorage.getItem('admin.user')).toBeNull();
    });

    it('accepts a token that has not expired', async () => {
      const payload = btoa(JSON.stringify({ sub: 1, exp: Math.floor(Date.now() / 1000) + 600 }));
      localStorage.setItem('admin.token', `header.${payload}.signature`);
      await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    });
  });

  describe('login', () => {
    it('posts the credentials and stores the token and the user', async () => {
      const fetchMock = stubFetch(200, { success: true, token: 'token-1', user: USER });

      await authProvider.login({ username: 'admin', password: 'secret' });

      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/admin/login');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(init?.body as string)).toEqual({ username: 'admin', password: 'secret' });
      expect(localStorage.getItem('admin.token')).toBe('token-1');
      expect(JSON.parse(localStorage.getItem('admin.user')!)).toEqual(USER);
    });

    it("rejects with the API's message on 401 and stores nothing", async () => {
      stubFetch(401, { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' });

      await expect(authProvider.login({ username: 'admin', password: 'wrong' })).rejects.toThrow(
        'Invalid credentials',
      );
      expect(localStorage.getItem('admin.token')).toBeNull();
      expect(localStorage.getItem('admin.user')).toBeNull();
    });

    it('asks for the code when the account has MFA, storing nothing yet', async () => {
      stubFetch(200, { success: false, mfaRequired: true, challenge: 'challenge-1' });

      const attempt = authProvider.login({ username: 'admin', password: 'secret' });

      await expect(attempt).rejects.toBeInstanceOf(MfaRequiredError);
      await expect(attempt).rejects.toMatchObject({ challenge: 'challenge-1' });
      expect(localStorage.getItem('admin.token')).toBeNull();
      expect(localStorage.getItem('admin.user')).toBeNull();
    });

    it('answers the challenge with the code and stores the session with its MFA state', async () => {
      const user = { ...USER, mfaEnabled: true, mfaEnrolmentRequired: false };
      const fetchMock = stubFetch(200, { success: true, token: 'token-2', user });

      await authProvider.login({ challenge: 'challenge-1', code: '123456' });

      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/admin/login/mfa');
      expect(JSON.parse(init?.body as string)).toEqual({ challenge: 'challenge-1', code: '123456' });
      expect(localStorage.getItem('admin.token')).toBe('token-2');
      expect(JSON.parse(localStorage.getItem('admin.user')!)).toEqual(user);
    });

    it("rejects a wrong code with the API's message", async () => {
      const fetchMock = stubFetch(401, { statusCode: 401, message: 'Invalid code', error: 'Unauthorized' });

      await expect(authProvider.login({ challenge: 'challenge-1', code: '000000' })).rejects.toThrow(
        'Invalid code',
      );
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/login/mfa');
      expect(localStorage.getItem('admin.token')).toBeNull();
    });

    it('refuses an answer that is neither a session nor a challenge', async () => {
      stubFetch(200, { success: false });

      await expect(authProvider.login({ username: 'admin', password: 'secret' })).rejects.toThrow(
        'Invalid credentials',
      );
    });

    it("carries how long a 429's Retry-After says to wait", async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json(
            { statusCode: 429, message: 'Too many attempts. Please wait a minute and try again.' },
            { status: 429, headers: { 'Retry-After': '42' } },
          ),
        ),
      );

      const attempt = authProvider.login({ username: 'admin', password: 'secret' });

      await expect(attempt).rejects.toBeInstanceOf(SignInError);
      await expect(attempt).rejects.toMatchObject({
        message: 'Too many attempts. Please wait a minute and try again.',
        retryAfterSeconds: 42,
      });
    });

    it("rejects with the API's validation messages on 400", async () => {
      stubFetch(400, {
        statusCode: 400,
        message: 'Password is required',
        error: 'Bad Request',
        errors: [{ field: 'password', message: 'Password is required' }],
      });

      await expect(authProvider.login({ username: 'admin', password: '' })).rejects.toThrow(
        'Password is required',
      );
    });
  });

  describe('logout', () => {
    it('revokes the token on the server and clears the storage', async () => {
      signIn();
      const fetchMock = stubFetch(204);

      await authProvider.logout();

      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/admin/logout');
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
      expect(localStorage.getItem('admin.token')).toBeNull();
      expect(localStorage.getItem('admin.user')).toBeNull();
    });

    it('clears the storage even when the server cannot be reached', async () => {
      signIn();
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

      await authProvider.logout();

      expect(localStorage.getItem('admin.token')).toBeNull();
    });
  });

  describe('checkError', () => {
    it('signs out on 401', async () => {
      signIn();
      await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
      expect(localStorage.getItem('admin.token')).toBeNull();
    });

    it('keeps the session of a token that may only enrol, and sends it to the enrolment screen', async () => {
      signIn();
      await expect(
        authProvider.checkError({
          status: 403,
          body: { statusCode: 403, message: 'Set up two-factor authentication first', error: 'Forbidden' },
        }),
      ).rejects.toMatchObject({ redirectTo: '/mfa', logoutUser: false });
      expect(localStorage.getItem('admin.token')).toBe('token-1');
      expect(JSON.parse(localStorage.getItem('admin.user')!)).toMatchObject({ mfaEnrolmentRequired: true });
    });

    it('leaves other refusals to the page', async () => {
      signIn();
      await expect(
        authProvider.checkError({ status: 403, body: { statusCode: 403, message: 'Forbidden resource' } }),
      ).resolves.toBeUndefined();
      expect(JSON.parse(localStorage.getItem('admin.user')!)).toEqual(USER);
    });

    it('keeps the session on other errors', async () => {
      signIn();
      await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
      expect(localStorage.getItem('admin.token')).toBe('token-1');
    });
  });

  it('getIdentity answers the stored user', async () => {
    signIn();
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 1, fullName: 'admin', role: 'admin' });
  });

  it('canAccess mirrors the roles', async () => {
    localStorage.setItem('admin.user', JSON.stringify({ ...USER, role: 'support' }));
    await expect(authProvider.canAccess({ resource: 'license-keys', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess({ resource: 'license-keys', action: 'edit' })).resolves.toBe(false);
    await expect(authProvider.canAccess({ resource: 'staff', action: 'list' })).resolves.toBe(false);
  });

  it('getPermissions answers the role', async () => {
    signIn();
    await expect(authProvider.getPermissions()).resolves.toBe('admin');
  });
});
