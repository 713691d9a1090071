import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { privateFile } from './private-files.js';

const POLL_MS = 200;

/**
 * Runs `work` while holding a lock that every process on this database shares, so that work done at start
 * (migrations, the seed) runs in one process at a time: the others wait, then find nothing left to do. The
 * lock dies with its holder (a killed process never leaves it behind), and the others wait as long as it
 * takes (a migration on a big table can take minutes), saying so in the log every 30 s (and to `onWaiting`
 * each time they look).
 *
 * - MySQL/MariaDB: `GET_LOCK('<database>:<name>')`, held on one pooled connection for the whole of `work`.
 * - SQLite file: a write transaction on a small lock database beside it (`<file>.lock`), which the
 *   operating system releases when the process exits. In-memory SQLite has no other process: no lock.
 */
export async function withStartupLock<T>(
  db: DataSource,
  name: string,
  work: () => Promise<T>,
  onWaiting: () => void = () => {},
): Promise<T> {
  const logger = new Logger('Database');
  const started = Date.now();
  let nextReport = 0;
  const waiting = () => {
    onWaiting();
    const elapsed = Date.now() - started;
    if (elapsed < nextReport) return;
    logger.log(`Waiting for another process to finish its ${name} (${Math.round(elapsed / 1000)} s)`);
    nextReport = elapsed + 30_000;
  };
  if (db.options.type === 'better-sqlite3') {
    const file = db.options.database;
    if (file === ':memory:') return work();
    return withSqliteLock(`${file}.lock`, work, waiting);
  }
  return withMysqlLock(db, lockName(String(db.options.database), name), work, waiting);
}

/** MySQL refuses lock names longer than 64 characters: a long one is shortened to a hash of itself. */
export function lockName(database: string, name: string): string {
  const full = `${database}:${name}`;
  return full.length <= 64
    ? full
    : `${createHash('sha256').update(database).digest('hex').slice(0, 40)}:${name}`;
}

async function withMysqlLock<T>(
  db: DataSource,
  name: string,
  work: () => Promise<T>,
  waiting: () => void,
): Promise<T> {
  const runner = db.createQueryRunner('master');
  try {
    // GET_LOCK's own timeout (whole seconds) keeps the wait on the server; 1 answers taken, 0 timed out.
    for (;;) {
      const [row] = (await runner.query('SELECT GET_LOCK(?, 1) AS taken', [name])) as { taken: unknown }[];
      if (Number(row.taken) === 1) break;
      waiting();
    }
    try {
      return await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await runner.release();
  }
}

async function withSqliteLock<T>(file: string, work: () => Promise<T>, waiting: () => void): Promise<T> {
  privateFile(file);
  const lock = new Database(file);
  try {
    // No busy timeout: better-sqlite3 would block the event loop while waiting; this polls instead.
    lock.pragma('busy_timeout = 0');
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      }
      waiting();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
