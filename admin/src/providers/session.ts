/** The signed-in staff member, as `POST /api/admin/login` answers it. */
export interface StaffUser {
  id: number;
  username: string;
  role: string;
}

const TOKEN_KEY = 'admin.token';
const USER_KEY = 'admin.user';

/** Seconds since the epoch at which a JWT expires, or undefined when the token carries no readable `exp`. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** The stored token, unless it has expired (then the session is cleared). */
export function getToken(now: number = Date.now()): string | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  const exp = tokenExpiry(token);
  if (exp !== undefined && exp * 1000 <= now) {
    clearSession();
    return null;
  }
  return token;
}

export function getUser(): StaffUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StaffUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: StaffUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify({ id: user.id, username: user.username, role: user.role }));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
