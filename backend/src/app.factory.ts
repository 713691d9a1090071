import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LoggerService, LogLevel } from '@nestjs/common';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { createValidationPipe } from './common/validation.js';
import { registerSecurityHeaders } from './web/security.js';
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
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: config.trustProxy });
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
  setupSwagger(app);
  await registerStaticApps(app, config.staticDirs);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
