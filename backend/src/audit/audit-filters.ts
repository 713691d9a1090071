import { BadRequestException } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { startsWithLowercase } from '../database/list-page.js';
import type { AuditEntry } from './entities/audit-entry.entity.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** The audit trail's filters, as the list's `filter` JSON carries them. */
export interface AuditFilter {
  resource?: string;
  resourceId?: string;
  actorUsername?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** `YYYY-MM-DD` as the UTC midnight starting it; a 400 naming the filter otherwise (not 2026-02-30). */
function startOfDay(name: string, text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!DAY.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw new BadRequestException(`filter ${name} must be a day such as 2026-10-01`);
  return date;
}

/**
 * Applies the filters, each an equality or range on the leading column of an index `(column, createdAt,
 * id)`, so a page newest first is read in index order. `action` ending in `.` (`orders.`) is a prefix: every
 * action on that resource; otherwise exact. `from` and `to` are days (UTC), both included.
 */
export function applyAuditFilter(query: SelectQueryBuilder<AuditEntry>, driver: string, filter: AuditFilter) {
  const a = query.alias;
  if (filter.resource) query.andWhere(`${a}.resource = :resource`, { resource: filter.resource });
  if (filter.resourceId) query.andWhere(`${a}.resourceId = :resourceId`, { resourceId: filter.resourceId });
  if (filter.actorUsername)
    query.andWhere(`${a}.actorUsername = :actorUsername`, { actorUsername: filter.actorUsername.trim() });
  const action = filter.action?.trim();
  // Actions are written in lower case (`orders.update`): a prefix is a range of the index on every driver.
  if (action?.endsWith('.')) query.andWhere(...startsWithLowercase(driver, `${a}.action`, action, 'action'));
  else if (action) query.andWhere(`${a}.action = :action`, { action });
  const from = filter.from ? startOfDay('from', filter.from) : undefined;
  const to = filter.to ? new Date(startOfDay('to', filter.to).getTime() + MS_PER_DAY) : undefined;
  if (from && to && to <= from) throw new BadRequestException('filter to must not be before from');
  if (from) query.andWhere(`${a}.createdAt >= :from`, { from });
  if (to) query.andWhere(`${a}.createdAt < :to`, { to });
  return query;
}
