import { BadRequestException } from '@nestjs/common';
import type { ListQueryDto } from '../../common/list-query.js';

/**
 * Takes integer-id filters (`supplierId`, `batchId`) out of a list query: react-admin sends a selected
 * record's id as it is, a number, which parseListQuery's string filters refuse. Answers the query without
 * them, for parseListQuery to check the rest. A filter that is not a JSON object is left for it to report.
 */
export function takeIntFilters<K extends string>(
  dto: { filter?: string } & ListQueryDto,
  names: readonly K[],
): { query: ListQueryDto; values: Partial<Record<K, number>> } {
  const values: Partial<Record<K, number>> = {};
  if (!dto.filter) return { query: dto, values };
  let parsed: unknown;
  try {
    parsed = JSON.parse(dto.filter);
  } catch {
    return { query: dto, values };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { query: dto, values };
  const rest = { ...(parsed as Record<string, unknown>) };
  for (const name of names) {
    const value = rest[name];
    delete rest[name];
    if (value === '' || value === null || value === undefined) continue;
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647)
      throw new BadRequestException(`filter ${name} must be a whole-number id`);
    values[name] = Number(text);
  }
  return { query: { ...dto, filter: JSON.stringify(rest) }, values };
}
