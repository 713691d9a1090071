import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import type { DatabaseConfig } from '../src/config/app-config.js';
import { backupDatabase, BackupError, restoreDatabase } from '../src/database/backup.js';
import { createDataSource, dataSourceOptions } from '../src/database/data-source-options.js';
import { SCHEMA } from '../src/schema/entities.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { generateLicenseKey, LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { newLicenseKey } from '../src/license-keys/license-keys.js';

describe(`npm run backup / restore (${DRIVER})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-backup-'));
  let t: TestApp;
  let target: DatabaseConfig;
  const plainKeys = Array.from({ length: 4 }, () => generateLicenseKey());
  let umask: number;

  beforeAll(async () => {
    // The usual umask, under which files are created readable by everyone unless the store says otherwise.
    umask = process.umask(0o022);
    // A file, not :memory:: a backup reads the database another connection (the server's) has open.
    t = await startTestApp(
      DRIVER === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}` } : {},
    );
    const cipher = t.app.get(LicenseKeyCipher);
    const keys = t.db.getRepository(LicenseKey);
    for (const key of plainKeys)
      await keys.insert(newLicenseKey(cipher, key, { productId: 'office-2024-professional-plus' }));
    const source = t.config.database;
    target =
      source.type === 'sqlite'
        ? { type: 'sqlite', path: join(dir, 'restored.sqlite') }
        : { ...source, database: `${source.database}_restored` };
  });
  afterAll(async () => {
    process.umask(umask);
    await t.close();
    if (target.type !== 'sqlite') {
      const conn = await mysql.createConnection({
        host: target.host,
        port: target.port,
        user: target.username,
        password: target.password,
      });
      await conn.query(`DROP DATABASE IF EXISTS ${conn.escapeId(target.database)}`);
      await conn.end();
    }
  });

  const contents = async (db: DatabaseConfig) => {
    const ds = await createDataSource(dataSourceOptions(db, SCHEMA)).initialize();
    try {
      const keys = await ds.getRepository(LicenseKey).find({ order: { id: 'ASC' } });
      const migrations: unknown[] = await ds.query('SELECT name FROM migrations ORDER BY id');
      return { keys: keys.map((k) => [k.id, k.keyCiphertext, k.keyLookup, k.status]), migrations };
    } finally {
      await ds.destroy();
    }
  };

  it('restores a backup taken while the server has the database open into an empty database', async () => {
    const file = join(dir, DRIVER === 'sqlite' ? 'one.sqlite' : 'one.sql');
    await backupDatabase(t.config.database, file);
    if (DRIVER === 'sqlite') {
      // One self-contained file: not in WAL mode, which would want -wal and -shm files beside it.
      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      copy.close();
    }
    await restoreDatabase(target, file);
    const restored = await contents(target);
    expect(restored).toEqual(await contents(t.config.database));
    for (const key of plainKeys) {
      expect(restored.keys.map((k) => k[2])).toContain(t.app.get(LicenseKeyCipher).lookupHash(key));
    }
    expect(restored.migrations.length).toBeGreaterThan(0);
  });

  /** Who may read or write `file`: 600 is its owner alone. */
  const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

  it('keeps the database, its companions, its backups and restored copies to their owner (600)', async () => {
    if (t.config.database.type === 'sqlite') {
      const db = t.config.database.path;
      // The database open in WAL mode, and the start-up lock beside it.
      const files = [db, `${db}-wal`, `${db}-shm`, `${db}.lock`];
      expect(files.filter((file) => !existsSync(file))).toEqual([]);
      expect(files.map(modeOf)).toEqual(files.map(() => '600'));
    }
    const file = join(dir, DRIVER === 'sqlite' ? 'private.sqlite' : 'private.sql');
    await backupDatabase(t.config.database, file);
    expect(modeOf(file)).toBe('600');
    if (target.type === 'sqlite') {
      const fresh = { ...target, path: join(dir, 'restored-private.sqlite') };
      await restoreDatabase(fresh, file);
      expect(modeOf(fresh.path)).toBe('600');
    }
  });

  it('refuses a database that has tables unless forced, then replaces it', async () => {
    const keys = t.db.getRepository(LicenseKey);
    const cipher = t.app.get(LicenseKeyCipher);
    await keys.insert(
      newLicenseKey(cipher, generateLicenseKey(), { productId: 'office-2024-professional-plus' }),
    );
    const file = join(dir, DRIVER === 'sqlite' ? 'two.sqlite' : 'two.sql');
    const restoredBefore = (await contents(target)).keys.length;
    await backupDatabase(t.config.database, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(
      /is not empty \(\d+ tables\): restore into a new database, or pass --force to replace its contents/,
    );
    expect((await contents(target)).keys).toHaveLength(restoredBefore);
    await restoreDatabase(target, file, { force: true });
    expect(await contents(target)).toEqual(await contents(t.config.database));
    expect((await contents(target)).keys).toHaveLength(restoredBefore + 1);
  });

  it('refuses a missing file and a backup of the other kind', async () => {
    await expect(restoreDatabase(target, join(dir, 'nothing.sql'))).rejects.toThrow(BackupError);
    const wrong = join(dir, 'wrong.bak');
    if (DRIVER === 'sqlite') {
      writeFileSync(wrong, '-- MariaDB dump\nCREATE TABLE x (id int);\n');
      await expect(restoreDatabase(target, wrong, { force: true })).rejects.toThrow('is not a SQLite backup');
    } else {
      writeFileSync(wrong, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)]));
      await expect(restoreDatabase(target, wrong, { force: true })).rejects.toThrow('is a SQLite backup');
    }
  });
});
