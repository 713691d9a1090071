import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { cloneDatabase, emptyDatabase, isSqliteUrl, type ScratchDatabase } from '@store/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp, type CreateAppOptions } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { TEMPLATE_VARIABLE } from './global-setup.js';
import { checkAnswer } from './openapi-responses.js';

/** Set by `npm run test:mysql`; otherwise every suite runs on SQLite files (see migratedDatabaseUrl). */
export const MYSQL_URL = process.env.TEST_DATABASE_URL;
export const DRIVER = MYSQL_URL
  ? new URL(MYSQL_URL).protocol.startsWith('mariadb')
    ? 'mariadb'
    : 'mysql'
  : 'sqlite';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  db: DataSource;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/** The fraud rules that count a shopper's orders (config/review-config.ts), off. */
export const HOLD_COUNTING_RULES_OFF = {
  HOLD_VELOCITY_ORDERS: '0',
  HOLD_VELOCITY_CARDS: '0',
  HOLD_FIRST_ORDER_CENTS: '0',
};

/** The store-wide ceilings on anonymous writes (config/challenge-config.ts), off. */
export const ANONYMOUS_CEILINGS_OFF = {
  CEILING_CONTACT_PER_MINUTE: '0',
  CEILING_ACCESS_LINKS_PER_MINUTE: '0',
  CEILING_CHECKOUTS_PER_MINUTE: '0',
};

/** The migrated database this run's global setup made (global-setup.ts), when the run has one. */
const TEMPLATE = process.env[TEMPLATE_VARIABLE];

/**
 * An empty database, for what tests the migrations or the start-up lock themselves: a SQLite file of its
 * own, or, with TEST_DATABASE_URL, a new MariaDB/MySQL database named after this process (so parallel
 * workers and runs never share one). `drop` removes it.
 */
export function freshDatabaseUrl(): Promise<ScratchDatabase> {
  return emptyDatabase(MYSQL_URL ?? 'sqlite:');
}

/**
 * A database at this version, for one test app or for several (standing for several processes of one
 * store: pass its url as their DATABASE_URL, and `drop` it once they are closed): a copy of the run's
 * template, which the app's start finds migrated (it still seeds it). A spec run without the global setup
 * gets an empty database, which the app's start migrates.
 */
export function migratedDatabaseUrl(): Promise<ScratchDatabase> {
  return TEMPLATE && isSqliteUrl(TEMPLATE) === !MYSQL_URL ? cloneDatabase(TEMPLATE) : freshDatabaseUrl();
}

/** Stand-ins for the two front-end builds, so the SPA routes can be tested without building them. */
export function fakeFrontEndBuilds(): AppConfig['staticDirs'] {
  const root = mkdtempSync(join(tmpdir(), 'store-static-'));
  const make = (name: string) => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><title>${name}</title></head><body><div id="root">${name} app</div></body></html>`,
    );
    writeFileSync(join(dir, 'assets', `${name}-abc123.js`), `console.log(${JSON.stringify(name)});`);
    return dir;
  };
  return { storefront: make('storefront'), admin: make('admin') };
}

/**
 * A test app on a database of its own (migratedDatabaseUrl), or on `env.DATABASE_URL`; `catalog` replaces
 * this build's catalogue (the seed writes it).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { catalog }: Pick<CreateAppOptions, 'catalog'> = {},
): Promise<TestApp> {
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => {} }
    : await migratedDatabaseUrl();
  const config = {
    // Mail goes to a throwaway folder unless a suite points it at an SMTP sink.
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      // The suites buy many orders with one e-mail in a minute: the fraud hold's counting rules are off
      // unless a suite turns them on (holds.e2e-spec.ts).
      ...HOLD_COUNTING_RULES_OFF,
      // The suites post many forms and checkouts a minute: the store-wide ceilings past which a challenge is
      // asked are off unless a suite turns them on (anonymous-ceilings.e2e-spec.ts).
      ...ANONYMOUS_CEILINGS_OFF,
      // Low-stock alerts are off unless a suite turns them on (stock-alerts.e2e-spec.ts): most suites sell
      // from a handful of keys.
      LOW_STOCK_THRESHOLD: '0',
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'store-mail-')),
      ...env,
    }),
    staticDirs: fakeFrontEndBuilds(),
  };
  const app = await createApp(config, { logger: ['error'], catalog });
  return {
    app,
    config,
    db: app.get<DataSource>(getDataSourceToken()),
    http: () => withAnswerChecks(request(app.getHttpServer())),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** Supertest whose every request's answer is checked against the committed OpenAPI document. */
function withAnswerChecks(agent: ReturnType<typeof request>): ReturnType<typeof request> {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof property !== 'string' || !METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => checkAnswer((value as (...a: unknown[]) => never).apply(target, args));
    },
  });
}
