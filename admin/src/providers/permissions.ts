/** Whether a role may take an action on a resource. */
export type AccessRule = (role: string | undefined, resource: string, action: string) => boolean;

/** Resources of the API only an admin may use that have no screen here. */
const ADMIN_ONLY_API_RESOURCES = ['audit'];
const READ_ACTIONS = new Set(['list', 'show', 'read', 'export']);
/** Actions support staff may take on every resource they read besides reading. */
const SUPPORT_ACTIONS = new Set(['resend']);

/**
 * The server's roles, mirrored so the interface hides what the API would refuse (the API still enforces
 * them): `admin` may do everything; `support` reads everything but the admin-only resources (staff, audit),
 * may resend e-mails, and may take the actions a resource grants them (`supportActions`: marking a message
 * answered). Both come from the resources' definitions (src/resources.ts).
 */
export function accessRule(
  adminOnlyResources: Iterable<string>,
  supportActions: Readonly<Record<string, readonly string[]>> = {},
): AccessRule {
  const adminOnly = new Set([...adminOnlyResources, ...ADMIN_ONLY_API_RESOURCES]);
  return (role, resource, action) => {
    if (role === 'admin') return true;
    if (role !== 'support') return false;
    if (adminOnly.has(resource)) return false;
    return (
      READ_ACTIONS.has(action) ||
      SUPPORT_ACTIONS.has(action) ||
      (supportActions[resource] ?? []).includes(action)
    );
  };
}
