/**
 * The server's roles, mirrored so the interface hides what the API would refuse (the API still enforces
 * them): `admin` may do everything; `support` reads everything but staff and audit, and may resend e-mails.
 */
const ADMIN_ONLY_RESOURCES = new Set(['staff', 'audit']);
const READ_ACTIONS = new Set(['list', 'show', 'read', 'export']);
/** Actions support staff may take besides reading. */
const SUPPORT_ACTIONS = new Set(['resend']);

export function canAccess(role: string | undefined, resource: string, action: string): boolean {
  if (role === 'admin') return true;
  if (role !== 'support') return false;
  if (ADMIN_ONLY_RESOURCES.has(resource)) return false;
  return READ_ACTIONS.has(action) || SUPPORT_ACTIONS.has(action);
}
