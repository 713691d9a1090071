import { randomUUID } from 'node:crypto';
import type { LicenseKey } from './entities/license-key.entity.js';
import type { LicenseKeyCipher } from './license-key-cipher.js';

/** What a new key row is for; the key itself is sealed here and never stored in clear. */
export interface LicenseKeyFields {
  productId: string;
  /** The order it is given to; none for stock. */
  orderId?: string | null;
  activationLimit?: number;
  /** Bulk fixtures only: keys already used, revoked or assigned in the past. */
  activationCount?: number;
  status?: LicenseKey['status'];
  assignedAt?: Date;
  createdAt?: Date;
}

/**
 * A new licence key row, ready to insert: its own id, the key sealed (ciphertext, lookup hash, last group),
 * active with no activations, assigned now when it is given to an order. The one place key rows are made
 * (CSV imports, keys typed by staff, demo stock, bulk fixtures).
 */
export function newLicenseKey(cipher: LicenseKeyCipher, key: string, fields: LicenseKeyFields): LicenseKey {
  const {
    orderId = null,
    activationLimit,
    activationCount,
    status,
    assignedAt,
    createdAt,
    productId,
  } = fields;
  return {
    id: randomUUID(),
    productId,
    orderId,
    ...cipher.seal(key),
    activationLimit: activationLimit ?? 1,
    activationCount: activationCount ?? 0,
    status: status ?? 'active',
    assignedAt: orderId ? (assignedAt ?? new Date()) : null,
    ...(createdAt && { createdAt }),
  } as LicenseKey;
}
