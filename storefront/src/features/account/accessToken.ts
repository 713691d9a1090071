/**
 * The customer's access token from the e-mailed `/account?token=…` link, kept for the tab (sessionStorage)
 * once read, so the link's secret leaves the address bar and the history (and a reload still works).
 */
const KEY = 'office-store.account-token';

export function saveAccessToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Without storage a reload asks for a new link.
  }
}

export function readAccessToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearAccessToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
