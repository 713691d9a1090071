import type { AuthProvider } from 'react-admin';
import { canAccess } from './permissions';
import { clearSession, getToken, getUser, saveSession, type StaffUser } from './session';

interface LoginResponse {
  success: true;
  token: string;
  user: StaffUser;
}

/** The API's error body carries `message`: a string, or the list of validation messages of a 400. */
function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join(' ');
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** Staff sign-in against `/api/admin`; the bearer token and the user live in localStorage. */
export const authProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch('/api/admin/login', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new Error(messageOf(body) ?? 'Invalid credentials');
    const { token, user } = body as LoginResponse;
    saveSession(token, user);
    return user;
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

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { message: false, redirectTo: '/login' };
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
} satisfies AuthProvider;
