import { ConflictException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import {
  escapeLike,
  LIKE_ESCAPE,
  parseListQuery,
  type ListPage,
  type ListQueryDto,
} from '../../common/list-query.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { isUniqueViolation } from '../../database/errors.js';
import { fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import { forUpdate, runInTransaction } from '../../database/transactions.js';
import { LicenseKey } from '../../license-keys/entities/license-key.entity.js';
import { KeyBatch } from '../../suppliers/entities/key-batch.entity.js';
import { Supplier } from '../../suppliers/entities/supplier.entity.js';
import {
  SupplierDto,
  type CreateSupplierDto,
  type SupplierCounts,
  type UpdateSupplierDto,
} from './dto/supplier.dto.js';

export const SUPPLIER_NOT_FOUND = 'Supplier not found';
export const SUPPLIER_HAS_BATCHES = 'This supplier has key batches and cannot be deleted';
export const duplicateSupplier = (name: string) => `A supplier named ${name} already exists`;

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const SUPPLIER_LIST = {
  sortable: ['name', 'createdAt', 'id'] as const,
  defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
  filters: { id: 'int[]', q: 'string' } as const,
};

const WRITABLE = ['name', 'notes'] as const;

/**
 * The suppliers keys are bought from (#21 §1). Names are unique without regard to case: MariaDB's
 * collation makes the UNIQUE index so, and on SQLite (binary) the check below does, in the transaction that
 * writes (SQLite runs one writer at a time).
 */
@Injectable()
export class SuppliersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** `q`: any part of the name, ignoring case. */
  async list(dto: ListQueryDto): Promise<ListPage<SupplierDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, SUPPLIER_LIST);
    const query = this.db.getRepository(Supplier).createQueryBuilder('s');
    if (filter.id) whereIdIn(query, 's.id', filter.id);
    const q = filter.q?.trim().toLowerCase();
    if (q) query.andWhere(`LOWER(s.name) LIKE :q ${LIKE_ESCAPE}`, { q: `%${escapeLike(q)}%` });
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    const counts = await this.counts(page.rows.map((row) => row.id));
    return { ...page, rows: page.rows.map((row) => SupplierDto.from(row, counts.get(row.id)!)) };
  }

  async get(id: number): Promise<SupplierDto> {
    const supplier = await this.find(this.db.manager, id);
    return SupplierDto.from(supplier, (await this.counts([id])).get(id)!);
  }

  async create(dto: CreateSupplierDto, actor: StaffUserDto): Promise<SupplierDto> {
    const values = { name: dto.name, notes: dto.notes ?? null };
    const saved = await this.unique(values.name, () =>
      runInTransaction(this.db, async (m) => {
        await this.assertNameFree(m, values.name);
        const supplier = await m.save(m.create(Supplier, values));
        await this.audit.record(m, actor, {
          action: 'suppliers.create',
          resource: 'suppliers',
          resourceId: supplier.id,
          after: values,
        });
        return supplier;
      }),
    );
    return this.get(saved.id);
  }

  async update(id: number, dto: UpdateSupplierDto, actor: StaffUserDto): Promise<SupplierDto> {
    const changes: Partial<Pick<Supplier, (typeof WRITABLE)[number]>> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.notes !== undefined) changes.notes = dto.notes;
    if (!Object.keys(changes).length)
      throw new BadRequestException(`Nothing to update: send ${WRITABLE.join(', ')}`);
    await this.unique(changes.name ?? '', () =>
      runInTransaction(this.db, async (m) => {
        const supplier = await this.find(m, id);
        if (changes.name !== undefined) await this.assertNameFree(m, changes.name, id);
        await m.update(Supplier, id, changes);
        await this.audit.record(m, actor, {
          action: 'suppliers.update',
          resource: 'suppliers',
          resourceId: id,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, supplier[k as keyof Supplier]])),
          after: changes,
        });
      }),
    );
    return this.get(id);
  }

  /** Only a supplier without batches: a batch keeps its supplier for as long as its keys are kept. */
  async remove(id: number, actor: StaffUserDto): Promise<SupplierDto> {
    const answer = await this.get(id);
    try {
      await runInTransaction(this.db, async (m) => {
        const supplier = await forUpdate(
          m.createQueryBuilder(Supplier, 's').where('s.id = :id', { id }),
        ).getOne();
        if (!supplier) throw new NotFoundException(SUPPLIER_NOT_FOUND);
        if (await m.existsBy(KeyBatch, { supplierId: id })) throw new ConflictException(SUPPLIER_HAS_BATCHES);
        await m.delete(Supplier, id);
        await this.audit.record(m, actor, {
          action: 'suppliers.delete',
          resource: 'suppliers',
          resourceId: id,
          before: { name: supplier.name, notes: supplier.notes },
        });
      });
    } catch (error) {
      // A batch created meanwhile: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw new ConflictException(SUPPLIER_HAS_BATCHES);
      throw error;
    }
    return answer;
  }

  /** Batches, keys and faulty keys per supplier: two grouped queries over the page's suppliers. */
  private async counts(ids: number[]): Promise<Map<number, SupplierCounts>> {
    const counts = new Map(ids.map((id) => [id, { batches: 0, keys: 0, faultyKeys: 0 }]));
    if (!ids.length) return counts;
    const batches = await this.db
      .createQueryBuilder(KeyBatch, 'b')
      .select('b.supplierId', 'supplierId')
      .addSelect('COUNT(*)', 'n')
      .where('b.supplierId IN (:...ids)', { ids })
      .groupBy('b.supplierId')
      .getRawMany<{ supplierId: number | string; n: number | string }>();
    for (const row of batches) counts.get(Number(row.supplierId))!.batches = Number(row.n);
    const keys = await this.db
      .createQueryBuilder(KeyBatch, 'b')
      .innerJoin(LicenseKey, 'k', 'k.batchId = b.id')
      .select('b.supplierId', 'supplierId')
      .addSelect('COUNT(*)', 'n')
      .addSelect("SUM(CASE WHEN k.status = 'faulty' THEN 1 ELSE 0 END)", 'faulty')
      .where('b.supplierId IN (:...ids)', { ids })
      .groupBy('b.supplierId')
      .getRawMany<{ supplierId: number | string; n: number | string; faulty: number | string | null }>();
    for (const row of keys) {
      const count = counts.get(Number(row.supplierId))!;
      count.keys = Number(row.n);
      count.faultyKeys = Number(row.faulty ?? 0);
    }
    return counts;
  }

  private async assertNameFree(m: EntityManager, name: string, except?: number): Promise<void> {
    const query = m
      .createQueryBuilder(Supplier, 's')
      .where('LOWER(s.name) = :name', { name: name.toLowerCase() });
    if (except !== undefined) query.andWhere('s.id <> :except', { except });
    if (await query.getExists()) throw new ConflictException(duplicateSupplier(name));
  }

  private async find(m: EntityManager, id: number): Promise<Supplier> {
    const supplier = await m.findOneBy(Supplier, { id });
    if (!supplier) throw new NotFoundException(SUPPLIER_NOT_FOUND);
    return supplier;
  }

  /** A concurrent insert of the same name that got past the check is refused by the UNIQUE index: 409. */
  private async unique<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(duplicateSupplier(name));
      throw error;
    }
  }
}

/** A foreign key refused a write (SQLite, MySQL/MariaDB). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string } | null;
  return (
    e?.code === 'ER_ROW_IS_REFERENCED_2' ||
    e?.errno === 1451 ||
    e?.errno === 1452 ||
    /FOREIGN KEY constraint failed/i.test(e?.message ?? '')
  );
}
