import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service.js';
import { forUpdate, runInTransaction } from '../database/transactions.js';
import { KeyBatch } from '../suppliers/entities/key-batch.entity.js';
import { LICENSE_KEY_FORMAT_MESSAGE } from './dto/license-activation.dto.js';
import { LicenseKey } from './entities/license-key.entity.js';
import { LICENSE_KEY_PATTERN, LicenseKeyCipher, normalizeLicenseKey } from './license-key-cipher.js';
import { countKeysInStock, insertLicenseKeys, newLicenseKey } from './license-keys.js';

/** One data row of an inventory import (a CSV line), in file order. */
export interface InventoryImportRow {
  productId: string;
  licenseKey: string;
  /** Defaults to 1. */
  activationLimit?: number;
}

export interface InventoryImportResult {
  imported: number;
  /** Keys already in the database, or repeated earlier in the same import. */
  duplicates: number;
  /** `line` is the CSV line: the header is line 1, so the first row is line 2. */
  invalid: { line: number; reason: string }[];
}

/** The supplier batch an import puts its keys in (#21 §1): its product is the rows' default and only one. */
export interface InventoryImportBatch {
  id: number;
  productId: string;
}

/** Keys inserted per statement and per transaction. */
export const IMPORT_BATCH_SIZE = 200;
/** Far above any real licence; keeps the value inside the database's int column. */
export const MAX_ACTIVATION_LIMIT = 1_000_000;

export const UNKNOWN_BATCH_MESSAGE = 'batchId does not match any batch';

/** Why a key of another product cannot go into `batch`. */
export function batchProductRefusal(catalog: CatalogService, batch: { productId: string }): string {
  return `This batch is for ${catalog.find(batch.productId)?.title ?? batch.productId}`;
}

interface ValidRow {
  key: string;
  lookup: string;
  /** Under every known secret: a key stored before a rotation finished is still a duplicate. */
  lookups: string[];
  productId: string;
  activationLimit: number;
}

/**
 * The key inventory: unassigned keys (no order) waiting to be sold. Keys go in encrypted; they are matched
 * and deduplicated by lookup hash only. Assigning keys to orders is fulfilment's job, not this service's.
 */
@Injectable()
export class InventoryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: LicenseKeyCipher,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * Adds keys to the inventory. Rows with problems are reported by CSV line and skipped; a key that is
   * already stored (also one a concurrent import stores first) or repeated in the file counts as a
   * duplicate. Each batch is one transaction, so a failure keeps the batches before it.
   *
   * With a supplier `batch`, every key goes into it at the batch's cost per key, read (and the batch row
   * locked) in each transaction, so a concurrent change of the cost reaches these keys too. A row without a
   * product is for the batch's product; a row naming another product is invalid.
   */
  async importKeys(
    rows: readonly InventoryImportRow[],
    batch?: InventoryImportBatch,
  ): Promise<InventoryImportResult> {
    const result: InventoryImportResult = { imported: 0, duplicates: 0, invalid: [] };
    const seen = new Set<string>();
    const valid: ValidRow[] = [];
    rows.forEach((row, index) => {
      const checked = this.check(row, batch);
      if (typeof checked === 'string') {
        result.invalid.push({ line: index + 2, reason: checked });
      } else if (seen.has(checked.lookup)) {
        result.duplicates++;
      } else {
        seen.add(checked.lookup);
        valid.push(checked);
      }
    });
    for (let start = 0; start < valid.length; start += IMPORT_BATCH_SIZE) {
      const chunk = valid.slice(start, start + IMPORT_BATCH_SIZE);
      const inserted = await runInTransaction(this.db, (em) => this.insertBatch(em, chunk, batch?.id));
      result.imported += inserted;
      result.duplicates += chunk.length - inserted;
    }
    return result;
  }

  /** Unassigned, active keys of every catalogue product (0 when none), or of one product. */
  countAvailable(): Promise<Record<string, number>>;
  countAvailable(productId: string): Promise<number>;
  async countAvailable(productId?: string): Promise<Record<string, number> | number> {
    const found = await countKeysInStock(this.db.manager, productId === undefined ? undefined : [productId]);
    if (productId !== undefined) return found.get(productId) ?? 0;
    return Object.fromEntries(this.catalog.productIds().map((id) => [id, found.get(id) ?? 0]));
  }

  /** The row, normalised, or the reasons it is invalid (never echoing the key). */
  private check(row: InventoryImportRow, batch?: InventoryImportBatch): ValidRow | string {
    const problems: string[] = [];
    const productId = (typeof row.productId === 'string' ? row.productId.trim() : '') || batch?.productId;
    if (!productId) problems.push('Product ID is required');
    else if (!this.catalog.find(productId)) problems.push(`Unknown product ID "${productId.slice(0, 64)}"`);
    else if (batch && productId !== batch.productId) problems.push(batchProductRefusal(this.catalog, batch));

    const key = typeof row.licenseKey === 'string' ? normalizeLicenseKey(row.licenseKey) : '';
    if (!key) problems.push('License key is required');
    else if (!LICENSE_KEY_PATTERN.test(key)) problems.push(LICENSE_KEY_FORMAT_MESSAGE);

    const activationLimit = row.activationLimit ?? 1;
    if (typeof activationLimit !== 'number' || !Number.isInteger(activationLimit) || activationLimit < 1) {
      problems.push('Activation limit must be a whole number of at least 1');
    } else if (activationLimit > MAX_ACTIVATION_LIMIT) {
      problems.push(`Activation limit must be at most ${MAX_ACTIVATION_LIMIT}`);
    }

    if (problems.length || !productId) return problems.join('; ');
    const lookups = this.cipher.lookupHashes(key);
    return { key, lookup: lookups[0]!, lookups, productId, activationLimit };
  }

  /** Inserts the chunk's new keys; answers how many were stored (the rest were duplicates). */
  private async insertBatch(em: EntityManager, batch: ValidRow[], batchId?: number): Promise<number> {
    // Locked first: a change of the batch's cost (KeyBatchesService.update) waits for this chunk, or this
    // chunk for it, so every stock key of the batch carries the batch's cost.
    const supplierBatch =
      batchId === undefined
        ? null
        : await forUpdate(
            em
              .createQueryBuilder(KeyBatch, 'b')
              .select(['b.id', 'b.productId', 'b.costPerKeyCents'])
              .where('b.id = :batchId', { batchId }),
          ).getOne();
    if (batchId !== undefined && !supplierBatch) throw new BadRequestException(UNKNOWN_BATCH_MESSAGE);
    // The product of a batch can change only while it is empty; an import that began before cannot follow.
    if (supplierBatch && batch.some((row) => row.productId !== supplierBatch.productId))
      throw new ConflictException('The batch’s product changed during the import; import the file again');
    const existing = await em.getRepository(LicenseKey).find({
      select: { keyLookup: true },
      where: { keyLookup: In(batch.flatMap((row) => row.lookups)) },
    });
    const stored = new Set(existing.map((row) => row.keyLookup));
    // Sorted by lookup hash, so two imports lock the unique index entries in the same order (no deadlock).
    const fresh = batch
      .filter((row) => !row.lookups.some((lookup) => stored.has(lookup)))
      .sort((a, b) => (a.lookup < b.lookup ? -1 : a.lookup > b.lookup ? 1 : 0));
    if (!fresh.length) return 0;
    const values = fresh.map((row) =>
      Object.assign(
        newLicenseKey(this.cipher, row.key, {
          productId: row.productId,
          activationLimit: row.activationLimit,
        }),
        { batchId: supplierBatch?.id ?? null, costCents: supplierBatch?.costPerKeyCents ?? null },
      ),
    );
    // A key a concurrent import committed since the read above is skipped, not an error.
    return (await insertLicenseKeys(em, values, { skipDuplicates: true })).length;
  }
}
