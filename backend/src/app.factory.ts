import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import type { CatalogContent } from './catalog/catalog.data.js';
import type { AppConfig, TrustProxy } from './config/app-config.js';
import { clientErrorStatus, errorBody, HttpErrorFilter } from './web/http-error.filter.js';
import type { BootServer } from './web/boot-server.js';
import { Lifecycle } from './health/lifecycle.js';
import { answerClientError, timeLimits } from './web/node-server.js';
import { refuseMalformedInput } from './common/body-guards.js';
import { applyRouteBodyLimits } from './common/body-limit.js';
import { PrivacyLogger } from './common/privacy-logger.js';
import { createValidationPipe } from './common/validation.js';
import { apiSecurityHeaders, registerSecurityHeaders } from './web/security.js';
import { registerStaticApps } from './web/static-apps.js';
import { setupSwagger } from './web/swagger.js';

/** Request bodies above 1 MiB are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface CreateAppOptions {
  logger?: LoggerService | LogLevel[] | false;
  /** The catalogue the seed writes; this build's (catalog.data.ts) unless a test gives another. */
  catalog?: CatalogContent;
  /**
   * The port main.ts opened before the app started (openPort): the app is built on its server, and its
   * Lifecycle is the app's. Without it (the test suites), the app gets a server and a Lifecycle of its own.
   */
  boot?: BootServer;
}

/** Log levels get the logger that masks customer e-mail addresses; a given logger is used as it is. */
function appLogger(logger: CreateAppOptions['logger']): LoggerService | false {
  if (logger === false) return false;
  return Array.isArray(logger) || !logger ? new PrivacyLogger(logger ?? ['log', 'warn', 'error']) : logger;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses a bare hop count (it trusts no proxy at all then), so
 * hops become the rule proxy-addr applies: the socket peer and the entries before it, up to that many.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust.hops;
}

/**
 * Builds the whole server (API, Swagger, both front ends) ready to listen. `main.ts` and the supertest
 * suites use the same function, so tests exercise exactly what production runs.
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const apiHeaders = apiSecurityHeaders(config);
  const lifecycle = options.boot?.lifecycle ?? new Lifecycle();
  const adapter = new FastifyAdapter({
    // The server already listening (with the same limits and client-error answers) when main.ts opened it.
    ...(options.boot && { serverFactory: options.boot.serverFactory }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...timeLimits(config.requestTimeoutMs),
    clientErrorHandler: answerClientError,
    // No Nest middleware is used (cross-cutting work lives in guards, pipes, filters and fastify hooks),
    // so @fastify/middie is left out: its request hook ran on every request for nothing.
    skipMiddie: true,
    // The router refuses a malformed URL (400) or an over-long path parameter (414) before any hook or
    // filter runs: those answers get the API's one error shape and headers too, without echoing the URL.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      const status = clientErrorStatus(error) ?? 400;
      void reply
        .status(status)
        .headers({ ...apiHeaders, 'cache-control': 'no-store' })
        .send(errorBody(status, status === 414 ? 'A path parameter is too long' : 'Malformed URL'));
    },
  });
  // Before the routes exist (Nest adds them in app.init()), so each gets its own body limit, if any.
  applyRouteBodyLimits(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.catalog, lifecycle),
    adapter,
    {
      logger: appLogger(options.logger),
      // The Stripe webhook's signature is checked against the exact bytes received.
      rawBody: true,
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  // Nest routes Fastify's own errors (bad JSON, body too large) through this filter too.
  app.useGlobalFilters(new HttpErrorFilter());

  registerSecurityHeaders(app, config);
  refuseMalformedInput(app.getHttpAdapter().getInstance());
  // The API's map is for development: in production /api/docs and /api/docs-json are not served (a 404).
  if (!config.isProduction) setupSwagger(app);
  await registerStaticApps(app, config.staticDirs, config.publicUrl);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  // With `boot`, once main.ts hands the port over (boot.serve()).
  if (!options.boot) lifecycle.serving();
  return app;
}
