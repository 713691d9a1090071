import BetterSqlite3 from 'better-sqlite3';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { DEFAULT_DATABASE_POOL_SIZE, type DatabaseConfig } from '../config/app-config.js';
import { mysqlDriverWithSession } from './mysql-session.js';
import { privateSqliteFiles } from './private-files.js';
import { serializeSqliteAccess } from './sqlite-serial.js';

/** What a data source maps and migrates: the app's entity and migration lists (src/schema/). */
export interface DatabaseSchema {
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

/**
 * TypeORM options for the configured database and `schema`. `synchronize` is never used; migrations are run by
 * `migrate()` (on start and by `npm run migrate`), under a lock TypeORM's own `migrationsRun` does not take.
 * MariaDB URLs use TypeORM's `mariadb` type (with `mysql` a JSON column drifted on MariaDB). Every
 * MySQL/MariaDB connection starts with the same session settings (see SESSION_SQL), and each process opens
 * at most DATABASE_POOL_SIZE of them.
 */
export function dataSourceOptions(db: DatabaseConfig, schema: DatabaseSchema): DataSourceOptions {
  const common = {
    entities: schema.entities,
    migrations: schema.migrations,
    synchronize: false,
    // Never log queries: their parameters can hold customer data and e-mail bodies with licence keys.
    logging: false,
  };
  if (db.type === 'sqlite') {
    // Created readable by its owner only (and so its -wal and -shm files): it holds customers' data.
    if (db.path !== ':memory:') privateSqliteFiles(db.path);
    return {
      ...common,
      type: 'better-sqlite3',
      // Handed over rather than left for TypeORM to require: TypeORM's peer range lags the driver's major
      // version, and a driver npm nests under backend/ is out of TypeORM's reach (DriverPackageNotInstalled).
      driver: BetterSqlite3,
      database: db.path,
      prepareDatabase: (conn: { pragma(source: string): unknown }) => {
        conn.pragma('journal_mode = WAL');
        conn.pragma('busy_timeout = 5000');
        conn.pragma('foreign_keys = ON');
      },
    };
  }
  return {
    ...common,
    type: db.type,
    host: db.host,
    port: db.port,
    username: db.username,
    password: db.password,
    database: db.database,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    driver: mysqlDriverWithSession(),
    extra: { connectionLimit: db.poolSize ?? DEFAULT_DATABASE_POOL_SIZE },
  };
}

/**
 * A DataSource whose automatic timestamps (CreateDateColumn, UpdateDateColumn) keep milliseconds on every
 * driver: TypeORM's defaults are whole seconds on SQLite and microseconds on MySQL, while JavaScript dates
 * and our ordering ("oldest order first") work in milliseconds. The migrations read the same defaults.
 * On SQLite, access is also serialised (see serializeSqliteAccess).
 */
export function createDataSource(options: DataSourceOptions): DataSource {
  const dataSource = new DataSource(options);
  const types = dataSource.driver.mappedDataTypes;
  if (options.type === 'better-sqlite3') {
    types.createDateDefault = types.updateDateDefault = "strftime('%Y-%m-%d %H:%M:%f', 'now')";
    serializeSqliteAccess(dataSource);
  } else {
    types.createDatePrecision = types.updateDatePrecision = 3;
    types.createDateDefault = types.updateDateDefault = 'CURRENT_TIMESTAMP(3)';
  }
  return dataSource;
}
