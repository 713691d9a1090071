import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import { asText, csvStream, type CsvDownload } from '../../common/csv-file.js';
import {
  escapeLike,
  LIKE_ESCAPE,
  parseListQuery,
  type ListPage,
  type ListQueryDto,
} from '../../common/list-query.js';
import { readsCosts } from '../../common/cost-fields.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { currencyRank, fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import { forUpdate, runInTransaction } from '../../database/transactions.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { canTransition } from '../../orders/order-process.js';
import { KeyBatch } from '../../suppliers/entities/key-batch.entity.js';
import { Supplier } from '../../suppliers/entities/supplier.entity.js';
import {
  KeyBatchDto,
  type CreateKeyBatchDto,
  type KeyBatchCounts,
  type RevokeKeyBatchDto,
  type RevokeKeyBatchResultDto,
  type UpdateKeyBatchDto,
} from './dto/key-batch.dto.js';
import type { ExportQueryDto } from '../exports/export-query.dto.js';
import { dayRange, exportFileName, exportRows, whereCreatedIn } from '../exports/exports.js';
import { isForeignKeyViolation } from './suppliers.service.js';

export const BATCH_NOT_FOUND = 'Key batch not found';
export const UNKNOWN_SUPPLIER = 'Supplier ID does not match any supplier';
export const BATCH_HAS_KEYS = 'This batch has keys and cannot be deleted';
export const PRODUCT_FIXED = 'The product of a batch with keys cannot be changed';
export const CURRENCY_FIXED =
  'The currency of a batch whose keys were sold cannot be changed: their costs are counted in it';
export const CONFIRM_MISMATCH = 'confirm does not match the batch’s invoice reference';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const BATCH_LIST = {
  sortable: ['createdAt', 'id', 'purchasedAt', 'costPerKeyCents', 'invoiceReference'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { id: 'int[]', supplierId: 'int', q: 'string', productId: 'string' } as const,
};
/** Support staff's list: not sorted by what keys cost either, which they do not see. */
const SUPPORT_BATCH_LIST = {
  ...BATCH_LIST,
  sortable: BATCH_LIST.sortable.filter((field) => field !== 'costPerKeyCents'),
};

const WRITABLE = [
  'supplierId',
  'productId',
  'invoiceReference',
  'costPerKeyCents',
  'currency',
  'purchasedAt',
  'notes',
] as const;
type Writable = Partial<Pick<KeyBatch, (typeof WRITABLE)[number]>>;

/** Keys per revoking statement. */
const REVOKE_CHUNK = 500;
/** Key ids per audit entry of a revocation: the entry's text column holds 64 KB on MariaDB. */
const AUDIT_IDS = 1000;

export const EXPORT_COLUMNS = [
  'id',
  'supplier',
  'product',
  'invoiceReference',
  'costPerKeyCents',
  'currency',
  'purchasedAt',
  'keys',
  'inStock',
  'sold',
  'revoked',
  'faulty',
  'createdAt',
] as const;

/** Admins alone see what keys cost (the one rule: common/cost-fields.ts); it also decides sorts and columns. */
const withCost = readsCosts;

/**
 * Key batches (#21 §1): keys bought from a supplier in one purchase, with what each cost. The counts come
 * from one grouped query over the page's batches, read from IDX_license_keys_batchId (batchId, status,
 * orderId) alone.
 */
@Injectable()
export class KeyBatchesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly catalog: CatalogService,
  ) {}

  /** Filters: supplierId, productId, q (any part of the invoice reference, ignoring case), id (list). */
  async list(dto: ListQueryDto, actor: StaffUserDto): Promise<ListPage<KeyBatchDto>> {
    const { sort, skip, take, query } = this.filtered(dto, withCost(actor));
    // Costs in several currencies do not compare as numbers: by cost, batches group by their currency.
    const byCurrency = sort.field === 'costPerKeyCents' ? currencyRank('b.currency') : undefined;
    const page = await fetchPage(sortList(query, sort.field, sort.order, byCurrency), skip, take);
    return { ...page, rows: await this.present(page.rows, withCost(actor)) };
  }

  async get(id: number, actor: StaffUserDto): Promise<KeyBatchDto> {
    const [row] = await this.present([await this.find(this.db.manager, id)], withCost(actor));
    return row!;
  }

  async create(dto: CreateKeyBatchDto, actor: StaffUserDto): Promise<KeyBatchDto> {
    const values = {
      supplierId: dto.supplierId,
      productId: dto.productId,
      invoiceReference: dto.invoiceReference,
      costPerKeyCents: dto.costPerKeyCents,
      currency: dto.currency,
      purchasedAt: dto.purchasedAt ?? null,
      notes: dto.notes ?? null,
    };
    const saved = await this.knownSupplier(() =>
      runInTransaction(this.db, async (m) => {
        await this.assertSupplier(m, values.supplierId);
        const batch = await m.save(m.create(KeyBatch, values));
        await this.audit.record(m, actor, {
          action: 'key-batches.create',
          resource: 'key-batches',
          resourceId: batch.id,
          after: values,
        });
        return batch;
      }),
    );
    return this.get(saved.id, actor);
  }

  /**
   * Changes the fields sent. A new cost reaches the batch's keys still in stock, in the same transaction;
   * keys already given to an order keep the cost their margin was reckoned with. The product can change
   * only while the batch has no keys.
   */
  async update(id: number, dto: UpdateKeyBatchDto, actor: StaffUserDto): Promise<KeyBatchDto> {
    const changes: Writable = {};
    for (const field of WRITABLE)
      if (dto[field] !== undefined) Object.assign(changes, { [field]: dto[field] });
    if (!Object.keys(changes).length)
      throw new BadRequestException(`Nothing to update: send ${WRITABLE.join(', ')}`);
    await this.knownSupplier(() =>
      runInTransaction(this.db, async (m) => {
        // Locked, as each chunk of an import into it locks it: the cost its keys get is the batch's.
        const batch = await this.find(m, id, true);
        if (changes.supplierId !== undefined) await this.assertSupplier(m, changes.supplierId);
        if (
          changes.productId !== undefined &&
          changes.productId !== batch.productId &&
          (await m.existsBy(LicenseKey, { batchId: id }))
        )
          throw new ConflictException(PRODUCT_FIXED);
        if (
          changes.currency !== undefined &&
          changes.currency !== batch.currency &&
          (await m
            .getRepository(LicenseKey)
            .createQueryBuilder('k')
            .where('k.batchId = :id AND k.orderId IS NOT NULL', { id })
            .getExists())
        )
          throw new ConflictException(CURRENCY_FIXED);
        await m.update(KeyBatch, id, changes);
        let stockKeysRepriced = 0;
        if (changes.costPerKeyCents !== undefined && changes.costPerKeyCents !== batch.costPerKeyCents) {
          const result = await m
            .createQueryBuilder()
            .update(LicenseKey)
            .set({ costCents: changes.costPerKeyCents })
            .where('batchId = :id AND orderId IS NULL', { id })
            .execute();
          stockKeysRepriced = result.affected ?? 0;
        }
        await this.audit.record(m, actor, {
          action: 'key-batches.update',
          resource: 'key-batches',
          resourceId: id,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, batch[k as keyof KeyBatch]])),
          after: { ...changes, ...(changes.costPerKeyCents !== undefined && { stockKeysRepriced }) },
        });
      }),
    );
    return this.get(id, actor);
  }

  /** Only an empty batch: a key keeps the batch it came in. */
  async remove(id: number, actor: StaffUserDto): Promise<KeyBatchDto> {
    const answer = await this.get(id, actor);
    try {
      await runInTransaction(this.db, async (m) => {
        const batch = await this.find(m, id, true);
        if (await m.existsBy(LicenseKey, { batchId: id })) throw new ConflictException(BATCH_HAS_KEYS);
        await m.delete(KeyBatch, id);
        await this.audit.record(m, actor, {
          action: 'key-batches.delete',
          resource: 'key-batches',
          resourceId: id,
          before: Object.fromEntries(WRITABLE.map((k) => [k, batch[k]])),
        });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ConflictException(BATCH_HAS_KEYS);
      throw error;
    }
    return answer;
  }

  /**
   * Revokes the batch's active keys: those in stock, and with `includeSold` those sold too, by the same
   * rule as revoking one key (active → revoked, by staff). Customers of sold keys are not e-mailed. The
   * batch row is locked, so an import into it waits; each key changes only if it is still active.
   */
  async revoke(id: number, dto: RevokeKeyBatchDto, actor: StaffUserDto): Promise<RevokeKeyBatchResultDto> {
    if (!canTransition('license-key', 'active', 'revoked', 'staff'))
      throw new ConflictException('Staff cannot revoke licence keys');
    return runInTransaction(this.db, async (m) => {
      const batch = await this.find(m, id, true);
      if (dto.confirm.trim() !== batch.invoiceReference) throw new BadRequestException(CONFIRM_MISMATCH);
      const query = m
        .createQueryBuilder(LicenseKey, 'k')
        .select(['k.id', 'k.orderId'])
        .where("k.batchId = :id AND k.status = 'active'", { id });
      if (!dto.includeSold) query.andWhere('k.orderId IS NULL');
      const keys = await forUpdate(query).getMany();
      let revoked = 0;
      let sold = 0;
      const ids: string[] = [];
      for (let start = 0; start < keys.length; start += REVOKE_CHUNK) {
        const chunk = keys.slice(start, start + REVOKE_CHUNK);
        const result = await m
          .createQueryBuilder()
          .update(LicenseKey)
          .set({ status: 'revoked' })
          .where({ id: In(chunk.map((key) => key.id)) })
          .andWhere("status = 'active'")
          .execute();
        revoked += result.affected ?? 0;
        sold += chunk.filter((key) => key.orderId !== null).length;
        ids.push(...chunk.map((key) => key.id));
      }
      const answer = { revoked, inStock: revoked - sold, sold };
      const parts = Math.max(1, Math.ceil(ids.length / AUDIT_IDS));
      for (let part = 0; part < parts; part++) {
        await this.audit.record(m, actor, {
          action: 'key-batches.revoke',
          resource: 'key-batches',
          resourceId: id,
          after: {
            includeSold: dto.includeSold,
            ...answer,
            ...(parts > 1 && { part: part + 1, parts }),
            licenseKeyIds: ids.slice(part * AUDIT_IDS, (part + 1) * AUDIT_IDS),
          },
        });
      }
      return answer;
    });
  }

  /**
   * The list's batches (its filters, and `from`/`to` days of creation) as CSV, read a page at a time in
   * creation order (keyset on id), each page's counts in one grouped query: never every row in memory.
   */
  export(dto: ExportQueryDto, actor: StaffUserDto): CsvDownload {
    const range = dayRange(dto.from, dto.to);
    const { query } = this.filtered({ filter: dto.filter });
    const cost = withCost(actor);
    const columns = EXPORT_COLUMNS.filter((column) => cost || column !== 'costPerKeyCents');
    return {
      fileName: exportFileName('key-batches', range),
      content: csvStream(
        columns,
        exportRows(whereCreatedIn(query, 'b.createdAt', range).orderBy('b.id', 'ASC'), async (page) =>
          (await this.present(page, cost)).map((row) => columns.map((column) => this.csvValue(row, column))),
        ),
      ),
    };
  }

  /** A batch's value in an export column; text as a spreadsheet shows it, never as a formula. */
  private csvValue(row: KeyBatchDto, column: (typeof EXPORT_COLUMNS)[number]): string | number {
    switch (column) {
      case 'supplier':
        return asText(row.supplierName);
      case 'product':
        return asText(this.catalog.find(row.productId)?.title ?? row.productId);
      case 'invoiceReference':
        return asText(row.invoiceReference);
      case 'purchasedAt':
        return row.purchasedAt ?? '';
      case 'createdAt':
        return row.createdAt.toISOString();
      default:
        return row[column] ?? '';
    }
  }

  private filtered(dto: ListQueryDto, cost = true) {
    const { sort, skip, take, filter } = parseListQuery(dto, cost ? BATCH_LIST : SUPPORT_BATCH_LIST);
    if (filter.productId !== undefined && !this.catalog.find(filter.productId))
      throw new BadRequestException(this.catalog.mustBeOneOf('filter productId'));
    const query = this.db.getRepository(KeyBatch).createQueryBuilder('b');
    if (filter.id) whereIdIn(query, 'b.id', filter.id);
    if (filter.supplierId) query.andWhere('b.supplierId = :supplierId', { supplierId: filter.supplierId });
    if (filter.productId) query.andWhere('b.productId = :productId', { productId: filter.productId });
    const q = filter.q?.trim().toLowerCase();
    if (q) query.andWhere(`LOWER(b.invoiceReference) LIKE :q ${LIKE_ESCAPE}`, { q: `%${escapeLike(q)}%` });
    return { sort, skip, take, query };
  }

  /** The rows with their supplier's name and their counts (one grouped query for all of them). */
  private async present(batches: KeyBatch[], cost = true): Promise<KeyBatchDto[]> {
    if (!batches.length) return [];
    const counts = await this.counts(batches.map((batch) => batch.id));
    const supplierIds = [...new Set(batches.map((batch) => batch.supplierId))];
    const suppliers = await this.db.getRepository(Supplier).find({
      select: { id: true, name: true },
      where: { id: In(supplierIds) },
    });
    const names = new Map(suppliers.map((supplier) => [supplier.id, supplier.name]));
    return batches.map((batch) =>
      KeyBatchDto.from(batch, names.get(batch.supplierId) ?? '', counts.get(batch.id)!, { withCost: cost }),
    );
  }

  /** Keys per batch by status and whether sold: one query, read from IDX_license_keys_batchId alone. */
  async counts(ids: number[]): Promise<Map<number, KeyBatchCounts>> {
    const counts = new Map(ids.map((id) => [id, { keys: 0, inStock: 0, sold: 0, revoked: 0, faulty: 0 }]));
    if (!ids.length) return counts;
    const rows = await this.db
      .createQueryBuilder(LicenseKey, 'k')
      .select('k.batchId', 'batchId')
      .addSelect('k.status', 'status')
      .addSelect('CASE WHEN k.orderId IS NULL THEN 0 ELSE 1 END', 'sold')
      .addSelect('COUNT(*)', 'n')
      .where('k.batchId IN (:...ids)', { ids })
      .groupBy('k.batchId')
      .addGroupBy('k.status')
      .addGroupBy('CASE WHEN k.orderId IS NULL THEN 0 ELSE 1 END')
      .getRawMany<{ batchId: number | string; status: string; sold: number | string; n: number | string }>();
    for (const row of rows) {
      const count = counts.get(Number(row.batchId))!;
      const n = Number(row.n);
      const sold = Number(row.sold) === 1;
      count.keys += n;
      if (sold) count.sold += n;
      if (!sold && row.status === 'active') count.inStock += n;
      if (row.status === 'revoked') count.revoked += n;
      if (row.status === 'faulty') count.faulty += n;
    }
    return counts;
  }

  private async find(m: EntityManager, id: number, lock = false): Promise<KeyBatch> {
    const query = m.createQueryBuilder(KeyBatch, 'b').where('b.id = :id', { id });
    const batch = await (lock ? forUpdate(query) : query).getOne();
    if (!batch) throw new NotFoundException(BATCH_NOT_FOUND);
    return batch;
  }

  private async assertSupplier(m: EntityManager, supplierId: number): Promise<void> {
    if (!(await m.existsBy(Supplier, { id: supplierId }))) throw new BadRequestException(UNKNOWN_SUPPLIER);
  }

  /** A supplier deleted between the check and the write: the foreign key refuses it. */
  private async knownSupplier<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new BadRequestException(UNKNOWN_SUPPLIER);
      throw error;
    }
  }
}
