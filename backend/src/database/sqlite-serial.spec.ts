import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { QueryFailedError, type DataSource } from 'typeorm';
import { createDataSource, dataSourceOptions } from './data-source-options.js';

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

/**
 * Another process writing to `file`: it holds the write lock with a row added (`other`) until told `go`,
 * then commits 1 s later. Its commit lands after whatever this process reads right after `go`.
 */
async function otherProcessWriting(file: string) {
  const script = [
    `const db = new (require(${JSON.stringify(require.resolve('better-sqlite3'))}))(process.argv[1]);`,
    "db.exec('BEGIN IMMEDIATE');",
    'db.prepare("INSERT INTO items (name) VALUES (\'other\')").run();',
    "process.stdout.write('locked\\n');",
    "process.stdin.once('data', () => setTimeout(() => { db.exec('COMMIT'); db.close(); process.exit(0); }, 1000));",
  ].join('\n');
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the other process ended before it took the lock')));
  });
  return { go: () => child.stdin.end('go\n'), exited };
}

describe('SQLite transactions against another process on the same file', () => {
  let dir: string;
  let file: string;
  let db: DataSource;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-sqlite-serial-'));
    file = join(dir, 'store.sqlite');
    // The app's options: WAL, busy_timeout.
    db = await createDataSource(
      dataSourceOptions({ type: 'sqlite', path: file }, { entities: [], migrations: [] }),
    ).initialize();
    await db.query('CREATE TABLE items (name TEXT PRIMARY KEY)');
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a deferred transaction (TypeORM’s own BEGIN) that reads, then writes, loses to the other writer', async () => {
    const raw = new BetterSqlite3(file);
    try {
      raw.pragma('busy_timeout = 5000');
      const other = await otherProcessWriting(file);
      raw.exec('BEGIN');
      expect(raw.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: 0 });
      const write = () => raw.prepare("INSERT INTO items (name) VALUES ('mine')").run();
      // While the other holds the write lock, at once: a reader's upgrade does not wait out busy_timeout.
      expect(write).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      // Once it has committed, still: this transaction's snapshot is out of date.
      other.go();
      expect(await other.exited).toBe(0);
      expect(write).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }));
      raw.exec('ROLLBACK');
    } finally {
      raw.close();
    }
  });

  it('the app’s transaction takes the write lock at its start: it waits for the other writer, then reads its row', async () => {
    const other = await otherProcessWriting(file);
    other.go();
    const seen = await db.transaction(async (em) => {
      const [{ n }] = (await em.query('SELECT COUNT(*) AS n FROM items')) as { n: number }[];
      await em.query("INSERT INTO items (name) VALUES ('mine')");
      return n;
    });
    expect(seen).toBe(1);
    expect(await other.exited).toBe(0);
    const names = (await db.query('SELECT name FROM items ORDER BY name')) as { name: string }[];
    expect(names.map((r) => r.name)).toEqual(['mine', 'other']);
  });
});
