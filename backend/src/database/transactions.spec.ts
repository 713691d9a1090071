import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { runInTransaction, transactionCollision, TRANSACTION_ATTEMPTS } from './transactions.js';

/** An error as TypeORM wraps mysql2's (or better-sqlite3's). */
const failure = (driverError: object) =>
  new QueryFailedError('UPDATE t SET n = n + 1', [], Object.assign(new Error('refused'), driverError));
const DEADLOCK = { code: 'ER_LOCK_DEADLOCK', errno: 1213, sqlState: '40001' };
const LOCK_WAIT = { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205, sqlState: 'HY000' };
const SNAPSHOT = { code: 'ER_CHECKREAD', errno: 1020, sqlState: 'HY000' };
const DUPLICATE = { code: 'ER_DUP_ENTRY', errno: 1062, sqlState: '23000' };
const BUSY = { code: 'SQLITE_BUSY' };

/** A DataSource whose transactions fail with `errors`, one per attempt, then run the work. */
function refusing(...errors: Error[]) {
  const transaction = jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => {
    const error = errors.shift();
    if (error) throw error;
    return work({} as EntityManager);
  });
  return { db: { transaction } as unknown as DataSource, transaction };
}

describe('runInTransaction', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs a deadlock victim again, and again, until it commits', async () => {
    const { db, transaction } = refusing(failure(DEADLOCK), failure(DEADLOCK), failure(DEADLOCK));
    await expect(runInTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(transaction).toHaveBeenCalledTimes(4);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts`, async () => {
    const errors = Array.from({ length: TRANSACTION_ATTEMPTS }, () => failure(DEADLOCK));
    const last = errors.at(-1);
    const { db, transaction } = refusing(...errors);
    await expect(runInTransaction(db, async () => 'done')).rejects.toBe(last);
    expect(transaction).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
  });

  it('retries serialisation failures as deadlocks', async () => {
    const { db, transaction } = refusing(failure(SNAPSHOT), failure({ code: 'X', sqlState: '40001' }));
    await expect(runInTransaction(db, async () => 1)).resolves.toBe(1);
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('runs a transaction whose row lock timed out once more only (it already waited)', async () => {
    const retried = refusing(failure(LOCK_WAIT));
    await expect(runInTransaction(retried.db, async () => 1)).resolves.toBe(1);
    expect(retried.transaction).toHaveBeenCalledTimes(2);
    const second = failure(LOCK_WAIT);
    const twice = refusing(failure(LOCK_WAIT), second);
    await expect(runInTransaction(twice.db, async () => 1)).rejects.toBe(second);
    expect(twice.transaction).toHaveBeenCalledTimes(2);
  });

  it('runs once what another attempt cannot fix: a duplicate, a busy SQLite, an error of the work', async () => {
    for (const error of [failure(DUPLICATE), failure(BUSY), new Error('work failed')]) {
      const { db, transaction } = refusing(error);
      await expect(runInTransaction(db, async () => 1)).rejects.toBe(error);
      expect(transaction).toHaveBeenCalledTimes(1);
    }
  });

  it('pauses a random while before each retry, doubling: at most 10, 20 and 40 ms', async () => {
    const slowest = refusing(failure(DEADLOCK), failure(DEADLOCK), failure(DEADLOCK));
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.999);
    let started = performance.now();
    await runInTransaction(slowest.db, async () => 1);
    expect(random).toHaveBeenCalledTimes(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(65);
    random.mockReturnValue(0);
    const fastest = refusing(failure(DEADLOCK), failure(DEADLOCK), failure(DEADLOCK));
    started = performance.now();
    await runInTransaction(fastest.db, async () => 1);
    expect(performance.now() - started).toBeLessThan(60);
  });

  it('names the collision from the driver error, wrapped or not', () => {
    expect(transactionCollision(failure(DEADLOCK))).toBe('deadlock');
    expect(transactionCollision({ errno: 1213 })).toBe('deadlock');
    expect(transactionCollision(failure(LOCK_WAIT))).toBe('lock-wait-timeout');
    expect(transactionCollision(failure(SNAPSHOT))).toBe('serialization');
    expect(transactionCollision(failure(DUPLICATE))).toBeNull();
    expect(transactionCollision(null)).toBeNull();
    expect(transactionCollision('deadlock')).toBeNull();
  });
});
