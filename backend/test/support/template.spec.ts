// The test apps start from copies of one migrated template (global-setup.ts, test-app.ts): a copy must be
// the template exactly (schema and rows), and apart from it.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { cloneDatabase, dropDatabase, isSqliteUrl, type ScratchDatabase } from '@store/testing';
import { Product } from '../../src/catalog/entities/product.entity.js';
import { MIGRATIONS } from '../../src/schema/entities.js';
import { TEMPLATE_VARIABLE } from './global-setup.js';
import { migratedTemplate } from './template.js';
import { DRIVER, MYSQL_URL, startTestApp } from './test-app.js';

function connect(url: string): Promise<mysql.Connection> {
  const parsed = new URL(url);
  return mysql.createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
  });
}

/** Every table's definition and rows, in a stable order. */
async function dump(url: string): Promise<Record<string, { definition: string; rows: unknown[] }>> {
  const tables: Record<string, { definition: string; rows: unknown[] }> = {};
  if (isSqliteUrl(url)) {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      const objects = db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { type: string; name: string; sql: string }[];
      for (const { type, name, sql } of objects)
        tables[name] = {
          definition: sql,
          rows: type === 'table' ? db.prepare(`SELECT * FROM "${name}"`).all() : [],
        };
    } finally {
      db.close();
    }
    return tables;
  }
  const conn = await connect(url);
  try {
    const [names] = await conn.query<mysql.RowDataPacket[]>('SHOW FULL TABLES');
    for (const row of names) {
      const [name, type] = Object.values(row) as [string, string];
      const [[created]] = await conn.query<mysql.RowDataPacket[]>(
        type === 'VIEW' ? `SHOW CREATE VIEW \`${name}\`` : `SHOW CREATE TABLE \`${name}\``,
      );
      const [rows] =
        type === 'VIEW'
          ? [[]]
          : await conn.query<mysql.RowDataPacket[]>(`SELECT * FROM \`${name}\` ORDER BY 1`);
      tables[name] = { definition: String(created!['Create Table'] ?? created!['Create View']), rows };
    }
    const [[schema]] = await conn.query<mysql.RowDataPacket[]>(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS charset, DEFAULT_COLLATION_NAME AS collation ' +
        'FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()',
    );
    tables['(database)'] = { definition: `${schema!.charset} ${schema!.collation}`, rows: [] };
  } finally {
    await conn.end();
  }
  return tables;
}

describe(`the migrated template and its copies (${DRIVER})`, () => {
  let template: string;
  let own: ScratchDatabase | undefined;
  let copy: ScratchDatabase;

  beforeAll(async () => {
    // The run's, or (this file run without the global setup) one of its own.
    template = process.env[TEMPLATE_VARIABLE] ?? (own = await migratedTemplate(MYSQL_URL)).url;
    copy = await cloneDatabase(template);
  }, 180_000);
  afterAll(async () => {
    await own?.drop();
  });

  it('is migrated to this version', async () => {
    const { migrations } = await dump(template);
    expect(migrations!.rows.map((row) => (row as { name: string }).name)).toEqual(
      MIGRATIONS.map((m) => m.name),
    );
  });

  it('gives a test app a copy it starts on without migrating, and seeds', async () => {
    const t = await startTestApp();
    try {
      // Row for row (TypeORM's MySQL driver reads the BIGINT timestamp as a string).
      const rows = (list: unknown[]) =>
        (list as { id: unknown; timestamp: unknown; name: string }[]).map((row) => [
          Number(row.id),
          String(row.timestamp),
          row.name,
        ]);
      const copied = rows(await t.db.query('SELECT * FROM migrations ORDER BY id'));
      expect(copied).toHaveLength(MIGRATIONS.length);
      expect(copied).toEqual(rows((await dump(template)).migrations!.rows));
      expect(await t.db.showMigrations()).toBe(false);
      expect(await t.db.getRepository(Product).count()).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('is copied exactly: every table, index and key, and every row', async () => {
    const [original, copied] = await Promise.all([dump(template), dump(copy.url)]);
    expect(Object.keys(original).length).toBeGreaterThan(20);
    expect(copied).toEqual(original);
  });

  it('is copied apart: a write to the copy leaves the template alone, and the copy is dropped whole', async () => {
    const before = await dump(template);
    if (isSqliteUrl(copy.url)) {
      const db = new Database(copy.url.slice('sqlite:'.length));
      db.prepare("UPDATE migrations SET name = 'changed' WHERE id = 1").run();
      db.close();
    } else {
      const conn = await connect(copy.url);
      await conn.query("UPDATE migrations SET name = 'changed' WHERE id = 1");
      await conn.end();
    }
    expect((await dump(copy.url)).migrations!.rows).not.toEqual(before.migrations!.rows);
    expect(await dump(template)).toEqual(before);

    await copy.drop();
    if (isSqliteUrl(copy.url)) expect(existsSync(copy.url.slice('sqlite:'.length))).toBe(false);
    else await expect(dump(copy.url)).rejects.toThrow(/Unknown database/);
    // Dropping again is harmless.
    await expect(dropDatabase(copy.url)).resolves.toBeUndefined();
  });
});
