import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The most rows one list request may return. */
export const MAX_PAGE_SIZE = 500;

/** Query string of a list in ra-data-simple-rest's dialect; each value is JSON. */
export class ListQueryDto {
  @ApiPropertyOptional({
    description: 'JSON ["field","ASC|DESC"]',
    example: '["createdAt","DESC"]',
    maxLength: 200,
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  sort?: string;

  @ApiPropertyOptional({
    description: `JSON [start,end], inclusive, at most ${MAX_PAGE_SIZE} rows`,
    example: '[0,24]',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  range?: string;

  @ApiPropertyOptional({ description: 'JSON object of filters', example: '{"q":"jane"}', maxLength: 4000 })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  filter?: string;
}

/**
 * `int` and `int[]` are ids of tables with an integer key: react-admin sends a selected record's id as it is,
 * a number, and getMany sends `{"id":[1,2]}`; digit strings are taken too.
 */
export type FilterKind = 'string' | 'boolean' | 'string[]' | 'int' | 'int[]';

export interface ListSpec<S extends string, F extends Record<string, FilterKind>> {
  sortable: readonly S[];
  defaultSort: [S, 'ASC' | 'DESC'];
  filters: F;
}

type FilterValue<K extends FilterKind> = K extends 'string'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'int'
      ? number
      : K extends 'int[]'
        ? number[]
        : string[];

export interface ListQuery<S extends string, F extends Record<string, FilterKind>> {
  sort: { field: S; order: 'ASC' | 'DESC' };
  skip: number;
  take: number;
  filter: { [K in keyof F]?: FilterValue<F[K]> };
}

/** Parses and checks a list query; every problem is a 400 naming the parameter. */
export function parseListQuery<S extends string, F extends Record<string, FilterKind>>(
  dto: ListQueryDto,
  spec: ListSpec<S, F>,
): ListQuery<S, F> {
  const sort = parseSort(dto.sort, spec);
  const [skip, take] = parseRange(dto.range);
  const filter = parseFilter(dto.filter, spec.filters);
  return { sort, skip, take, filter };
}

/** One page of a list and its total; `capped` when the total is a lower bound (more matches exist). */
export interface ListPage<T> {
  rows: T[];
  skip: number;
  total: number;
  capped: boolean;
}

/** `orders 0-24/1234`, as ra-data-simple-rest reads it. */
export function contentRange(resource: string, skip: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${skip}-${skip + count - 1}/${total}`;
}

function parseJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`${name} must be valid JSON`);
  }
}

function parseSort<S extends string>(raw: string | undefined, spec: ListSpec<S, Record<string, FilterKind>>) {
  if (!raw) return { field: spec.defaultSort[0], order: spec.defaultSort[1] };
  const value = parseJson(raw, 'sort');
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') {
    throw new BadRequestException('sort must be ["field","ASC|DESC"]');
  }
  const [field, order] = value as [string, unknown];
  if (!(spec.sortable as readonly string[]).includes(field)) {
    throw new BadRequestException(`sort field must be one of ${spec.sortable.join(', ')}`);
  }
  const direction = typeof order === 'string' ? order.toUpperCase() : '';
  if (direction !== 'ASC' && direction !== 'DESC')
    throw new BadRequestException('sort order must be ASC or DESC');
  return { field: field as S, order: direction as 'ASC' | 'DESC' };
}

function parseRange(raw: string | undefined): [number, number] {
  if (!raw) return [0, 25];
  const value = parseJson(raw, 'range');
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    value[1] < value[0]
  ) {
    throw new BadRequestException('range must be [start,end] with 0 <= start <= end');
  }
  const [start, end] = value as [number, number];
  const take = end - start + 1;
  if (take > MAX_PAGE_SIZE) throw new BadRequestException(`range may cover at most ${MAX_PAGE_SIZE} rows`);
  return [start, take];
}

function parseFilter<F extends Record<string, FilterKind>>(raw: string | undefined, kinds: F) {
  if (!raw) return {};
  const value = parseJson(raw, 'filter');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestException('filter must be a JSON object');
  }
  const filter: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined;
    if (!kind) throw new BadRequestException(`filter ${key} is not supported`);
    if (item === '' || item === null || item === undefined) continue;
    if (kind === 'string' && typeof item === 'string' && item.length <= 200) filter[key] = item;
    else if (kind === 'boolean' && typeof item === 'boolean') filter[key] = item;
    else if (kind === 'string[]' && isStringList(item)) filter[key] = item;
    else if (kind === 'int' && toIntId(item) !== undefined) filter[key] = toIntId(item);
    else if (kind === 'int[]' && isIntIdList(item)) filter[key] = item.map(toIntId);
    else throw new BadRequestException(`filter ${key} must be ${describeKind(kind)}`);
  }
  return filter as ListQuery<string, F>['filter'];
}

function isStringList(item: unknown): item is string[] {
  return Array.isArray(item) && item.length <= MAX_PAGE_SIZE && item.every((v) => typeof v === 'string');
}

function isIntIdList(item: unknown): item is unknown[] {
  return Array.isArray(item) && item.length <= MAX_PAGE_SIZE && item.every((v) => toIntId(v) !== undefined);
}

function describeKind(kind: FilterKind): string {
  if (kind === 'string') return 'a string of at most 200 characters';
  if (kind === 'boolean') return 'true or false';
  if (kind === 'int') return 'a whole-number id';
  if (kind === 'int[]') return `a list of at most ${MAX_PAGE_SIZE} whole-number ids`;
  return `a list of at most ${MAX_PAGE_SIZE} strings`;
}

/** The largest value of an `int` column, so larger ids are unknown rather than a database error. */
const MAX_INT_ID = 2_147_483_647;

/** A whole-number id (a number or its digits), or undefined when `value` cannot be one. */
export function toIntId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_INT_ID ? id : undefined;
}

/**
 * The escape clause for LIKE patterns built with escapeLike. `!` rather than a backslash: a backslash is
 * itself an escape inside MySQL string literals, so `ESCAPE '\'` is a syntax error there.
 */
export const LIKE_ESCAPE = "ESCAPE '!'";

/** Escapes LIKE wildcards so user text is matched literally (used with LIKE_ESCAPE). */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (ch) => `!${ch}`);
}
