import { BadRequestException, NotFoundException, type PipeTransform } from '@nestjs/common';
import { MAX_PAGE_SIZE, type ListQueryDto } from './list-query.js';

/** The largest value of an `int` column, so larger ids are unknown rather than a database error. */
const MAX_INT_ID = 2_147_483_647;

function toIntId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_INT_ID ? id : undefined;
}

/**
 * `:id` of a table with an integer key: anything that cannot be such an id is a 404 with the resource's
 * own message, like an unknown id.
 */
export class IntIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: string) {}

  transform(value: string): number {
    const id = toIntId(value);
    if (id === undefined) throw new NotFoundException(this.notFound);
    return id;
  }
}

/**
 * ra-data-simple-rest's getMany sends `filter={"id":[1,2]}` with the records' own ids, numbers for tables
 * with an integer key, which parseListQuery's `string[]` filters refuse. This takes the `id` filter out
 * (numbers or digit strings) and answers the query without it, for parseListQuery to check the rest. A
 * filter that is not a JSON object is left alone: parseListQuery reports it.
 */
export function takeIntIdFilter(dto: ListQueryDto): { query: ListQueryDto; ids?: number[] } {
  if (!dto.filter) return { query: dto };
  let value: unknown;
  try {
    value = JSON.parse(dto.filter);
  } catch {
    return { query: dto };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, 'id'))
    return { query: dto };
  const { id, ...rest } = value as Record<string, unknown>;
  const query = { ...dto, filter: JSON.stringify(rest) };
  if (id === '' || id === null || id === undefined) return { query };
  const ids = Array.isArray(id) && id.length <= MAX_PAGE_SIZE ? id.map(toIntId) : [undefined];
  if (ids.some((item) => item === undefined))
    throw new BadRequestException(`filter id must be a list of at most ${MAX_PAGE_SIZE} whole-number ids`);
  return { query, ids: ids as number[] };
}
