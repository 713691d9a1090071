import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { createDataSource, dataSourceOptions, type DatabaseSchema } from './data-source-options.js';
import { migrate } from './migrate.js';

/**
 * The database in `config.database`, migrated on start; `schema` is the app's registry (src/schema/).
 * `report` is told what the start is doing meanwhile (connecting, migrating, waiting for another process).
 */
@Module({})
export class DatabaseModule {
  static forRoot(schema: DatabaseSchema, report: (step: string) => void = () => {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config.database, schema),
            // A database that is still starting (docker compose) gets a few seconds; a wrong URL fails fast.
            retryAttempts: 3,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (options) => {
            report('connecting to the database');
            const db = await createDataSource(options!).initialize();
            try {
              await migrate(db, report);
            } catch (error) {
              await db.destroy();
              throw error;
            }
            report('starting its modules');
            return db;
          },
        }),
      ],
    };
  }
}
