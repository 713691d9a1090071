/** The staff the back-office journeys sign in as: the development administrator and a support user. */
export const DEV_ADMIN = { username: 'admin', password: 'admin-dev-password' };
export const SUPPORT_USER = { username: 'e2e-support', password: 'support-password-123' };

export type Role = 'admin' | 'support';

export interface StaffSession {
  token: string;
  user: { id: number; username: string; role: string };
}

async function login(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<StaffSession> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`e2e: sign-in as ${credentials.username}: ${response.status}`);
  const { token, user } = (await response.json()) as StaffSession;
  return { token, user };
}

/**
 * Signs each role in once for the whole run (sign-in allows 5 attempts a minute per address and
 * username), creating the support user first. Called by global-setup.ts, which hands the sessions to the
 * workers in E2E_STAFF_SESSIONS.
 */
export async function signInStaff(baseUrl: string): Promise<Record<Role, StaffSession>> {
  const admin = await login(baseUrl, DEV_ADMIN);
  const created = await fetch(`${baseUrl}/api/admin/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ ...SUPPORT_USER, role: 'support' }),
  });
  if (created.status !== 201) throw new Error(`e2e: creating the support user: ${created.status}`);
  return { admin, support: await login(baseUrl, SUPPORT_USER) };
}

/** The run's session of a role (see signInStaff). */
export function sessionFor(role: Role): StaffSession {
  const sessions = process.env.E2E_STAFF_SESSIONS;
  if (!sessions) throw new Error('E2E_STAFF_SESSIONS is not set: run the journeys through Playwright');
  return (JSON.parse(sessions) as Record<Role, StaffSession>)[role];
}

/** A fresh licence key that no other run can have made. */
export function randomKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const groups = Array.from({ length: 5 }, () =>
    Array.from({ length: 5 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join(''),
  );
  return groups.join('-');
}

/**
 * Keys of Office 2024 Standard beyond the 25 the development seed gives each edition: the journeys buy
 * that edition by default (placeOrder), and more of them than 25 in a run, so a late journey would find
 * it out of stock and its order waiting for keys.
 */
export const EXTRA_STANDARD_KEYS = 100;

/** Imports EXTRA_STANDARD_KEYS fresh keys through the admin API, as staff would. */
export async function stockUp(baseUrl: string, admin: StaffSession): Promise<void> {
  const rows = Array.from({ length: EXTRA_STANDARD_KEYS }, () => `office-2024-standard,${randomKey()}`);
  const response = await fetch(`${baseUrl}/api/admin/license-keys/import`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
    body: ['productId,licenseKey', ...rows].join('\n'),
  });
  if (response.status !== 200)
    throw new Error(`e2e: importing keys: ${response.status} ${await response.text()}`);
}
