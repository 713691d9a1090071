import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';

/** How often a transaction that MySQL/MariaDB chose as a deadlock victim is run again. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction and commits it, or rolls it back when `work` throws. On MySQL/MariaDB a
 * transaction chosen as a deadlock victim is run again (up to 3 times), so `work` must not have effects
 * outside the database. (On SQLite transactions already run one at a time: see serializeSqliteAccess.)
 */
export async function runInTransaction<T>(
  db: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}

function isDeadlock(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; errno?: unknown };
  return driverError.code === 'ER_LOCK_DEADLOCK' || driverError.errno === 1213;
}
