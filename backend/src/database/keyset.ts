import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Reads every row of a sorted query, `pageSize` at a time: each page starts after the last row of the one
 * before (keyset pagination on the query's sort columns, which sortList ends with createdAt and id, so the
 * order is total), never by OFFSET. Memory holds one page, and each page costs the same at row 10 and at row
 * 1,000,000: the database seeks in the sort order's index. Rows added or changed while it reads are seen or
 * not, as they fall before or after the point reached; none is read twice.
 */
export async function* keysetPages<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  pageSize: number,
): AsyncGenerator<E[]> {
  const orderBys = Object.entries(query.expressionMap.orderBys);
  const order = orderBys.map(([column, direction]) => ({
    column,
    // `o.createdAt` → the entity's property createdAt.
    property: column.slice(column.indexOf('.') + 1),
    descending: (typeof direction === 'string' ? direction : direction.order) === 'DESC',
  }));
  if (!order.length || order.some((o) => o.descending !== order[0]!.descending))
    throw new Error('keysetPages needs a query sorted in one direction');
  const op = order[0]!.descending ? '<' : '>';
  let last: E | undefined;
  for (;;) {
    const page = query.clone().limit(pageSize);
    if (last) {
      const after = last;
      const params = Object.fromEntries(order.map((o, i) => [`keyset${i}`, after[o.property] as unknown]));
      // (a, b, c) after (x, y, z), spelt out so every database serves it from the index on (a, b, c):
      // a <= x AND (a < x OR (a = x AND (b < y OR (b = y AND c < z)))) for a descending sort.
      const tail = order
        .map((o, i) => `${o.column} ${op} :keyset${i}`)
        .reduceRight((inner, strict, i) => `(${strict} OR (${order[i]!.column} = :keyset${i} AND ${inner}))`);
      page.andWhere(`${order[0]!.column} ${op}= :keyset0 AND ${tail}`, params);
    }
    const rows = await page.getMany();
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}
