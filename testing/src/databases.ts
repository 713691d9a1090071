import { constants, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import mysql from 'mysql2/promise';

/**
 * Scratch databases for tests, at the driver level (no app code): an empty one, a copy of a template, and
 * their removal. Running the store's migrations takes 10–17 s on MariaDB (0.3–0.6 s on SQLite) and the API
 * suites start a test app about 90 times, so a run migrates one template and gives each app a copy of it:
 * 0.4–2 s to clone on MariaDB, a file copy on SQLite.
 *
 * URLs are the store's DATABASE_URL forms: `sqlite:<file>`, or `mariadb://…/<name>` / `mysql://…/<name>`.
 * SQLite files live in a folder of their own under /dev/shm (memory) when the machine has it, else the
 * temporary folder, so dropping one removes its -wal, -shm and .lock companions with it.
 */
export interface ScratchDatabase {
  /** A DATABASE_URL for it. */
  url: string;
  /** Removes it (and, for SQLite, its companion files). */
  drop: () => Promise<void>;
}

const SQLITE_FOLDER_PREFIX = 'store-db-';
let counter = 0;

export function isSqliteUrl(url: string): boolean {
  return url.startsWith('sqlite:');
}

/**
 * A new empty database: for SQLite (`like` any sqlite: URL) a file not yet created; for MariaDB/MySQL a
 * database on `like`'s server, named `name` or after `like`'s database, this process and a counter.
 */
export async function emptyDatabase(like: string, name?: string): Promise<ScratchDatabase> {
  if (isSqliteUrl(like)) return scratchSqlite();
  const server = new URL(like);
  const database = name ?? scratchName(server);
  await onServer(server, async (conn) => {
    await conn.query(`DROP DATABASE IF EXISTS ${id(database)}`);
    await conn.query(`CREATE DATABASE ${id(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  });
  return mysqlScratch(server, database);
}

/**
 * A copy of `template`, which no one is writing meanwhile: for SQLite a copy of its file (and of its WAL,
 * if it was not checkpointed); for MariaDB/MySQL a new database on its server (named as emptyDatabase
 * names one), with the template's character set and collation, each of its tables (SHOW CREATE TABLE,
 * then its rows) and views, on one connection with foreign key checks off.
 */
export async function cloneDatabase(template: string, name?: string): Promise<ScratchDatabase> {
  if (isSqliteUrl(template)) {
    const source = sqlitePath(template);
    const copy = scratchSqlite();
    const target = sqlitePath(copy.url);
    copyFileSync(source, target, constants.COPYFILE_FICLONE);
    if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${target}-wal`);
    return copy;
  }
  const server = new URL(template);
  const from = databaseName(server);
  const to = name ?? scratchName(server);
  await onServer(server, async (conn) => {
    const [[schema]] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS charset, DEFAULT_COLLATION_NAME AS collation ' +
        'FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [from],
    );
    if (!schema) throw new Error(`No database ${from} to clone`);
    await conn.query(`DROP DATABASE IF EXISTS ${id(to)}`);
    await conn.query(`CREATE DATABASE ${id(to)} CHARACTER SET ${schema.charset} COLLATE ${schema.collation}`);
    await conn.query(`USE ${id(to)}`);
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    const [tables] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ' +
        'ORDER BY TABLE_NAME',
      [from],
    );
    // Generated columns take no value: rows are copied column by column, without them.
    const [columns] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name FROM information_schema.COLUMNS ' +
        "WHERE TABLE_SCHEMA = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY TABLE_NAME, ORDINAL_POSITION",
      [from],
    );
    for (const { name: table } of tables.filter((t) => t.type === 'BASE TABLE')) {
      const [[created]] = await conn.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TABLE ${id(from)}.${id(table)}`,
      );
      await conn.query(created['Create Table']);
      const list = columns
        .filter((column) => column.tableName === table)
        .map((column) => id(column.name))
        .join(', ');
      await conn.query(`INSERT INTO ${id(table)} (${list}) SELECT ${list} FROM ${id(from)}.${id(table)}`);
    }
    // A view's definition names the template's tables: it is made to name the copy's. A view that reads
    // another view waits for it (another round).
    let views = tables.filter((t) => t.type === 'VIEW').map((t) => t.name as string);
    while (views.length) {
      const failed: string[] = [];
      let lastError: unknown;
      for (const view of views) {
        const [[created]] = await conn.query<mysql.RowDataPacket[]>(
          `SHOW CREATE VIEW ${id(from)}.${id(view)}`,
        );
        const sql = (created['Create View'] as string).replaceAll(`${id(from)}.`, `${id(to)}.`);
        try {
          await conn.query(sql);
        } catch (error) {
          failed.push(view);
          lastError = error;
        }
      }
      if (failed.length === views.length) throw lastError;
      views = failed;
    }
  });
  return mysqlScratch(server, to);
}

/** Removes the database at `url` (see ScratchDatabase.drop), if it is there. */
export async function dropDatabase(url: string): Promise<void> {
  if (isSqliteUrl(url)) {
    const file = sqlitePath(url);
    for (const suffix of ['', '-wal', '-shm', '-journal', '.lock'])
      rmSync(`${file}${suffix}`, { force: true });
    if (basename(dirname(file)).startsWith(SQLITE_FOLDER_PREFIX))
      rmSync(dirname(file), { recursive: true, force: true });
    return;
  }
  const server = new URL(url);
  await onServer(server, (conn) => conn.query(`DROP DATABASE IF EXISTS ${id(databaseName(server))}`));
}

function scratchSqlite(): ScratchDatabase {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const url = `sqlite:${join(mkdtempSync(join(base, SQLITE_FOLDER_PREFIX)), 'store.sqlite')}`;
  return { url, drop: () => dropDatabase(url) };
}

function sqlitePath(url: string): string {
  const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (!path || path === ':memory:') throw new Error(`${url} is not a SQLite file`);
  return path;
}

function mysqlScratch(server: URL, database: string): ScratchDatabase {
  const url = new URL(server);
  url.pathname = `/${encodeURIComponent(database)}`;
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

function databaseName(url: URL): string {
  return decodeURIComponent(url.pathname.replace(/^\//, ''));
}

/** `<database>_p<pid>_<n>`: processes and runs on one server never meet. */
function scratchName(server: URL): string {
  return `${databaseName(server) || 'store_test'}_p${process.pid}_${counter++}`;
}

function id(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

async function onServer<T>(url: URL, work: (conn: mysql.Connection) => Promise<T>): Promise<T> {
  const conn = await mysql.createConnection({
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
  try {
    return await work(conn);
  } finally {
    await conn.end();
  }
}
