import { randomUUID } from 'node:crypto';
import { In, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { LicenseKey } from './entities/license-key.entity.js';
import { LicenseKeySearchTerm } from './entities/license-key-search-term.entity.js';
import type { LicenseKeyCipher } from './license-key-cipher.js';

/** "In stock": unassigned and active, on IDX_license_keys_inventory (productId, orderId, status, …). */
function inStock<Q extends SelectQueryBuilder<LicenseKey>>(query: Q): Q {
  return query.where('k.orderId IS NULL').andWhere("k.status = 'active'");
}

/**
 * Keys in stock (unassigned and active) per product, of these products or of all: one count on
 * IDX_license_keys_inventory, which reads every key in stock (the inventory, the stock page, the dashboard
 * and reports). With countKeysInStockBelow beside it, the one place "in stock" is counted (inStock).
 */
export async function countKeysInStock(
  m: EntityManager,
  productIds?: readonly string[],
): Promise<Map<string, number>> {
  if (productIds?.length === 0) return new Map();
  const query = inStock(
    m
      .createQueryBuilder(LicenseKey, 'k')
      .select('k.productId', 'productId')
      .addSelect('COUNT(*)', 'available'),
  ).groupBy('k.productId');
  if (productIds) query.andWhere('k.productId IN (:...productIds)', { productIds });
  const rows = await query.getRawMany<{ productId: string; available: number | string }>();
  return new Map(rows.map((row) => [row.productId, Number(row.available)]));
}

/**
 * Keys in stock of one product counted up to `limit`: the exact number when there are fewer, else `limit`
 * (0 when `limit` is 0, without a statement). Whether stock is below a level, at a bounded cost whatever
 * the stock: at most `limit` entries of one IDX_license_keys_inventory range are read (the stock alert
 * after every sale), where countKeysInStock reads them all.
 */
export async function countKeysInStockBelow(
  m: EntityManager,
  productId: string,
  limit: number,
): Promise<number> {
  if (limit <= 0) return 0;
  const keys = inStock(m.createQueryBuilder(LicenseKey, 'k').select('1'))
    .andWhere('k.productId = :productId', { productId })
    .limit(limit);
  const row = await m
    .createQueryBuilder()
    .select('COUNT(*)', 'available')
    .from(`(${keys.getQuery()})`, 'in_stock')
    .setParameters(keys.getParameters())
    .getRawOne<{ available: number | string }>();
  return Number(row?.available ?? 0);
}

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

/** A key row not yet stored, with the search terms insertLicenseKeys stores beside it. */
export type NewLicenseKey = LicenseKey & { searchTerms: string[] };

/**
 * A new licence key row, ready to insert (insertLicenseKeys): its own id, the key sealed (ciphertext, lookup
 * hash, last group) and its search terms, active with no activations, assigned now when it is given to an
 * order. The one place key rows are made (CSV imports, keys typed by staff, demo stock, bulk fixtures).
 */
export function newLicenseKey(
  cipher: LicenseKeyCipher,
  key: string,
  fields: LicenseKeyFields,
): NewLicenseKey {
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
    searchTerms: cipher.searchTerms(key),
  } as NewLicenseKey;
}

/** Rows per INSERT: under SQLite's variable limit and MySQL's packet size. */
const INSERT_CHUNK = 250;

/**
 * Inserts new keys and their search terms, in the caller's transaction; the one way key rows are stored.
 * With `skipDuplicates`, a key whose lookup hash is already stored (a concurrent import) is left out
 * (INSERT IGNORE / INSERT OR IGNORE) rather than failing. Answers the ids stored.
 */
export async function insertLicenseKeys(
  m: EntityManager,
  keys: readonly NewLicenseKey[],
  options: { skipDuplicates?: boolean } = {},
): Promise<string[]> {
  for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
    const insert = m
      .createQueryBuilder()
      .insert()
      .into(LicenseKey)
      .values(keys.slice(i, i + INSERT_CHUNK).map(({ searchTerms: _, ...row }) => row))
      .updateEntity(false);
    await (options.skipDuplicates ? insert.orIgnore() : insert).execute();
  }
  let stored = keys;
  if (options.skipDuplicates && keys.length) {
    const found = await m.getRepository(LicenseKey).find({
      select: { id: true },
      where: { id: In(keys.map((key) => key.id)) },
    });
    const ids = new Set(found.map((row) => row.id));
    stored = keys.filter((key) => ids.has(key.id));
  }
  await insertSearchTerms(
    m,
    stored.flatMap((key) => key.searchTerms.map((term) => ({ term, keyId: key.id }))),
  );
  return stored.map((key) => key.id);
}

/** Replaces a stored key's search terms (rotate-secrets, under a new secret). */
export async function replaceSearchTerms(m: EntityManager, keyId: string, terms: string[]): Promise<void> {
  await m.delete(LicenseKeySearchTerm, { keyId });
  await insertSearchTerms(
    m,
    terms.map((term) => ({ term, keyId })),
  );
}

/** Stores search terms; with `skipDuplicates`, a term already stored for its key is left as it is. */
export async function insertSearchTerms(
  m: EntityManager,
  rows: LicenseKeySearchTerm[],
  options: { skipDuplicates?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK * 4) {
    const insert = m
      .createQueryBuilder()
      .insert()
      .into(LicenseKeySearchTerm)
      .values(rows.slice(i, i + INSERT_CHUNK * 4))
      .updateEntity(false);
    await (options.skipDuplicates ? insert.orIgnore() : insert).execute();
  }
}

/**
 * The keys after `after` (by id) that have no search terms: those stored before search terms existed (the
 * search-terms backfill gives them theirs), and fixtures written straight into the table.
 */
export function keysWithoutSearchTerms(db: DataSource, after = '') {
  return db
    .getRepository(LicenseKey)
    .createQueryBuilder('k')
    .where('k.id > :after', { after })
    .andWhere(
      (q) =>
        `NOT EXISTS ${q.subQuery().select('1').from(LicenseKeySearchTerm, 't').where('t.keyId = k.id').getQuery()}`,
    );
}
