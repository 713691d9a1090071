import type { ProductDto } from '../catalog/dto/product.dto.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBodyDto } from './error-body.dto.js';
import { finishDocument } from './openapi-finish.js';

export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Office licence store API')
    .setDescription(
      'Public catalogue and checkout, and the back office under /api/admin (bearer token from ' +
        'POST /api/admin/login). Errors are always JSON: {statusCode, message, error, errors?, requestId} ' +
        '(ErrorBodyDto), `message` one string, `errors` each problem of a refused request; requestId is ' +
        'also the X-Request-Id header every answer carries. Any route may also answer 500, 503 (the ' +
        'database unreachable, with Retry-After), 408 (a request not sent in time) or 431 (headers too ' +
        'large), a malformed URL 400 or an over-long path parameter 414, and any staff route a 403 while ' +
        'the token may only set up two-factor sign-in (STAFF_MFA_REQUIRED), in the same shape.',
    )
    .setVersion('1.0')
    .setLicense('UNLICENSED: all rights reserved', '')
    .addServer('/', 'This server')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return finishDocument(SwaggerModule.createDocument(app, config, { extraModels: [ErrorBodyDto] }));
}

/** Swagger UI at /api/docs and the OpenAPI document at /api/docs-json. */
export function setupSwagger(app: NestFastifyApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}

/**
 * The document in a stable order, as `contracts/openapi.json` holds it: every object's keys sorted, so that
 * moving a module or a route does not reorder the file, except a schema's `properties`, which keep the
 * DTO's order (a form's order); arrays keep theirs (an enum's order is the one the front ends show).
 */
export function canonicalDocument<T>(value: T, key?: string): T {
  if (Array.isArray(value)) return value.map((item) => canonicalDocument(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([name, item]) => [name, canonicalDocument(item, name)] as const);
  if (key !== 'properties') entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries) as T;
}

/**
 * The contract as committed (paths from the repository's root): this document, and the catalogue's ids and
 * titles, which the storefront's prerendered pages and the back office show until GET /api/products answers.
 * `npm run contract` writes them (cli/contract.ts) and the TypeScript generated from them; a spec checks
 * them against what the server serves.
 */
export const CONTRACT_FILES = { document: 'contracts/openapi.json', catalog: 'contracts/catalog.json' };

/**
 * The catalogue as the contract holds it (CONTRACT_FILES.catalog): each product's words as GET /api/products
 * answers them, without prices and stock (which staff and sales change): the storefront's build prerenders
 * the product pages from it.
 */
export function contractCatalog(
  products: readonly Pick<
    ProductDto,
    'id' | 'title' | 'subtitle' | 'description' | 'includedApps' | 'compatibility'
  >[],
) {
  return products.map(({ id, title, subtitle, description, includedApps, compatibility }) => ({
    id,
    title,
    subtitle,
    description,
    includedApps: includedApps.map(({ name, icon }) => ({ name, icon })),
    compatibility,
  }));
}
export const CONTRACT_COMMAND = 'npm run contract';
