import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { fetchPage, sortList } from '../database/list-page.js';
import { parseListQuery, type ListQueryDto, type ListPage } from '../common/list-query.js';
import { AuditEntry } from './entities/audit-entry.entity.js';
import { applyAuditFilter } from './audit-filters.js';

/** Who made the change: a staff member, or (a failed sign-in) only the username that was tried. */
export interface AuditActor {
  id: number | null;
  username: string;
}

export interface AuditRecord {
  action: string;
  resource: string;
  resourceId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const AUDIT_LIST = {
  sortable: ['createdAt'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: {
    resource: 'string',
    resourceId: 'string',
    actorUsername: 'string',
    action: 'string',
    from: 'string',
    to: 'string',
  } as const,
};

/** Writes the audit trail inside the transaction of the change it records, and lists it for admins. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(dto: ListQueryDto): Promise<ListPage<AuditEntry>> {
    const { sort, skip, take, filter } = parseListQuery(dto, AUDIT_LIST);
    const query = this.db.getRepository(AuditEntry).createQueryBuilder('a');
    applyAuditFilter(query, this.db.options.type, filter);
    return fetchPage(sortList(query, sort.field, sort.order), skip, take);
  }

  async record(m: EntityManager, actor: AuditActor, entry: AuditRecord): Promise<void> {
    await m.save(AuditEntry, {
      actorId: actor.id,
      actorUsername: actor.username,
      action: entry.action,
      resource: entry.resource,
      resourceId:
        entry.resourceId === null || entry.resourceId === undefined ? null : String(entry.resourceId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }
}
