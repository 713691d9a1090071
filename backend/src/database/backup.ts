import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import type { DatabaseConfig } from '../config/app-config.js';
import { PRIVATE_FILE_MODE, privateFile, privateSqliteFiles } from './private-files.js';

type MysqlConfig = Extract<DatabaseConfig, { type: 'mysql' | 'mariadb' }>;

/** A refusal the operator can act on (printed as is, no stack). */
export class BackupError extends Error {}

const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * A consistent copy of the database while the store keeps running: SQLite through its online backup
 * API (a snapshot, WAL included), MySQL/MariaDB through `mysqldump --single-transaction` (one repeatable-
 * read snapshot of the InnoDB tables, no table locks). Written next to `file` first and renamed when
 * complete, so a failed backup never leaves a truncated file under the name. Holds no secret
 * (LICENSE_KEY_SECRET is not in the database) but customers' personal data: readable by its owner only.
 */
export async function backupDatabase(db: DatabaseConfig, file: string): Promise<void> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  // Created private before anything is written to it (the dump tools keep an existing file's mode).
  privateFile(partial);
  try {
    if (db.type === 'sqlite') {
      if (db.path === ':memory:' || !existsSync(db.path))
        throw new BackupError(`No SQLite database at ${db.path}`);
      const source = new Database(db.path, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        await source.backup(partial);
      } finally {
        source.close();
      }
      // The copy keeps the store's WAL mode; one self-contained file is what a backup should be.
      const copy = new Database(partial);
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
    } else {
      const dump = dumpCommand(db);
      await run(
        dump,
        [
          ...connectionArgs(db),
          '--single-transaction',
          '--quick',
          '--no-tablespaces',
          '--routines',
          '--triggers',
          '--hex-blob',
          `--result-file=${partial}`,
          db.database,
        ],
        db,
      );
    }
    chmodSync(partial, PRIVATE_FILE_MODE);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Restores a backup made by {@link backupDatabase} into `db` (stop the servers using it first). An
 * existing database with tables is refused unless `force`, which replaces its tables.
 */
export async function restoreDatabase(
  db: DatabaseConfig,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file at ${file}`);
  const isSqlite = readHeader(file) === SQLITE_HEADER;
  if (db.type === 'sqlite') {
    if (!isSqlite)
      throw new BackupError(`${file} is not a SQLite backup: restore it into a MySQL/MariaDB database`);
    if (db.path === ':memory:') throw new BackupError('Restore needs a SQLite file path, not :memory:');
    if (existsSync(db.path)) {
      const target = new Database(db.path, { fileMustExist: true });
      const tables = (
        target.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as {
          n: number;
        }
      ).n;
      target.close();
      if (tables && !options.force) throw notEmpty(db.path, tables);
    }
    privateSqliteFiles(db.path);
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      // The backup API replaces the target's pages as a whole (WAL included), whatever it held.
      await source.backup(db.path);
    } finally {
      source.close();
    }
    return;
  }
  if (isSqlite) throw new BackupError(`${file} is a SQLite backup: restore it into a sqlite: DATABASE_URL`);
  const conn = await mysql.createConnection({
    host: db.host,
    port: db.port,
    user: db.username,
    password: db.password,
  });
  try {
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS ${conn.escapeId(db.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    const [rows] = await conn.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
      [db.database],
    );
    const tables = (rows as { name: string }[]).map((row) => row.name);
    if (tables.length && !options.force) throw notEmpty(db.database, tables.length);
    if (tables.length) {
      await conn.query(`USE ${conn.escapeId(db.database)}`);
      await conn.query('SET FOREIGN_KEY_CHECKS = 0');
      await conn.query(`DROP TABLE ${tables.map((t) => conn.escapeId(t)).join(', ')}`);
    }
  } finally {
    await conn.end();
  }
  await run(clientCommand(db), [...connectionArgs(db), db.database], db, file);
}

function notEmpty(name: string, tables: number): BackupError {
  return new BackupError(
    `${name} is not empty (${tables} tables): restore into a new database, or pass --force to replace its contents`,
  );
}

function readHeader(file: string): string {
  const buffer = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('latin1');
}

/** The password goes through MYSQL_PWD (see run), never the command line other users can read. */
function connectionArgs(db: MysqlConfig): string[] {
  return [
    `--host=${db.host}`,
    `--port=${db.port}`,
    `--user=${db.username}`,
    '--default-character-set=utf8mb4',
  ];
}

/** MYSQLDUMP / MYSQL_CLIENT pick the programs; otherwise the MariaDB names, then the MySQL ones. */
function dumpCommand(db: MysqlConfig): string {
  return (
    process.env.MYSQLDUMP ||
    onPath(db.type === 'mariadb' ? ['mariadb-dump', 'mysqldump'] : ['mysqldump', 'mariadb-dump'])
  );
}

function clientCommand(db: MysqlConfig): string {
  return (
    process.env.MYSQL_CLIENT || onPath(db.type === 'mariadb' ? ['mariadb', 'mysql'] : ['mysql', 'mariadb'])
  );
}

function onPath(names: string[]): string {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const found = names.find((name) => dirs.some((dir) => existsSync(join(dir, name))));
  if (!found) {
    throw new BackupError(
      `None of ${names.join(', ')} is installed: install the MariaDB or MySQL client tools, or set MYSQLDUMP / MYSQL_CLIENT`,
    );
  }
  return found;
}

function run(command: string, args: string[], db: MysqlConfig, stdinFile?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stdin = stdinFile ? openSync(stdinFile, 'r') : 'ignore';
    const child = spawn(command, args, {
      stdio: [stdin, 'ignore', 'pipe'],
      env: { ...process.env, MYSQL_PWD: db.password },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (typeof stdin === 'number') closeSync(stdin);
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
