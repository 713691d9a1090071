import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { isMysqlFamily } from './errors.js';

/**
 * The retry policy of every write, stated once. MySQL/MariaDB refuse a transaction they chose as a
 * deadlock victim (1213), a statement that waited too long for a row lock (1205, after
 * innodb_lock_wait_timeout), and a transaction whose snapshot a concurrent commit invalidated (MariaDB's
 * 1020 under innodb_snapshot_isolation, or anything the server marks SQLSTATE 40001); the transaction is
 * rolled back and run again from the start: deadlocks and serialisation failures up to
 * TRANSACTION_ATTEMPTS times in all, a lock-wait timeout (which has already waited) once more. Each
 * retry follows a random pause of up to 10, 20, then 40 ms, so the transactions that collided do not
 * collide again in step. SQLite is never retried here: a process runs its transactions one at a time
 * (serializeSqliteAccess), another process's writer is waited for by busy_timeout, and a database still
 * busy after that is answered 503 (isDatabaseUnavailable), as before.
 */
export const TRANSACTION_ATTEMPTS = 4;
const LOCK_WAIT_TIMEOUT_ATTEMPTS = 2;
const BACKOFF_MS = 10;

type Collision = 'deadlock' | 'serialization' | 'lock-wait-timeout';

/** Why MySQL/MariaDB refused the transaction, when running it again can succeed; null otherwise. */
export function transactionCollision(error: unknown): Collision | null {
  const e = error as { driverError?: unknown } | null;
  const driverError = (e?.driverError ?? e) as { code?: unknown; errno?: unknown; sqlState?: unknown } | null;
  if (!driverError || typeof driverError !== 'object') return null;
  const { code, errno, sqlState } = driverError;
  if (errno === 1213 || code === 'ER_LOCK_DEADLOCK') return 'deadlock';
  if (errno === 1205 || code === 'ER_LOCK_WAIT_TIMEOUT') return 'lock-wait-timeout';
  if (errno === 1020 || code === 'ER_CHECKREAD' || sqlState === '40001') return 'serialization';
  return null;
}

/**
 * Runs `work` in one transaction and commits it, or rolls it back when `work` throws; a transaction
 * MySQL/MariaDB refused for a collision with another is run again (the policy above). So `work` must
 * have no effects outside the database (a call to a payment provider, an e-mail sent): those go before
 * or after it. The one way the backend opens a transaction (a lint rule refuses `.transaction(` calls
 * outside database/).
 */
export async function runInTransaction<T>(
  db: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const collision = transactionCollision(error);
      const attempts = collision === 'lock-wait-timeout' ? LOCK_WAIT_TIMEOUT_ATTEMPTS : TRANSACTION_ATTEMPTS;
      if (!collision || attempt >= attempts) throw error;
      await sleep(Math.random() * BACKOFF_MS * 2 ** (attempt - 1));
    }
  }
}

/**
 * Whether the database locks rows one by one (MySQL/MariaDB), or runs one writing transaction at a time
 * and has no row locks (SQLite): the one place the locking below is decided.
 */
function locksRows(query: SelectQueryBuilder<ObjectLiteral>): boolean {
  return isMysqlFamily(query.connection.options.type);
}

/**
 * `SELECT … FOR UPDATE` on MySQL/MariaDB: the rows read stay locked until the transaction ends, so no
 * one else changes them meanwhile. Nothing to add on SQLite, where no other writer runs.
 */
export function forUpdate<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q): Q {
  if (locksRows(query)) query.setLock('pessimistic_write');
  return query;
}

/**
 * `SELECT … LOCK IN SHARE MODE` on MySQL/MariaDB: the rows read cannot change until the transaction ends,
 * and a transaction changing them now is waited for (its change is then what is read). Other readers are
 * not kept out. Nothing to add on SQLite, where no other writer runs.
 */
export function forShare<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q): Q {
  if (locksRows(query)) query.setLock('pessimistic_read');
  return query;
}

/**
 * `SELECT … FOR UPDATE SKIP LOCKED` on MySQL/MariaDB: rows another transaction holds are passed over
 * rather than waited for (concurrent takers each get different rows). Nothing to add on SQLite.
 */
export function skipLocked<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q): Q {
  if (locksRows(query)) query.setLock('pessimistic_write').setOnLocked('skip_locked');
  return query;
}

/**
 * Takes the write locks of the rows the query selects (forUpdate), for a transaction that only needs
 * them held; on SQLite it sends nothing at all.
 */
export async function lockRows(query: SelectQueryBuilder<ObjectLiteral>): Promise<void> {
  if (locksRows(query)) await forUpdate(query).getRawMany();
}
