/** The signed-in staff member, as `POST /api/admin/login` answers it. */
export interface StaffUser {
  id: number;
  username: string;
  role: string;
}

const TOKEN_KEY = 'admin.token';
const USER_KEY = 'admin.user';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
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
