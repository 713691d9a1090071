import { lazy, type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

/**
 * Everything the back office knows about one resource, declared once in its folder's `index.ts`. The app
 * (`src/resources.ts`) lists the definitions in sidebar order and derives from them the `<Resource>`s, the
 * sidebar's links, the fields the data provider sends on PUT and the resources only an admin sees.
 */
export interface ResourceDefinition {
  /** The API's name for it, under /api/admin, and its path in the back office. */
  name: string;
  /** The sidebar's link. */
  label: string;
  /**
   * Whether react-admin's titles use `label` as it is, singular and plural alike. Without it they derive
   * the name from `name`, singular or plural as the page needs ("Create Coupon", "Coupons").
   */
  titlesUseLabel?: boolean;
  icon: ComponentType;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
  /**
   * The fields its PUT accepts (the API refuses any other: `forbidNonWhitelisted`), while react-admin
   * sends the whole record; empty when it cannot be edited.
   */
  writable: readonly string[];
  /** Only an admin may see it; support staff read every other resource. */
  adminOnly?: boolean;
  /**
   * The react-admin actions support staff may take on it besides reading, as its routes'
   * `@Roles('admin', 'support')` allow (e.g. `edit` for marking a message answered).
   */
  supportActions?: readonly string[];
}

/**
 * A component loaded the first time it is rendered, under a Suspense boundary: a resource's pages (list,
 * create, edit, show), whose code is then a chunk of its own, not part of the first loads (the login page,
 * the dashboard; `npm run size -w admin`). The layout's Suspense shows nothing meanwhile.
 */
export function lazyView<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  // React.lazy's component renders the loaded one with the same props.
  return lazy(async () => ({ default: (await load())[name] as ComponentType })) as unknown as M[K];
}
