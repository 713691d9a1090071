import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CsvError, parse } from 'csv-parse/sync';
import { Brackets, In, type DataSource, type EntityManager, type WhereExpressionBuilder } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList, startsWithLowercase, whereIdIn } from '../../database/list-page.js';
import { parseListQuery, type ListQueryDto, type ListPage } from '../../common/list-query.js';
import { isUniqueViolation } from '../../database/errors.js';
import { forUpdate, runInTransaction } from '../../database/transactions.js';
import { FulfilmentService } from '../../fulfilment/fulfilment.service.js';
import { RestockService } from '../../fulfilment/restock.service.js';
import {
  canTransition,
  nextStates,
  LICENSE_KEY_STATUSES,
  type LicenseKeyStatus,
} from '../../orders/order-process.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import {
  AdminLicenseKeyDto,
  type CreateLicenseKeyDto,
  type ImportLicenseKeysResultDto,
  type UpdateLicenseKeyDto,
} from './dto/admin-license-key.dto.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import { LicenseKeySearchTerm } from '../../license-keys/entities/license-key-search-term.entity.js';
import { licenseKeySearchParts } from '../../license-keys/license-key-search.js';
import {
  batchProductRefusal,
  UNKNOWN_BATCH_MESSAGE,
  type InventoryImportBatch,
  type InventoryImportRow,
} from '../../license-keys/inventory.service.js';
import { KeyBatch } from '../../suppliers/entities/key-batch.entity.js';
import {
  LICENSE_KEY_PATTERN,
  LicenseKeyCipher,
  normalizeLicenseKey,
} from '../../license-keys/license-key-cipher.js';
import { LICENSE_NOT_FOUND } from '../../license-keys/license-activations.service.js';
import { maskLicenseKey } from '../../license-keys/mask.js';
import { readsCosts } from '../../common/cost-fields.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { newLicenseKey } from '../../license-keys/license-keys.js';
import { csvStream, type CsvDownload } from '../../common/csv-file.js';
import type { LicenseKeyExportQueryDto } from '../exports/export-query.dto.js';
import { dayRange, exportFileName, exportRows, isoTime, whereCreatedIn } from '../exports/exports.js';

export const DUPLICATE_KEY_MESSAGE = 'This license key already exists';
export const UNKNOWN_ORDER_MESSAGE = 'Order ID does not match any order';
/** A reserved key is never revoked on its own: its order's review decides (rejected, it goes back to stock). */
export const RESERVED_KEY_REFUSAL =
  'This license key is reserved for an order held for review: approve or reject the order in the review queue';
/** Data rows one import may hold (the 1 MB body limit comes first for long lines). */
export const MAX_IMPORT_ROWS = 10_000;

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const KEY_LIST = {
  sortable: ['createdAt', 'status', 'productId', 'activationCount'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: {
    q: 'string',
    status: 'string',
    productId: 'string',
    assigned: 'boolean',
    id: 'string[]',
    batchId: 'int',
    supplierId: 'int',
  } as const,
};

/** The export's columns; the key masked (`XXXXX-XXXXX-XXXXX-XXXXX-LAST5`) unless an admin reveals it. */
export const LICENSE_KEY_EXPORT_COLUMNS = [
  'Key ID',
  'Product',
  'Batch',
  'Order ID',
  'Status',
  'Activations',
  'Activation limit',
  'Created at (UTC)',
  'Assigned at (UTC)',
  'Licence key',
] as const;

/** The CSV's columns, matched case-insensitively and ignoring spaces, hyphens and underscores. */
const CSV_COLUMNS = ['productId', 'licenseKey', 'activationLimit'] as const;
const REQUIRED_CSV_COLUMNS = ['productId', 'licenseKey'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * The back office's licence keys: the list (keys in full for admins, each reveal audited; masked for
 * support), creating a key for an order, revoking and re-activating, and the CSV import into the inventory.
 */
@Injectable()
export class AdminLicenseKeysService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: LicenseKeyCipher,
    private readonly audit: AuditService,
    private readonly restock: RestockService,
    private readonly fulfilment: FulfilmentService,
    private readonly catalog: CatalogService,
  ) {}

  async list(dto: ListQueryDto, actor: StaffUserDto): Promise<ListPage<AdminLicenseKeyDto>> {
    const { skip, take, query } = this.listQuery(dto);
    const page = await fetchPage(query, skip, take);
    return { ...page, rows: await this.present(page.rows, actor, null) };
  }

  /**
   * Every key the list shows for the same filter and sort, created in the days from-to, as CSV, read by
   * keyset a page at a time. The key is masked (its last group) unless an administrator asks for it in
   * clear with `reveal`: support is refused (403), and the reveal is recorded (`license-keys.export`, with
   * the filter and how many keys matched) before a byte is sent. A key whose ciphertext does not
   * authenticate stays masked.
   */
  async export(dto: LicenseKeyExportQueryDto, actor: StaffUserDto): Promise<CsvDownload> {
    const reveal = dto.reveal === 'true';
    if (reveal && actor.role !== 'admin')
      throw new ForbiddenException('Only administrators may export licence keys in clear');
    const range = dayRange(dto.from, dto.to);
    const { query, filter, sort } = this.listQuery(dto);
    const keys = whereCreatedIn(query, 'k.createdAt', range);
    if (reveal) {
      const rows = await keys.getCount();
      await runInTransaction(this.db, (m) =>
        this.audit.record(m, actor, {
          action: 'license-keys.export',
          resource: 'license-keys',
          after: { filter, sort, from: dto.from ?? null, to: dto.to ?? null, rows },
        }),
      );
    }
    return {
      fileName: exportFileName(reveal ? 'license-keys-in-clear' : 'license-keys', range),
      content: csvStream(
        LICENSE_KEY_EXPORT_COLUMNS,
        exportRows(keys, (page) =>
          page.map((k) => [
            k.id,
            k.productId,
            k.batchId ?? '',
            k.orderId ?? '',
            k.status,
            k.activationCount,
            k.activationLimit,
            isoTime(k.createdAt),
            isoTime(k.assignedAt),
            (reveal && this.cipher.readable(k)) || maskLicenseKey(k.keyLastGroup),
          ]),
        ),
      ),
    };
  }

  /**
   * The list's filter and sort, checked (a 400 naming the problem), as one query: the only place the list
   * and its export build their WHERE and ORDER BY.
   */
  private listQuery(dto: ListQueryDto) {
    const { sort, skip, take, filter } = parseListQuery(dto, KEY_LIST);
    if (filter.status !== undefined && !(LICENSE_KEY_STATUSES as readonly string[]).includes(filter.status)) {
      throw new BadRequestException(`filter status must be one of ${LICENSE_KEY_STATUSES.join(', ')}`);
    }
    if (filter.productId !== undefined && !this.catalog.find(filter.productId)) {
      throw new BadRequestException(this.catalog.mustBeOneOf('filter productId'));
    }
    const query = this.db.getRepository(LicenseKey).createQueryBuilder('k');
    if (filter.id) whereIdIn(query, 'k.id', filter.id);
    if (filter.status) query.andWhere('k.status = :status', { status: filter.status });
    if (filter.productId) query.andWhere('k.productId = :productId', { productId: filter.productId });
    if (filter.batchId) query.andWhere('k.batchId = :batchId', { batchId: filter.batchId });
    if (filter.supplierId) {
      const batches = this.db
        .createQueryBuilder()
        .subQuery()
        .select('b.id')
        .from(KeyBatch, 'b')
        .where('b.supplierId = :supplierId')
        .getQuery();
      query.andWhere(`k.batchId IN ${batches}`, { supplierId: filter.supplierId });
    }
    if (filter.assigned !== undefined)
      query.andWhere(filter.assigned ? 'k.orderId IS NOT NULL' : 'k.orderId IS NULL');
    const q = filter.q?.trim();
    if (q) query.andWhere(new Brackets((w) => this.matchSearch(w, q)));
    return { sort, skip, take, filter, query: sortList(query, sort.field, sort.order) };
  }

  async get(id: string, actor: StaffUserDto): Promise<AdminLicenseKeyDto> {
    const key = await this.db.getRepository(LicenseKey).findOneBy({ id });
    if (!key) throw new NotFoundException(LICENSE_NOT_FOUND);
    const [row] = await this.present([key], actor, id);
    return row!;
  }

  /**
   * Stores a key typed by an admin for an existing, paid order, through fulfilment's rule
   * (FulfilmentService.assignStaffKey): it must be for one of the order's products and within its quantity,
   * and an order waiting for keys is delivered (status, `awaitingKeys`, the e-mail) as when stock arrives.
   */
  async create(dto: CreateLicenseKeyDto, actor: StaffUserDto): Promise<AdminLicenseKeyDto> {
    const batch = dto.batchId === undefined ? undefined : await this.batchFor(dto.batchId, dto.productId);
    if (!dto.orderId) return this.createInStock(dto, actor, batch);
    const orderId = dto.orderId;
    let id: string;
    try {
      id = await runInTransaction(this.db, async (m) => {
        // Locked first, so concurrent keys for one order are counted one after the other.
        const order = await this.fulfilment.lockOrder(m, orderId.toLowerCase());
        if (!order) throw new BadRequestException(UNKNOWN_ORDER_MESSAGE);
        if (await m.existsBy(LicenseKey, { keyLookup: In(this.cipher.lookupHashes(dto.licenseKey)) }))
          throw new ConflictException(DUPLICATE_KEY_MESSAGE);
        // The batch's cost as it is now (locked, as a change of it locks it): the key is sold at once.
        const costCents = batch ? (await this.lockBatch(m, batch.id)).costPerKeyCents : null;
        const key = Object.assign(
          newLicenseKey(this.cipher, dto.licenseKey, {
            orderId: order.id,
            productId: dto.productId,
            activationLimit: dto.activationLimit,
          }),
          { batchId: batch?.id ?? null, costCents },
        );
        await this.fulfilment.assignStaffKey(m, order, key);
        await this.recordCreated(m, actor, key);
        return key.id;
      });
    } catch (error) {
      // Another request stored the same key between our check and our insert.
      if (isUniqueViolation(error)) throw new ConflictException(DUPLICATE_KEY_MESSAGE);
      throw error;
    }
    const key = await this.db.getRepository(LicenseKey).findOneByOrFail({ id });
    // The admin has just typed the key: answering it is no new reveal.
    return toRow(key, dto.licenseKey);
  }

  /**
   * A key typed in for the inventory: stored as an imported one is (RestockService), so it goes at once to
   * the oldest paid order waiting for its product, if any; the answer shows where it went.
   */
  private async createInStock(
    dto: CreateLicenseKeyDto,
    actor: StaffUserDto,
    batch: InventoryImportBatch | undefined,
  ): Promise<AdminLicenseKeyDto> {
    const { productId, licenseKey, activationLimit } = dto;
    const result = await this.restock.importKeys([{ productId, licenseKey, activationLimit }], batch);
    if (result.duplicates) throw new ConflictException(DUPLICATE_KEY_MESSAGE);
    if (!result.imported) throw new BadRequestException(result.invalid.map((row) => row.reason));
    const key = await this.db
      .getRepository(LicenseKey)
      .findOneByOrFail({ keyLookup: In(this.cipher.lookupHashes(licenseKey)) });
    // The import commits on its own, so the entry is written once the key is stored.
    await runInTransaction(this.db, (m) => this.recordCreated(m, actor, key));
    return toRow(key, licenseKey);
  }

  /** The audit entry of a key typed in: never the key itself, its last group being what support sees anyway. */
  private recordCreated(m: EntityManager, actor: StaffUserDto, key: LicenseKey) {
    return this.audit.record(m, actor, {
      action: 'license-keys.create',
      resource: 'license-keys',
      resourceId: key.id,
      after: {
        orderId: key.orderId,
        productId: key.productId,
        activationLimit: key.activationLimit,
        status: key.status,
        keyLastGroup: key.keyLastGroup,
        batchId: key.batchId ?? null,
        costCents: key.costCents ?? null,
      },
    });
  }

  /** Only the status changes, as the order process's licence-key table lets staff: see transitionRefusal. */
  async update(id: string, dto: UpdateLicenseKeyDto, actor: StaffUserDto): Promise<AdminLicenseKeyDto> {
    const inInventory = await runInTransaction(this.db, async (m) => {
      // Locking reads first (the key, then its order): on MySQL the snapshot the quantity count reads is then
      // taken after the order's lock, so it sees keys another request made active meanwhile.
      const key = await forUpdate(
        m
          .createQueryBuilder(LicenseKey, 'k')
          .select(['k.id', 'k.status', 'k.orderId', 'k.productId'])
          .where('k.id = :id', { id }),
      ).getOne();
      if (!key) throw new NotFoundException(LICENSE_NOT_FOUND);
      const refusal = transitionRefusal(key.status, dto.status);
      if (refusal) throw new BadRequestException(refusal);
      if (key.status === 'active' && key.orderId) {
        const order = await this.fulfilment.lockOrder(m, key.orderId);
        if (order?.status === 'on_hold') throw new ConflictException(RESERVED_KEY_REFUSAL);
      }
      // A key that works again counts against its order's quantity, as a key typed in for it would.
      if (dto.status === 'active' && key.orderId) {
        const order = await this.fulfilment.lockOrder(m, key.orderId);
        if (order) await this.fulfilment.assertRoomForKey(m, order, key.productId, key.id);
      }
      // Conditional, so two admins changing the same key at once cannot both apply a transition.
      const changed = await m
        .createQueryBuilder()
        .update(LicenseKey)
        .set({ status: dto.status })
        .where('id = :id AND status = :from', { id, from: key.status })
        .execute();
      if (!changed.affected)
        throw new ConflictException('This license key was changed meanwhile; reload it and try again');
      await this.audit.record(m, actor, {
        action: 'license-keys.update',
        resource: 'license-keys',
        resourceId: id,
        before: { status: key.status },
        after: { status: dto.status },
      });
      return key.orderId === null;
    });
    // A key back in stock goes to the paid orders waiting for one, as an imported key does.
    if (inInventory && dto.status === 'active') await this.fulfilment.completeWaitingOrders();
    // Admins only; the update entry in the audit trail names the key and the admin.
    const key = await this.db.getRepository(LicenseKey).findOneByOrFail({ id });
    const held = await heldOrderIds(this.db.manager, [key.orderId]);
    return toRow(key, this.cipher.readable(key) ?? maskLicenseKey(key.keyLastGroup), {
      reserved: isReserved(key, held),
    });
  }

  /**
   * Imports a CSV (header row; columns productId, licenseKey and optionally activationLimit) into the
   * inventory through RestockService, which then completes the paid orders waiting for keys.
   */
  async importCsv(text: string, actor: StaffUserDto, batchId?: number): Promise<ImportLicenseKeysResultDto> {
    const batch = batchId === undefined ? undefined : await this.batchFor(batchId);
    const { rows, lines } = parseInventoryCsv(text, batch !== undefined);
    const result = await this.restock.importKeys(rows, batch);
    // The inventory numbers rows as if each took one line after the header; give the file's own lines.
    const invalid = result.invalid.map(({ line, reason }) => ({ line: lines[line - 2] ?? line, reason }));
    const answer = {
      imported: result.imported,
      duplicates: result.duplicates,
      invalid,
      ordersCompleted: result.ordersCompleted,
    };
    // The import commits batch by batch (its own transactions), so the entry is written once it is done.
    await runInTransaction(this.db, (m) =>
      this.audit.record(m, actor, {
        action: 'license-keys.import',
        resource: 'license-keys',
        after: { rows: rows.length, ...(batch && { batchId: batch.id }), ...answer, invalid: invalid.length },
      }),
    );
    return answer;
  }

  /** The supplier batch a key goes into (400 when unknown, or for another product than `productId`). */
  private async batchFor(id: number, productId?: string): Promise<InventoryImportBatch> {
    const batch = await this.db
      .getRepository(KeyBatch)
      .findOne({ select: { id: true, productId: true }, where: { id } });
    if (!batch) throw new BadRequestException(UNKNOWN_BATCH_MESSAGE);
    if (productId !== undefined && productId !== batch.productId)
      throw new BadRequestException(batchProductRefusal(this.catalog, batch));
    return { id: batch.id, productId: batch.productId };
  }

  private async lockBatch(m: EntityManager, id: number): Promise<KeyBatch> {
    const batch = await forUpdate(m.createQueryBuilder(KeyBatch, 'b').where('b.id = :id', { id })).getOne();
    if (!batch) throw new BadRequestException(UNKNOWN_BATCH_MESSAGE);
    return batch;
  }

  /**
   * `q` matches any of: the exact full key (by its lookup hash); the first 3 to 5 characters of any of the
   * key's groups, or of several ("ABCDE-FGH", each part in the same key; see licenseKeySearchParts), by
   * their search terms; a product id or any part (3+ characters) of a product's title; the start of an
   * order id. Each is an equality or a prefix on an indexed column; conditions that cannot match the text
   * are left out.
   */
  private matchSearch(w: WhereExpressionBuilder, q: string): void {
    const conditions: [string, Record<string, string | string[]>][] = [];
    const upper = normalizeLicenseKey(q);
    const parts = licenseKeySearchParts(upper);
    if (LICENSE_KEY_PATTERN.test(upper))
      conditions.push(['k.keyLookup IN (:...qLookup)', { qLookup: this.cipher.lookupHashes(upper) }]);
    else if (parts) {
      // One semi-join per part, each read from the terms' primary key: every part must be in the key.
      const params: Record<string, string[]> = {};
      const sql = parts.map((part, i) => {
        params[`qTerm${i}`] = this.cipher.searchTermsOf(part);
        const terms = this.db
          .createQueryBuilder()
          .subQuery()
          .select('t.keyId')
          .from(LicenseKeySearchTerm, 't')
          .where(`t.term IN (:...qTerm${i})`)
          .getQuery();
        return `k.id IN ${terms}`;
      });
      conditions.push([`(${sql.join(' AND ')})`, params]);
    }
    const lower = q.toLowerCase();
    // A product by its id, or by any part of its title as the table shows it ("home & business", "LTSC").
    const products = this.catalog
      .findAll()
      .filter(
        (p) => p.id === lower || (lower.trim().length >= 3 && p.title.toLowerCase().includes(lower.trim())),
      )
      .map((p) => p.id);
    if (products.length) conditions.push(['k.productId IN (:...qProducts)', { qProducts: products }]);
    if (/^[0-9a-f-]{1,36}$/.test(lower))
      conditions.push(startsWithLowercase(this.db.options.type, 'k.orderId', lower, 'qOrder'));
    if (!conditions.length) {
      w.where('1 = 0');
      return;
    }
    conditions.forEach(([sql, params], index) => (index ? w.orWhere(sql, params) : w.where(sql, params)));
  }

  /** Rows for the actor: admins see keys in full, and the reveal is audited before anything is answered. */
  private async present(
    keys: LicenseKey[],
    actor: StaffUserDto,
    resourceId: string | null,
  ): Promise<AdminLicenseKeyDto[]> {
    const held = await heldOrderIds(
      this.db.manager,
      keys.filter((k) => k.status === 'active').map((k) => k.orderId),
    );
    const reserved = (key: LicenseKey) => isReserved(key, held);
    if (actor.role !== 'admin')
      return keys.map((key) =>
        toRow(key, maskLicenseKey(key.keyLastGroup), {
          withCost: readsCosts(actor),
          reserved: reserved(key),
        }),
      );
    const revealed: string[] = [];
    const rows = keys.map((key) => {
      const plain = this.cipher.readable(key);
      if (plain === null) return toRow(key, maskLicenseKey(key.keyLastGroup), { reserved: reserved(key) });
      revealed.push(key.id);
      return toRow(key, plain, { reserved: reserved(key) });
    });
    if (revealed.length) {
      await runInTransaction(this.db, (m) =>
        this.audit.record(m, actor, {
          action: 'license-keys.reveal',
          resource: 'license-keys',
          resourceId,
          after: { licenseKeyIds: revealed },
        }),
      );
    }
    return rows;
  }
}

/** The orders among these that are held for review (their active keys are reserved, not delivered). */
async function heldOrderIds(m: EntityManager, orderIds: (string | null)[]): Promise<Set<string>> {
  const ids = [...new Set(orderIds.filter((id): id is string => id !== null))];
  if (!ids.length) return new Set();
  const held = await m.find(Order, { select: { id: true }, where: { id: In(ids), status: 'on_hold' } });
  return new Set(held.map((o) => o.id));
}

/** A key reserved for an order held for review: active, assigned, never shown to its customer. */
const isReserved = (key: LicenseKey, held: Set<string>) =>
  key.status === 'active' && key.orderId !== null && held.has(key.orderId);

/** A list row; the key's cost only for admins (`withCost`), who alone see what the store pays. */
function toRow(
  key: LicenseKey,
  licenseKey: string,
  { withCost = true, reserved = false } = {},
): AdminLicenseKeyDto {
  return {
    id: key.id,
    orderId: key.orderId,
    productId: key.productId,
    licenseKey,
    activationCount: key.activationCount,
    activationLimit: key.activationLimit,
    status: key.status,
    reserved,
    batchId: key.batchId ?? null,
    ...(withCost && { costCents: key.costCents ?? null }),
    createdAt: key.createdAt,
  };
}

/** Why staff may not change a key's status so (the order process's licence-key table), or null. */
export function transitionRefusal(from: LicenseKeyStatus, to: LicenseKeyStatus): string | null {
  if (from === to) return `This license key is already ${to}`;
  if (canTransition('license-key', from, to, 'staff')) return null;
  const moves = nextStates('license-key', from, 'staff').map((s) => (s === 'revoked' ? s : `set to ${s}`));
  const key = `${/^[aeiou]/.test(from) ? 'An' : 'A'} ${from} license key`;
  return moves.length ? `${key} can only be ${moves.join(' or ')}` : `${key} cannot be changed`;
}

/**
 * Reads an import file: a header row naming the columns (in any order; unknown columns are ignored; the
 * productId column may be left out when the keys go into a batch, whose product is the default), then
 * one key per line. Empty lines and lines of empty values are skipped. Answers the rows and, for each, the
 * file line it starts on. Every problem with the file as a whole is a 400.
 */
export function parseInventoryCsv(
  text: string,
  productOptional = false,
): { rows: InventoryImportRow[]; lines: number[] } {
  let header: string[] | undefined;
  let records: { record: Record<string, string | undefined>; info: { lines: number } }[];
  try {
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      trim: true,
      record_delimiter: '\n',
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      info: true,
      columns: (names: string[]) => {
        header = names.map(canonicalColumn);
        return header;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new BadRequestException(`The file is not valid CSV (line ${error.lines}): ${csvProblem(error)}`);
    }
    throw error;
  }
  if (!header) throw new BadRequestException('The file is empty: it needs a header row');
  for (const column of REQUIRED_CSV_COLUMNS) {
    if (productOptional && column === 'productId') continue;
    if (!header.includes(column)) {
      const optional = productOptional
        ? 'productId (with a batch) and activationLimit are'
        : 'activationLimit is';
      throw new BadRequestException(
        `The header row has no ${column} column (expected ${CSV_COLUMNS.join(', ')}; ${optional} optional)`,
      );
    }
  }
  for (const column of CSV_COLUMNS) {
    if (header.filter((name) => name === column).length > 1)
      throw new BadRequestException(`The header row names the ${column} column more than once`);
  }
  if (records.length > MAX_IMPORT_ROWS) {
    throw new BadRequestException(
      `The file has ${records.length} rows; import at most ${MAX_IMPORT_ROWS} at a time`,
    );
  }
  const rows = records.map(({ record }) => ({
    productId: record.productId ?? '',
    licenseKey: record.licenseKey ?? '',
    activationLimit: parseLimit(record.activationLimit),
  }));
  // `info.lines` is the line a record ends on; a quoted value may span lines.
  const lines = records.map(
    ({ record, info }) =>
      info.lines -
      Object.values(record).reduce((sum, value) => sum + (value?.split('\n').length ?? 1) - 1, 0),
  );
  return { rows, lines };
}

function canonicalColumn(name: string): string {
  const plain = name.replace(/[\s_-]+/g, '').toLowerCase();
  return CSV_COLUMNS.find((column: CsvColumn) => column.toLowerCase() === plain) ?? `other:${name}`;
}

/** A whole number; anything else becomes NaN, which the inventory reports as an invalid row. */
function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

/** csv-parse's messages quote the file's content; these do not (a key must never be echoed). */
function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted value is not closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'unexpected text after a closing quote';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted value';
    default:
      return 'it cannot be read';
  }
}
