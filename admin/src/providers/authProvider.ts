import type { AuthProvider } from 'react-admin';
import type { AccessRule } from './permissions';
import {
  clearSession,
  getToken,
  getUser,
  noteSessionEnded,
  saveSession,
  updateUser,
  type StaffUser,
} from './session';

type LoginResponse =
  | { success: true; token: string; user: StaffUser }
  | { success: false; mfaRequired: true; challenge: string };

/** The password step, or the code step that answers the challenge the password step got. */
export type Credentials = { username: string; password: string } | { challenge: string; code: string };

/** The password was right and the account has MFA: sign in again with `{challenge, code}`. */
export class MfaRequiredError extends Error {
  constructor(readonly challenge: string) {
    super('Enter your authentication code');
    this.name = 'MfaRequiredError';
  }
}

/** A refused sign-in step: the server's message, and for a 429 how long to wait (its Retry-After). */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/**
 * What the server answers, word for word, to a code step whose challenge is no longer good (5 minutes
 * passed, or the user signed out or was reset meanwhile): only a new password step helps.
 */
export const CHALLENGE_EXPIRED = 'Sign-in has expired: enter your password again';

/** What the server answers, word for word, to a token that may only enrol in MFA. */
export const MFA_ENROLMENT_REQUIRED = 'Set up two-factor authentication first';
export const MFA_PATH = '/mfa';

/** The API's error body carries `message`, one string (a 400's problems summed up). */
function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Seconds from a 429's Retry-After (the server sends a number of seconds). */
function retryAfter(response: Response): number | undefined {
  if (response.status !== 429) return undefined;
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Staff sign-in against `/api/admin`; the bearer token and the user live in localStorage. `canAccess` is the
 * roles' rule over the back office's resources (src/resources.ts builds both).
 */
export const createAuthProvider = (canAccess: AccessRule) =>
  ({
    // Throws MfaRequiredError after a right password on an account with MFA: react-admin's useLogin then
    // neither navigates nor stores anything, and the login page asks for the code.
    async login(credentials: Credentials) {
      const [url, payload] =
        'challenge' in credentials
          ? ['/api/admin/login/mfa', { challenge: credentials.challenge, code: credentials.code }]
          : ['/api/admin/login', { username: credentials.username, password: credentials.password }];
      const response = await fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const body = (await response.json().catch(() => null)) as LoginResponse | null;
      if (!response.ok || !body)
        throw new SignInError(messageOf(body) ?? 'Invalid credentials', retryAfter(response));
      if (!body.success) {
        if (body.mfaRequired && body.challenge) throw new MfaRequiredError(body.challenge);
        throw new Error('Invalid credentials');
      }
      saveSession(body.token, body.user);
      return body.user;
    },

    async logout() {
      const token = localStorage.getItem('admin.token');
      if (token) {
        // The server revokes the token; signing out locally must not depend on it.
        await fetch('/api/admin/logout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        }).catch(() => undefined);
      }
      clearSession();
      return '/login';
    },

    // `message: false`: no "please log in" notification, the login page speaks for itself. getToken() answers
    // null for an expired token, so an expired session ends here too.
    checkAuth: () => (getToken() ? Promise.resolve() : Promise.reject({ message: false })),

    async checkError(error: { status?: number; body?: unknown }) {
      if (error?.status === 401) {
        // A session this tab held that the server no longer takes: the login page says it ended.
        if (localStorage.getItem('admin.token')) noteSessionEnded();
        clearSession();
        throw { message: false, redirectTo: '/login' };
      }
      // The stored user may predate the rule (MFA required later, or reset by an administrator): the session
      // stays, since it may still enrol.
      if (error?.status === 403 && messageOf(error.body) === MFA_ENROLMENT_REQUIRED) {
        updateUser({ mfaEnrolmentRequired: true });
        throw { message: false, redirectTo: MFA_PATH, logoutUser: false };
      }
    },

    async getIdentity() {
      const user = getUser();
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: user.username, role: user.role };
    },

    async getPermissions() {
      return getUser()?.role;
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      return canAccess(getUser()?.role, resource, action);
    },
  }) satisfies AuthProvider;
