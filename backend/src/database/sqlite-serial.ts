import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';

/**
 * TypeORM drives SQLite through one better-sqlite3 connection and one shared query runner. Left alone, a
 * transaction begun while another is open becomes a savepoint inside it, and a statement from another
 * request lands inside whatever transaction is open, so one rollback can undo someone else's write.
 *
 * This makes access behave like separate connections with a single writer: transactions (every
 * `manager.transaction`, which `dataSource.transaction` calls) run one at a time, and a statement from
 * outside the running transaction waits for it to finish. The running transaction's own statements are
 * recognised by their async context. MySQL/MariaDB do not need this: each transaction has its own pooled
 * connection.
 *
 * Transactions also begin IMMEDIATE, taking the write lock at once, for the other processes on the same
 * file: TypeORM begins them DEFERRED, so one that reads then writes upgrades its lock, and in WAL mode that
 * fails at once (SQLITE_BUSY_SNAPSHOT, without waiting out busy_timeout) when another process wrote since
 * its read. An IMMEDIATE one waits (busy_timeout) for the other writer, then reads what it wrote.
 */
export function serializeSqliteAccess(dataSource: DataSource): void {
  const context = new AsyncLocalStorage<symbol>();
  let tail: Promise<void> = Promise.resolve();
  let running: symbol | null = null;

  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const token = Symbol('sqlite-exclusive');
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    running = token;
    try {
      return await context.run(token, work);
    } finally {
      running = null;
      release();
    }
  };
  const insideRunning = () => running !== null && context.getStore() === running;

  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = ((...args: unknown[]) =>
    insideRunning()
      ? transaction(...args)
      : exclusive(() => transaction(...args))) as typeof manager.transaction;

  const runner = dataSource.driver.createQueryRunner('master');
  const plainQuery = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  const query = (sql: unknown, ...rest: unknown[]) =>
    // The statement TypeORM's startTransaction sends for an outermost transaction (a nested one is a SAVEPOINT).
    sql === 'BEGIN TRANSACTION' ? beginImmediate(rest) : plainQuery(sql, ...rest);
  const beginImmediate = async (rest: unknown[]) => {
    try {
      return await plainQuery('BEGIN IMMEDIATE TRANSACTION', ...rest);
    } catch (error) {
      // Refused (another process kept the write lock past busy_timeout): no transaction is open, which
      // TypeORM, having marked one open before its BEGIN, would otherwise go on believing.
      (runner as { isTransactionActive: boolean }).isTransactionActive = false;
      throw error;
    }
  };
  runner.query = ((...args: [unknown, ...unknown[]]) =>
    running === null || insideRunning()
      ? query(...args)
      : exclusive(() => query(...args))) as typeof runner.query;
}
