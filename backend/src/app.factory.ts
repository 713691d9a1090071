import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { clientErrorStatus, errorBody, HttpErrorFilter } from './common/http-error.filter.js';
import { refuseMalformedInput } from './common/body-guards.js';
import { createValidationPipe } from './common/validation.js';
import { apiSecurityHeaders, registerSecurityHeaders } from './web/security.js';
import { registerStaticApps } from './web/static-apps.js';
import { setupSwagger } from './web/swagger.js';

/** Request bodies above 1 MiB are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface CreateAppOptions {
  logger?: LoggerService | LogLevel[] | false;
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
    trustProxy: config.trustProxy,
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
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
    // The Stripe webhook's signature is checked against the exact bytes received.
    rawBody: true,
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  // Nest routes Fastify's own errors (bad JSON, body too large) through this filter too.
  app.useGlobalFilters(new HttpErrorFilter());

  registerSecurityHeaders(app, config);
  refuseMalformedInput(app.getHttpAdapter().getInstance());
  // The API's map is for development: in production /api/docs and /api/docs-json are not served (a 404).
  if (!config.isProduction) setupSwagger(app);
  await registerStaticApps(app, config.staticDirs);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
