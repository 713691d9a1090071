import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import mysql from 'mysql2/promise';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp, type CreateAppOptions } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';

/** Set by `npm run test:mysql`; otherwise every suite runs on a fresh in-memory SQLite database. */
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

let databaseCounter = 0;

/** The fraud rules that count a shopper's orders (config/review-config.ts), off. */
export const HOLD_COUNTING_RULES_OFF = {
  HOLD_VELOCITY_ORDERS: '0',
  HOLD_VELOCITY_CARDS: '0',
  HOLD_FIRST_ORDER_CENTS: '0',
};

async function onServer(url: URL, sql: string): Promise<void> {
  const conn = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}

/**
 * A fresh database for one test app: in-memory SQLite, or, with TEST_DATABASE_URL, a new MariaDB/MySQL
 * database named after this process (so parallel workers and runs never share one). `drop` removes it.
 */
export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!MYSQL_URL) return { url: 'sqlite::memory:', drop: async () => {} };
  const url = new URL(MYSQL_URL);
  const base = url.pathname.replace(/^\//, '') || 'store_test';
  const name = `${base}_p${process.pid}_${databaseCounter++}`;
  await onServer(url, `DROP DATABASE IF EXISTS \`${name}\``);
  await onServer(url, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { url: dbUrl.toString(), drop: () => onServer(url, `DROP DATABASE IF EXISTS \`${name}\``) };
}

/**
 * A database that several test apps (standing for several processes of one store) can share: a SQLite
 * file (in-memory databases cannot be shared), or a fresh MariaDB/MySQL database. Pass its url as the
 * apps' DATABASE_URL; `drop` removes it once they are closed.
 */
export async function sharedDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (MYSQL_URL) return freshDatabaseUrl();
  const dir = mkdtempSync(join(tmpdir(), 'store-shared-'));
  return {
    url: `sqlite:${join(dir, 'store.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Stand-ins for the two front-end builds, so the SPA routes can be tested without building them. */
export function fakeFrontEndBuilds(): AppConfig['staticDirs'] {
  const root = mkdtempSync(join(tmpdir(), 'store-static-'));
  const make = (name: string) => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><body><div id="root">${name} app</div></body></html>`,
    );
    writeFileSync(join(dir, 'assets', `${name}-abc123.js`), `console.log(${JSON.stringify(name)});`);
    return dir;
  };
  return { storefront: make('storefront'), admin: make('admin') };
}

/**
 * A test app on a fresh database of its own, or on `env.DATABASE_URL` (see sharedDatabaseUrl); `catalog`
 * replaces this build's catalogue (the seed writes it).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { catalog }: Pick<CreateAppOptions, 'catalog'> = {},
): Promise<TestApp> {
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => {} }
    : await freshDatabaseUrl();
  const config = {
    // Mail goes to a throwaway folder unless a suite points it at an SMTP sink.
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      // The suites buy many orders with one e-mail in a minute: the fraud hold's counting rules are off
      // unless a suite turns them on (holds.e2e-spec.ts).
      ...HOLD_COUNTING_RULES_OFF,
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
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
