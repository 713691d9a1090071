import 'reflect-metadata';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import type { CatalogContent } from './catalog/catalog.data.js';
import type { AppConfig, TrustProxy } from './config/app-config.js';
import { clientErrorStatus, errorBody, HttpErrorFilter } from './web/http-error.filter.js';
import { refuseMalformedInput } from './common/body-guards.js';
import { applyRouteBodyLimits } from './common/body-limit.js';
import { PrivacyLogger } from './common/privacy-logger.js';
import { createValidationPipe } from './common/validation.js';
import { apiSecurityHeaders, registerSecurityHeaders } from './web/security.js';
import { registerStaticApps } from './web/static-apps.js';
import { setupSwagger } from './web/swagger.js';

/** Request bodies above 1 MiB are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A client must send its whole request (headers and body) within `requestTimeoutMs`, or it is answered 408
 * and disconnected: a body trickled a byte at a time would otherwise hold its connection for ever (Fastify
 * turns Node's 5-minute default off). Node checks every `connectionsCheckingInterval`, so the cut-off comes
 * at most that much later. A connection on which nothing moves either way for twice the limit is closed.
 */
function timeLimits(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 2 * requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(Math.ceil(requestTimeoutMs / 4), 5_000),
    },
  };
}

/** Node's own refusals, before Fastify has a request to answer, and what the client is told. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Node's answer to a request cut off or malformed, in the API's one error shape, then the connection closed. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (socket.destroyed || error.code === 'ECONNRESET') return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Malformed request'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

export interface CreateAppOptions {
  logger?: LoggerService | LogLevel[] | false;
  /** The catalogue the seed writes; this build's (catalog.data.ts) unless a test gives another. */
  catalog?: CatalogContent;
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
  const adapter = new FastifyAdapter({
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
    AppModule.forRoot(config, options.catalog),
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
  return app;
}
