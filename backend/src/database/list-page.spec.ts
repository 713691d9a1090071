import { DataSource } from 'typeorm';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { COUNT_LOOKAHEAD, fetchPage, sortList, startsWithLowercase } from './list-page.js';

describe('fetchPage', () => {
  const rows = COUNT_LOOKAHEAD + 50;
  let db: DataSource;
  beforeAll(async () => {
    db = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [AuditEntry],
      synchronize: true,
    }).initialize();
    const entries = Array.from({ length: rows }, (_, i) => ({
      actorUsername: 'admin',
      action: i % 2 ? 'orders.update' : 'coupons.create',
      resource: 'orders',
      resourceId: String(i),
    }));
    for (let i = 0; i < entries.length; i += 500) {
      await db
        .createQueryBuilder()
        .insert()
        .into(AuditEntry)
        .values(entries.slice(i, i + 500))
        .updateEntity(false)
        .execute();
    }
  });
  afterAll(() => db.destroy());

  const query = () => sortList(db.getRepository(AuditEntry).createQueryBuilder('a'), 'id', 'ASC');

  it('counts exactly up to COUNT_LOOKAHEAD past the page, and says when the total is a lower bound', async () => {
    const first = await fetchPage(query(), 0, 25);
    expect(first).toMatchObject({ skip: 0, total: COUNT_LOOKAHEAD, capped: true });
    expect(first.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    const later = await fetchPage(query(), 20, 10);
    expect(later).toMatchObject({ total: 20 + COUNT_LOOKAHEAD, capped: true });
    expect(later.rows[0]!.id).toBe(21);

    const near = await fetchPage(query(), 9_000, 25);
    expect(near).toMatchObject({ total: rows, capped: false });
  });

  it('counts a filtered query exactly when it has fewer matches', async () => {
    const updates = query().where('a.action = :action', { action: 'orders.update' });
    expect(await fetchPage(updates, 0, 5)).toMatchObject({ total: rows / 2, capped: false });
    const none = query().where('a.action = :action', { action: 'nothing' });
    expect(await fetchPage(none, 0, 5)).toEqual({ rows: [], skip: 0, total: 0, capped: false });
  });

  it('lets the caller read the page with another plan once it knows the count', async () => {
    const seen: number[] = [];
    const page = await fetchPage(query(), 0, 3, {
      rowsQuery: (matches) => {
        seen.push(matches);
        return sortList(db.getRepository(AuditEntry).createQueryBuilder('a'), 'id', 'DESC');
      },
    });
    expect(seen).toEqual([COUNT_LOOKAHEAD + 1]);
    expect(page.rows.map((r) => r.id)).toEqual([rows, rows - 1, rows - 2]);
  });

  const updates: [string, object] = ['a.action = :action', { action: 'orders.update' }];
  const startsWith1: [string, object] = ['a.resourceId LIKE :prefix', { prefix: '1%' }];

  it('counts each match once when it matches several of the queries', async () => {
    const either = query().where(`(${updates[0]} OR ${startsWith1[0]})`, {
      ...updates[1],
      ...startsWith1[1],
    });
    const expected = await either.getCount();
    const page = await fetchPage(either, 0, 5, {
      countUnionOf: [query().where(...updates), query().where(...startsWith1)],
    });
    // Both queries match thousands of rows, and about half of those starting with 1 are updates.
    expect(expected).toBeLessThan(rows / 2 + 1161);
    expect(page).toMatchObject({ total: expected, capped: false });
    expect(page.rows.map((r) => r.id)).toEqual((await either.take(5).getMany()).map((r) => r.id));
  });

  it('caps the total when one of the queries alone has more matches than the bound', async () => {
    const page = await fetchPage(query(), 0, 5, { countUnionOf: [query(), query().where(...updates)] });
    expect(page).toMatchObject({ total: COUNT_LOOKAHEAD, capped: true });
  });
});

describe('startsWithLowercase', () => {
  it('is the range of values starting with the lower-cased text on SQLite', () => {
    expect(startsWithLowercase('better-sqlite3', 'o.id', 'AbC', 'id')).toEqual([
      '(o.id >= :idFrom AND o.id < :idTo)',
      { idFrom: 'abc', idTo: 'abd' },
    ]);
    expect(startsWithLowercase('better-sqlite3', 'o.e', 'a\u{1F600}', 'e')[1]).toEqual({
      eFrom: 'a\u{1F600}',
      eTo: 'a\u{1F601}',
    });
    expect(startsWithLowercase('better-sqlite3', 'o.e', 'a\u{10FFFF}', 'e')).toEqual(['1 = 0', {}]);
  });

  it("is a LIKE on MySQL and MariaDB, whose collations sort ':' before '9' and '{' before 'z'", () => {
    for (const driver of ['mysql', 'mariadb'])
      expect(startsWithLowercase(driver, 'o.id', 'AB_9', 'id')).toEqual([
        "o.id LIKE :id ESCAPE '!'",
        { id: 'ab!_9%' },
      ]);
  });
});
