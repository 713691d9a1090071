import { Logger } from '@nestjs/common';
import mysql2, { type Pool, type PoolConnection, type PoolOptions } from 'mysql2';

/**
 * MySQL 8.4's default SQL mode, on MariaDB too: MariaDB 10.11's default lacks ONLY_FULL_GROUP_BY, so a
 * query MySQL 8.4 refuses would pass the tests, which run on MariaDB. (NO_AUTO_CREATE_USER, in MariaDB's
 * default, no longer exists in MySQL 8 and is refused there.)
 */
export const SQL_MODE =
  'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';

/**
 * Run first on every MySQL/MariaDB connection, so both servers behave alike whatever their own settings:
 * the SQL mode above, and UTC as the session's time zone, in which the server fills the
 * `DEFAULT CURRENT_TIMESTAMP(3)` columns (createdAt, updatedAt) while the app writes its own dates as UTC
 * (`timezone: 'Z'`); a server running in local time would otherwise mix the two in one table.
 */
export const SESSION_SQL = `SET SESSION sql_mode = '${SQL_MODE}', time_zone = '+00:00'`;

/**
 * mysql2 as TypeORM's driver (its `driver` option), with every new pooled connection starting with
 * SESSION_SQL. mysql2 emits 'connection' before handing a new connection out, and runs a connection's
 * commands in order, so the SET comes before anything the app sends on it. A connection whose SET fails
 * is closed (what was queued on it fails) rather than used with the server's own settings.
 */
export function mysqlDriverWithSession(): typeof mysql2 {
  return {
    ...mysql2,
    createPool(options: PoolOptions | string): Pool {
      const pool = mysql2.createPool(options as PoolOptions);
      pool.on('connection', (connection: PoolConnection) => {
        connection.query(SESSION_SQL, (error) => {
          if (!error) return;
          new Logger('Database').error(`Could not set up a database session: ${error.message}`);
          connection.destroy();
        });
      });
      return pool;
    },
  } as typeof mysql2;
}
