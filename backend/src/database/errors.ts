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
