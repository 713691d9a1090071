import type { ComponentType } from 'react';
import { useCanAccess, useRequireAccess } from 'react-admin';

/**
 * A resource's page that is not a react-admin list (a report, the tax returns), held to the same rule
 * as the lists, which check it themselves: a role that may not list the resource gets react-admin's
 * "Access denied" page at once, as it does for the admin-only lists, rather than the page and then the
 * API's refusal. Nothing renders (and the page's code is not loaded) until the rule has answered.
 */
export function requireListAccess<P extends object>(resource: string, Page: ComponentType<P>) {
  const Guarded = (props: P) => {
    // The same question twice (one query): the first sends a refusal to the access-denied page, the
    // second keeps the page unrendered until the answer is yes (a refusal renders once before it moves).
    useRequireAccess({ resource, action: 'list' });
    const { canAccess } = useCanAccess({ resource, action: 'list' });
    return canAccess ? <Page {...props} /> : null;
  };
  Guarded.displayName = `RequireListAccess(${resource})`;
  return Guarded;
}
