import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService, LogLevel } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import type { CatalogContent } from './catalog/catalog.data.js';
import type { AppConfig, TrustProxy } from './config/app-config.js';
import { clientErrorStatus, errorBody, HttpErrorFilter } from './web/http-error.filter.js';
import type { BootServer } from './web/boot-server.js';
import { answerClientError, timeLimits } from './web/node-server.js';
import { Lifecycle } from './health/lifecycle.js';
import { refuseMalformedInput } from './common/body-guards.js';
import { applyRouteBodyLimits } from './common/body-limit.js';
import { PrivacyLogger } from './common/privacy-logger.js';
import { createValidationPipe } from './common/validation.js';
import { CostFieldsInterceptor } from './common/cost-fields.js';
import { JobLeases } from './job-leases/job-leases.service.js';
import { InventoryService } from './license-keys/inventory.service.js';
import { jsonLogging, textLogger } from './observability/logging.js';
import { registerMetrics } from './observability/metrics.js';
import {
  proxyTrust,
  type ProxyTrust,
  REQUEST_ID_HEADER,
  registerRequestIds,
  requestIdGenerator,
} from './observability/request-id.js';
import { StoreFiguresCache } from './observability/store-figures.js';
import { stopTracing } from './observability/tracing.js';
import { REDIS } from './redis/redis.module.js';
import { apiSecurityHeaders, registerSecurityHeaders } from './web/security.js';
import { registerStaticApps } from './web/static-apps.js';
import { StructuredData } from './stock/structured-data.js';
import { setupSwagger } from './web/swagger.js';

/** Request bodies above 1 MiB are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface CreateAppOptions {
  /** Nest's levels for a readable logger, a logger of its own, or none (the suites: `['error']`). */
  logger?: LoggerService | LogLevel[] | false;
  /** With LOG_FORMAT=json, where the JSON lines go instead of stdout (a suite reading them). */
  logDestination?: DestinationStream;
  /** The catalogue the seed writes; this build's (catalog.data.ts) unless a test gives another. */
  catalog?: CatalogContent;
  /**
   * The port main.ts opened before the app started (openPort): the app is built on its server, and its
   * Lifecycle is the app's. Without it (the test suites), the app gets a server and a Lifecycle of its own.
   */
  boot?: BootServer;
}

/**
 * The app's logger and the request hook its format needs, if any. A suite's levels (or logger) are used as
 * they are; otherwise LOG_FORMAT and LOG_LEVEL decide: JSON lines on stdout (production), or readable text.
 */
function appLogging(
  config: AppConfig,
  options: CreateAppOptions,
): { logger: LoggerService | false; register?: (fastify: FastifyInstance) => void } {
  const { logLevel, logFormat } = config.observability;
  if (logFormat === 'json' && (options.logDestination || options.logger === undefined))
    return jsonLogging(logLevel, options.logDestination ?? process.stdout);
  const { logger } = options;
  if (logger === false) return { logger: false };
  if (Array.isArray(logger)) return { logger: new PrivacyLogger(logger) };
  return { logger: logger ?? textLogger(logLevel) };
}

/** TRUST_PROXY as Fastify takes it: false, or the rule request-id.ts applies to X-Request-Id too. */
function fastifyTrustProxy(trust: TrustProxy): false | ProxyTrust {
  return trust === false ? false : proxyTrust(trust);
}

const FORM_ENCODED = 'application/x-www-form-urlencoded';

/**
 * Builds the whole server (API, Swagger, both front ends) ready to listen. `main.ts` and the supertest
 * suites use the same function, so tests exercise exactly what production runs.
 */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const apiHeaders = apiSecurityHeaders(config);
  const trust = fastifyTrustProxy(config.trustProxy);
  const lifecycle = options.boot?.lifecycle ?? new Lifecycle();
  const adapter = new FastifyAdapter({
    // The server already listening (with the same limits and client-error answers) when main.ts opened it.
    ...(options.boot && { serverFactory: options.boot.serverFactory }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trust,
    // X-Request-Id is believed from TRUST_PROXY's proxies only (requestIdGenerator), not from anyone.
    requestIdHeader: false,
    genReqId: requestIdGenerator(trust || (() => false)),
    ...timeLimits(config.requestTimeoutMs),
    clientErrorHandler: answerClientError,
    // No Nest middleware is used (cross-cutting work lives in guards, pipes, filters and fastify hooks),
    // so @fastify/middie is left out: its request hook ran on every request for nothing.
    skipMiddie: true,
    // The router refuses a malformed URL (400) or an over-long path parameter (414) before any hook or
    // filter runs: those answers get the API's one error shape and headers too, without echoing the URL.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const status = clientErrorStatus(error) ?? 400;
      void reply
        .status(status)
        .headers({ ...apiHeaders, 'cache-control': 'no-store', [REQUEST_ID_HEADER]: request.id })
        .send(
          errorBody(status, request.id, status === 414 ? 'A path parameter is too long' : 'Malformed URL'),
        );
    },
  });
  const fastify = adapter.getInstance();
  // First of the app's hooks: every later hook, handler and log line of a request knows its id and route.
  registerRequestIds(fastify);
  const logging = appLogging(config, options);
  logging.register?.(fastify);
  // Spans still buffered go out before the process exits (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
  fastify.addHook('onClose', () => stopTracing());
  // Before the routes exist (Nest adds them in app.init()), so each gets its own body limit, if any.
  applyRouteBodyLimits(fastify);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.catalog, lifecycle),
    adapter,
    {
      logger: logging.logger,
      // The Stripe webhook's signature is checked against the exact bytes received.
      rawBody: true,
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  // Nest routes Fastify's own errors (bad JSON, body too large) through this filter too.
  app.useGlobalFilters(new HttpErrorFilter());
  // What keys cost: admins alone read it, in every answer (common/cost-fields.ts).
  app.useGlobalInterceptors(new CostFieldsInterceptor());

  registerSecurityHeaders(app, config);
  refuseMalformedInput(fastify);
  if (config.observability.metricsToken)
    registerMetrics(fastify, config.observability.metricsToken, {
      db: app.get<DataSource>(getDataSourceToken()),
      figures: new StoreFiguresCache(
        app.get<DataSource>(getDataSourceToken()),
        app.get(InventoryService, { strict: false }),
      ),
      leases: app.get(JobLeases, { strict: false }),
      redis: app.get<Redis | null>(REDIS, { strict: false }),
      rateLimits: config.rateLimits,
    });
  // The API's map is for development: in production /api/docs and /api/docs-json are not served (a 404).
  if (!config.isProduction) setupSwagger(app);
  const structuredData = app.get(StructuredData);
  await registerStaticApps(app, config.staticDirs, config.publicUrl, (path) => structuredData.forPage(path));
  await app.init();
  // Nest parses form-encoded bodies too; the API speaks JSON only (its CSV and upload routes register their
  // own parsers): a form is a 415, as any other type the route does not take.
  if (fastify.hasContentTypeParser(FORM_ENCODED)) fastify.removeContentTypeParser(FORM_ENCODED);
  await fastify.ready();
  // With `boot`, once main.ts hands the port over (boot.serve()).
  if (!options.boot) lifecycle.serving();
  return app;
}
