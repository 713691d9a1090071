import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * A route whose body may be larger than the server's limit (BODY_LIMIT_BYTES, 1 MiB): Fastify's own
 * per-route `bodyLimit`, past which the answer is still a 413 before anything is parsed. Nest passes a
 * route's `config` to Fastify but not its `bodyLimit`; applyRouteBodyLimits moves it across. The OpenAPI
 * document states it as the operation's `x-body-limit` (bytes), for clients and the fuzzer.
 */
export const BodyLimit = (bytes: number) =>
  applyDecorators(RouteConfig({ bodyLimit: bytes }), ApiExtension('x-body-limit', bytes));

/** Gives each route declared with {@link BodyLimit} its limit; registered before Nest adds the routes. */
export function applyRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
