/** The signed-in staff member, as `POST /api/admin/login` and `GET /api/admin/me` answer it. */
export interface StaffUser {
  id: number;
  username: string;
  role: string;
  // Optional: sessions stored before staff MFA existed lack them.
  mfaEnabled?: boolean;
  /** The token may only enrol in MFA (the server's `STAFF_MFA_REQUIRED`); the app shows only /mfa. */
  mfaEnrolmentRequired?: boolean;
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

function saveUser(user: StaffUser): void {
  const { id, username, role, mfaEnabled, mfaEnrolmentRequired } = user;
  localStorage.setItem(USER_KEY, JSON.stringify({ id, username, role, mfaEnabled, mfaEnrolmentRequired }));
}

export function saveSession(token: string, user: StaffUser): void {
  saveToken(token);
  saveUser(user);
}

/** A fresh token for the same user (turning MFA on ends the session that asked for it). */
export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Keeps the stored user in step with what the server says now (`GET /api/admin/me`, a 403). */
export function updateUser(changes: Partial<StaffUser>): void {
  const user = getUser();
  if (user) saveUser({ ...user, ...changes });
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

const ENDED_KEY = 'admin.sessionEnded';

/**
 * Notes, for this tab's login page, that the session ended without this tab signing out: signed out in
 * another tab, or refused by the server (signing out ends every session of the user).
 */
export function noteSessionEnded(): void {
  sessionStorage.setItem(ENDED_KEY, 'true');
}

export function sessionEndedNoted(): boolean {
  return sessionStorage.getItem(ENDED_KEY) !== null;
}

export function clearSessionEndedNote(): void {
  sessionStorage.removeItem(ENDED_KEY);
}
