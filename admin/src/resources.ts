/*
 * The back office's resources, in sidebar order, and what is derived from their definitions (each in its
 * folder's index.ts): the data provider's writable fields, the roles' rule (admin-only resources, support's
 * actions) and the two providers built with them. App.tsx renders a <Resource> for each; the sidebar links to
 * each.
 */
import audit from './audit';
import type { ResourceDefinition } from './common/resource';
import coupons from './coupons';
import customers from './customers';
import downloads from './downloads';
import emails from './emails';
import keyReports from './key-reports';
import licenseKeys from './license-keys';
import messages from './messages';
import orders from './orders';
import products from './products';
import refunds from './refunds';
import reviews from './reviews';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider, updatePayloadOf, type WritableFields } from './providers/dataProvider';
import { accessRule } from './providers/permissions';
import staff from './staff';
import { keyBatches, suppliers } from './suppliers';
import { exchangeRates, taxReturns } from './tax/resources';
import { reports } from './reports/resources';

export const RESOURCES: readonly ResourceDefinition[] = [
  orders,
  customers,
  refunds,
  reviews,
  licenseKeys,
  keyBatches,
  suppliers,
  products,
  keyReports,
  downloads,
  coupons,
  emails,
  messages,
  reports,
  taxReturns,
  exchangeRates,
  staff,
  audit,
];

const WRITABLE_FIELDS: WritableFields = Object.fromEntries(
  RESOURCES.map((resource) => [resource.name, resource.writable]),
);

/** The PUT body for a resource: its writable fields that differ from the record as it was loaded. */
export const updatePayload = updatePayloadOf(WRITABLE_FIELDS);

/** Whether a role may take an action on a resource (the server's rule, mirrored to hide what it refuses). */
export const canAccess = accessRule(
  RESOURCES.filter((resource) => resource.adminOnly).map((resource) => resource.name),
  Object.fromEntries(RESOURCES.map((resource) => [resource.name, resource.supportActions ?? []])),
);

export const dataProvider = createDataProvider(WRITABLE_FIELDS);
export const authProvider = createAuthProvider(canAccess);
