import { STATUS_CODES } from 'node:http';
import type {
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';

/** The one error body (web/error-body.dto.ts), which every 4xx and 5xx answer of the API has. */
export const ERROR_BODY_REF = '#/components/schemas/ErrorBodyDto';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the window (a route with several limits sends one per limit, suffixed)',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
};
const RETRY_AFTER: HeaderObject = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 0 },
};

/** Answers every route with a JSON body may give before its handler runs (Fastify's own, in the one shape). */
const BODY_ANSWERS: Record<string, string> = {
  '400': 'Malformed JSON, or a body that breaks the rules',
  '413': "Body larger than 1 MB (or the route's x-body-limit)",
  '415': 'A body that is not JSON (a form-encoded body included)',
};

/**
 * What @nestjs/swagger cannot say by decorators, added to the document it builds, the same for every route,
 * so that strict validators (AJV, Prism) and Redocly's recommended rules accept it:
 *
 * - a nullable enum is `type` + `enum` with `null` among its values + `nullable: true`: Swagger's
 *   `allOf: [$ref]` beside `nullable` has no type, and OpenAPI 3.0 does not let `nullable` add `null` to
 *   an enum, so a validator refused the `null` the server sends; a nullable object is `anyOf` its
 *   schema or `null`, for the same reason;
 * - every 4xx and 5xx answer has the one error body (ErrorBodyDto); 429 and 503 say `Retry-After`, a
 *   rate-limited route's answers its `X-RateLimit-*` headers;
 * - a route that takes a JSON body also answers 400, 413 and 415 (Fastify's parser, before any handler);
 * - a route that declares no security is public: `security: []`, said rather than left out.
 */
export function finishDocument(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject | ReferenceObject>;
  for (const schema of Object.values(schemas)) finishSchema(schema, schemas);
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) finishOperation(operation, schemas);
    }
  }
  return document;
}

function isReference(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** Rewrites the nullable enums in `schema` (its properties and items, at any depth), in place. */
function finishSchema(
  schema: SchemaObject | ReferenceObject,
  schemas: Record<string, SchemaObject | ReferenceObject>,
): void {
  if (isReference(schema)) return;
  if (schema.nullable) {
    const only = schema.allOf?.length === 1 ? schema.allOf[0] : undefined;
    if (only && isReference(only)) {
      const target = schemas[only.$ref.split('/').pop()!];
      if (target && !isReference(target) && target.enum) {
        delete schema.allOf;
        Object.assign(schema, {
          type: target.type,
          enum: target.enum,
          ...(target['x-enumNames'] !== undefined && { 'x-enumNames': target['x-enumNames'] }),
        });
      } else if (target) {
        // A nullable object: in OpenAPI 3.0 `nullable` does not reach into `allOf`, so `null` is stated
        // as an alternative of its own (generated types read `X | null`).
        delete schema.allOf;
        delete schema.type;
        delete schema.nullable;
        schema.anyOf = [only, { type: 'object', nullable: true, enum: [null] }];
        return;
      }
    }
    if (schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  for (const property of Object.values(schema.properties ?? {})) finishSchema(property, schemas);
  if (schema.items) finishSchema(schema.items, schemas);
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    finishSchema(part, schemas);
}

function finishOperation(
  operation: OperationObject,
  schemas: Record<string, SchemaObject | ReferenceObject>,
): void {
  const responses = operation.responses as Record<string, ResponseObject>;
  const body = operation.requestBody;
  if (body && !isReference(body) && body.content['application/json']) {
    for (const [status, description] of Object.entries(BODY_ANSWERS)) responses[status] ??= { description };
  }
  const rateLimited = '429' in responses;
  for (const parameter of operation.parameters ?? [])
    if (!isReference(parameter) && parameter.schema) finishSchema(parameter.schema, schemas);
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (code >= 400) {
      response.description ||= STATUS_CODES[code] ?? 'Error';
      response.content ??= { 'application/json': { schema: { $ref: ERROR_BODY_REF } } };
    }
    if (code === 429 || code === 503) response.headers = { 'Retry-After': RETRY_AFTER, ...response.headers };
    if (rateLimited && code < 300) response.headers = { ...RATE_LIMIT_HEADERS, ...response.headers };
    for (const media of Object.values(response.content ?? {}) as { schema?: SchemaObject }[])
      if (media.schema) finishSchema(media.schema, schemas);
  }
  operation.security ??= [];
}
