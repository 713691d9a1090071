/** A UNIQUE index refused the row (MySQL/MariaDB ER_DUP_ENTRY, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; errno?: number } } | null)?.driverError;
  const code = driverError?.code ?? (error as { code?: string } | null)?.code;
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    driverError?.errno === 1062
  );
}

/** The database type decides which locking SQL is available (SQLite serialises writers instead). */
export function isMysqlFamily(type: string): boolean {
  return type === 'mysql' || type === 'mariadb';
}

/** What a request is told while the database cannot be reached (HTTP 503). */
export const DATABASE_UNAVAILABLE =
  'The store is temporarily unavailable: its database cannot be reached. Please try again in a moment.';

/** Error codes of a database that cannot be reached, or that dropped the connection (mysql2, Node, SQLite). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'POOL_CLOSED',
  'SQLITE_BUSY',
]);
/** Client/server errors of MySQL/MariaDB for the same (2002, 2003, 2006, 2013, 1040, 1053, 1927, 4031). */
const UNREACHABLE_ERRNOS = new Set([2002, 2003, 2006, 2013, 1040, 1053, 1927, 4031]);

/**
 * The database could not be reached, or lost the connection mid-query: an outage the server recovers
 * from by itself (the pool drops broken connections and opens new ones), to be answered as 503, not as
 * a bug. Looks through TypeORM's QueryFailedError (`driverError`) and `cause`; mysql2 marks every error
 * that broke the connection `fatal`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as {
    code?: unknown;
    errno?: unknown;
    fatal?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  if (typeof e.errno === 'number' && UNREACHABLE_ERRNOS.has(e.errno)) return true;
  if (e.fatal === true) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
