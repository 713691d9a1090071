import { BadRequestException } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { keysetPages } from '../../database/keyset.js';
import type { CsvRow } from '../../common/csv-file.js';

/*
 * What the back office's CSV exports share (#21 §5): the days they cover, their file names, how they write
 * times (amounts: csvAmount), and how they read their rows (a page at a time, by keyset, so a million rows never sit
 * in memory).
 */

/** Rows read per query: one page in memory at a time. */
export const EXPORT_PAGE_SIZE = 1000;

/** The creation days an export covers: at or after `from`, before `to` (UTC); either may be open. */
export interface DayRange {
  from?: Date;
  to?: Date;
  /** `2026-10-01-to-2026-10-31`, `from-2026-10-01`, `to-2026-10-31` or `all`: the file name says it. */
  label: string;
}

/** `from` and `to` (days, both included, UTC, each optional); a day that does not exist, or to before from, is a 400. */
export function dayRange(from: string | undefined, to: string | undefined): DayRange {
  const start = from === undefined ? undefined : day(from, 'from');
  const end = to === undefined ? undefined : day(to, 'to');
  if (start && end && end < start) throw new BadRequestException('to must not be before from');
  const label = from && to ? `${from}-to-${to}` : from ? `from-${from}` : to ? `to-${to}` : 'all';
  return { from: start, to: end && new Date(end.getTime() + 24 * 60 * 60 * 1000), label };
}

function day(value: string, name: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  // 2026-02-30 parses as a date in some engines and not in others: it must read back as itself.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new BadRequestException(`${name} must be a day such as 2026-10-01`);
  return date;
}

/** Keeps the rows whose `column` (a creation time) falls in `range`. */
export function whereCreatedIn<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  column: string,
  range: DayRange,
): SelectQueryBuilder<E> {
  if (range.from) query.andWhere(`${column} >= :exportFrom`, { exportFrom: range.from });
  if (range.to) query.andWhere(`${column} < :exportTo`, { exportTo: range.to });
  return query;
}

/** What a filter's key is called in a file name: the search term is a search. */
const FILTER_WORDS: Record<string, string> = { q: 'search' };
/** A value's longest part of a file name. */
const FILTER_VALUE_MAX = 40;

/** Letters and digits only, lower-case, runs of anything else one hyphen: safe in any file name. */
const slug = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, FILTER_VALUE_MAX)
    .replace(/-+$/, '');

/**
 * A list's filter as words of a file name (#34), its keys in alphabetical order (whatever order the
 * request sent them in): `status-completed`,
 * `search-jane`, `refundDue-true`; a list of several values by their number (`3-ids`).
 */
export function filterLabel(filter: Readonly<Record<string, unknown>>): string {
  const words: string[] = [];
  for (const key of Object.keys(filter).sort()) {
    const value = filter[key];
    if (value === undefined || value === null) continue;
    const name = FILTER_WORDS[key] ?? key;
    if (Array.isArray(value) && value.length !== 1) {
      if (value.length) words.push(`${value.length}-${name}s`);
      continue;
    }
    const text = slug(String(Array.isArray(value) ? value[0] : value));
    if (text) words.push(`${name}-${text}`);
  }
  return words.join('-');
}

/**
 * An export's file name, after what it holds: the resource, its filter (filterLabel) and its days
 * (`orders-status-completed-2026-10-01-to-2026-10-31.csv`); `orders-all.csv` only when it holds them all.
 */
export function exportFileName(
  resource: string,
  range: DayRange,
  filter: Readonly<Record<string, unknown>> = {},
): string {
  const words = filterLabel(filter);
  if (!words) return `${resource}-${range.label}.csv`;
  return `${resource}-${words}${range.label === 'all' ? '' : `-${range.label}`}.csv`;
}

/** A time in ISO 8601, UTC (`2026-10-01T08:00:00.000Z`), or empty. */
export const isoTime = (date: Date | null | undefined): string => date?.toISOString() ?? '';

/**
 * The rows of a sorted list query, read by keyset a page at a time and turned into CSV rows by `toRows`
 * (which may look up what a page needs in one query: never one per row).
 */
export async function* exportRows<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  toRows: (page: E[]) => CsvRow[] | Promise<CsvRow[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<CsvRow> {
  for await (const page of keysetPages(query, pageSize)) yield* await toRows(page);
}
