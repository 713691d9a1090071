import { QueryFailedError, type DataSource } from 'typeorm';
import { createDataSource } from './data-source-options.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('serialised SQLite access', () => {
  let db: DataSource;

  beforeEach(async () => {
    db = await createDataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await db.query('CREATE TABLE items (name TEXT PRIMARY KEY)');
  });
  afterEach(() => db.destroy());

  const names = async () =>
    ((await db.query('SELECT name FROM items ORDER BY name')) as { name: string }[]).map((r) => r.name);

  it('runs concurrent transactions one after another, so a rollback undoes only its own writes', async () => {
    const order: string[] = [];
    const failing = db.transaction(async (em) => {
      order.push('a:start');
      await em.query("INSERT INTO items (name) VALUES ('a')");
      await tick();
      order.push('a:end');
      throw new Error('a fails');
    });
    const succeeding = db.transaction(async (em) => {
      order.push('b:start');
      await em.query("INSERT INTO items (name) VALUES ('b')");
      await tick();
      order.push('b:end');
      return 'b done';
    });
    await expect(failing).rejects.toThrow('a fails');
    await expect(succeeding).resolves.toBe('b done');
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
    expect(await names()).toEqual(['b']);
  });

  it('keeps a statement from outside an open transaction out of it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const failing = db.transaction(async (em) => {
      await em.query("INSERT INTO items (name) VALUES ('tx')");
      inside();
      await tick();
      await tick();
      throw new Error('rolled back');
    });
    await opened;
    // Issued while the transaction is open: it must wait, not join it and vanish with its rollback.
    const outside = db.query("INSERT INTO items (name) VALUES ('outside')");
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await names()).toEqual(['outside']);
  });

  it('allows nested transactions inside the running one', async () => {
    await db.transaction(async (em) => {
      await em.query("INSERT INTO items (name) VALUES ('outer')");
      await em.transaction((inner) => inner.query("INSERT INTO items (name) VALUES ('inner')"));
    });
    expect(await names()).toEqual(['inner', 'outer']);
  });

  it('keeps serving after a transaction fails in the database', async () => {
    await db.query("INSERT INTO items (name) VALUES ('x')");
    await expect(
      db.transaction((em) => em.query("INSERT INTO items (name) VALUES ('x')")),
    ).rejects.toBeInstanceOf(QueryFailedError);
    await db.transaction((em) => em.query("INSERT INTO items (name) VALUES ('y')"));
    expect(await names()).toEqual(['x', 'y']);
  });
});
