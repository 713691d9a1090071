import type { ObjectLiteral, SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { isMysqlFamily } from './errors.js';
import { escapeLike, LIKE_ESCAPE, type ListPage } from '../common/list-query.js';
import { CURRENCIES } from '../common/money.js';

/**
 * How far past the requested page a list counts its matches. Counting every match of a million-row table
 * on each page costs a scan of an index (hundreds of milliseconds on MySQL); counting at most this many
 * costs the same at ten thousand rows and at ten million.
 */
export const COUNT_LOOKAHEAD = 10_000;

export interface FetchPageOptions<E extends ObjectLiteral> {
  /**
   * Sees the count first and may answer another query (the same rows, planned differently) to read the
   * page with.
   */
  rowsQuery?: (matches: number) => SelectQueryBuilder<E> | undefined;
  /**
   * Queries whose union is exactly the matches of `query`, each served by one index (an OR of prefix
   * searches, split). They are counted separately, each up to the bound, and their ids merged: the
   * database never reads more than the bound from any index, where an OR over several indexes (MySQL's
   * index merge) reads every match of each before counting.
   */
  countUnionOf?: SelectQueryBuilder<E>[];
  /** How far past the page to count; COUNT_LOOKAHEAD unless said. */
  lookahead?: number;
}

/**
 * Runs a filtered, sorted list query for one page, and counts its matches up to COUNT_LOOKAHEAD (or
 * `lookahead`) rows past the page's start. Past that, `total` is that bound and `capped` is true: a paginator
 * shows "10,000+" and going further keeps moving the bound forward, so no page is out of reach.
 */
export async function fetchPage<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  skip: number,
  take: number,
  { rowsQuery, countUnionOf, lookahead = COUNT_LOOKAHEAD }: FetchPageOptions<E> = {},
): Promise<ListPage<E>> {
  const bound = skip + lookahead;
  const upToBound = (q: SelectQueryBuilder<E>, column: string) =>
    q
      .clone()
      .orderBy()
      .select(column, 'hit')
      .offset(undefined)
      .limit(bound + 1);
  // Parameters of the same name hold the same value in every branch (they share the list's filters).
  const branches = countUnionOf?.length ? countUnionOf.map((q) => upToBound(q, `${q.alias}.id`)) : [];
  const matches = branches.length
    ? {
        sql: branches.map((b, i) => `SELECT hit FROM (${b.getQuery()}) branch${i}`).join(' UNION '),
        parameters: Object.assign({}, ...branches.map((b) => b.getParameters())) as ObjectLiteral,
      }
    : (() => {
        const q = upToBound(query, '1');
        return { sql: q.getQuery(), parameters: q.getParameters() };
      })();
  const count = query.connection
    .createQueryBuilder()
    .select('COUNT(*)', 'n')
    .from(`(${matches.sql})`, 'matches')
    .setParameters(matches.parameters)
    .getRawOne<{ n: number | string }>()
    .then((row) => Number(row?.n ?? 0));
  const read = (q: SelectQueryBuilder<E>) => q.clone().offset(skip).limit(take).getMany();
  const [rows, total] = rowsQuery
    ? await count.then(async (n) => [await read(rowsQuery(n) ?? query), n] as const)
    : await Promise.all([read(query), count]);
  return total > bound ? { rows, skip, total: bound, capped: true } : { rows, skip, total, capped: false };
}

/**
 * Orders a list by the chosen column, then by createdAt and id in the same direction: a total order, so
 * pages never overlap, which the indexes `(column, createdAt, id)` serve without sorting.
 */
export function sortList<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  column: string,
  order: 'ASC' | 'DESC',
  /** An expression the rows are grouped by first, ascending (amounts: their currency's rank). */
  groupedBy?: string,
): SelectQueryBuilder<E> {
  const alias = query.alias;
  if (groupedBy) query.orderBy(groupedBy, 'ASC').addOrderBy(`${alias}.${column}`, order);
  else query.orderBy(`${alias}.${column}`, order);
  if (column !== 'createdAt' && column !== 'id') query.addOrderBy(`${alias}.createdAt`, order);
  return column === 'id' ? query : query.addOrderBy(`${alias}.id`, order);
}

/** `filter={"id":[…]}` (react-admin's getMany): those records; an empty list matches nothing. */
export function whereIdIn(
  query: WhereExpressionBuilder,
  column: string,
  ids: readonly (string | number)[],
): void {
  if (ids.length) query.andWhere(`${column} IN (:...ids)`, { ids });
  else query.andWhere('1 = 0');
}

/**
 * Case-insensitive prefix match on a text column whose index can serve it: MySQL/MariaDB through the
 * column's case-insensitive collation, SQLite through an index declared `COLLATE NOCASE` (see the
 * admin-list-indexes migration). `param` names the bound value, unique within the query.
 */
export function startsWithText(column: string, text: string, param: string): [string, ObjectLiteral] {
  return [`${column} LIKE :${param} ${LIKE_ESCAPE}`, { [param]: `${escapeLike(text)}%` }];
}

/**
 * Prefix match on a column whose values are stored in lower case (order and key ids, customer e-mails,
 * recipients), served by any index on the column. On SQLite, a range `[prefix, next)` (its LIKE cannot use
 * an index of the default binary collation). On MySQL/MariaDB, a LIKE: their collations sort punctuation
 * before digits and letters, so `[…9, …:)` would hold nothing there. `driver` is the DataSource's type.
 */
export function startsWithLowercase(
  driver: string,
  column: string,
  text: string,
  param: string,
): [string, ObjectLiteral] {
  if (isMysqlFamily(driver)) return startsWithText(column, text.toLowerCase(), param);
  const from = text.toLowerCase();
  const chars = [...from];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  // No stored id or e-mail ends in the last code point, and it has no successor.
  if (last >= 0x10ffff) return ['1 = 0', {}];
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1; // surrogates are not characters
  const to = chars.join('') + String.fromCodePoint(next);
  return [
    `(${column} >= :${param}From AND ${column} < :${param}To)`,
    { [`${param}From`]: from, [`${param}To`]: to },
  ];
}

/**
 * A currency column's rank in the store's one order of currencies (CURRENCIES, as compareCurrencies):
 * amounts in several currencies are not comparable as numbers, so a list sorted by an amount groups its
 * rows by currency first. The codes are the store's constants, never a request's text.
 */
export function currencyRank(column: string): string {
  return `CASE ${column} ${CURRENCIES.map((code, rank) => `WHEN '${code}' THEN ${rank}`).join(' ')} ELSE ${CURRENCIES.length} END`;
}
