export const USERNAME_PATTERN = /^[a-z0-9._-]{3,100}$/;
export const USERNAME_MESSAGE = "Username must be 3 to 100 characters of letters, digits, '.', '_' or '-'";

/**
 * The one form of a staff username that is stored, looked up (exactly) and throttled: trimmed and
 * lower-cased. Usernames are ASCII (USERNAME_PATTERN), so `ádmin` is never `admin`, while `Admin` is.
 */
export function canonicalUsername(username: string): string {
  return username.trim().toLowerCase();
}
