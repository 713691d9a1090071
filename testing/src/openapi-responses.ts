// Checks the API's answers against the committed OpenAPI document (contracts/openapi.json), so that a change
// of the server that the document does not show (a new status, a field of another type, a null where none
// is declared) fails the suite that met it, as a client generated from the document would.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
}

/** What the check needs of an answer: supertest's and fetch's responses both have it. */
export interface CheckedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text?: string;
}

export const CONTRACT_DOCUMENT = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../contracts/openapi.json',
);

/**
 * Statuses any route may answer without listing them, as the document's description says (each in the
 * error shape, which is still checked): a bug, the database unreachable, a request not sent in time,
 * headers too large.
 */
const ANY_ROUTE = new Set([500, 503, 408, 431]);

/**
 * Paths under /api the document does not describe: the document itself and Swagger UI, and the Prometheus
 * metrics (a token of their own, docs/operating.md).
 */
const NOT_IN_DOCUMENT = /^\/api\/(?:docs(?:[-/]|$)|metrics$)/;

/** The router's own answers to a URL it cannot route (app.factory.ts's frameworkErrors), on any path. */
const ROUTER_ERRORS: Record<number, string> = { 400: 'Malformed URL', 414: 'A path parameter is too long' };

const DOCUMENT_ID = 'openapi.json';

/**
 * An OpenAPI 3.0 schema as JSON Schema: `nullable` becomes a `null` type, references point into the
 * document added under {@link DOCUMENT_ID}, and what JSON Schema does not know (examples, `x-` keys) goes.
 */
function jsonSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-') || key === 'discriminator') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = `${DOCUMENT_ID}${value}`;
    else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, jsonSchema(s)]));
    else out[key] = jsonSchema(value);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.type === undefined && !Array.isArray(out.enum)) return { anyOf: [out, { type: 'null' }] };
  } else delete out.nullable;
  return out;
}

/** `/api/orders/{id}/status` as a pattern of concrete paths. */
function pathPattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

export class OpenApiResponses {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly routes: { template: string; pattern: RegExp; operations: Record<string, Operation> }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: JsonObject = JSON.parse(readFileSync(CONTRACT_DOCUMENT, 'utf8')) as JsonObject) {
    const components = (document.components ?? {}) as JsonObject;
    this.ajv.addSchema({ components: jsonSchema(components) } as object, DOCUMENT_ID);
    this.routes = Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>)
      .map(([template, operations]) => ({ template, pattern: pathPattern(template), operations }))
      // A literal path (/api/admin/orders/export.csv) wins over a template (/api/admin/orders/{id}).
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  }

  /**
   * What is wrong with an answer to `method url`, by the document (empty when nothing is): a status the
   * operation does not list, or a JSON body its schema refuses. Answers outside /api are not the API's.
   */
  problems(method: string, url: string, answer: CheckedAnswer): string[] {
    const path = new URL(url, 'http://localhost').pathname;
    // OPTIONS is CORS's preflight, answered for every route alike (docs/api.md, other origins).
    if (!path.startsWith('/api/') || NOT_IN_DOCUMENT.test(path) || method.toUpperCase() === 'OPTIONS')
      return [];
    const name = `${method.toUpperCase()} ${path} → ${answer.status}`;
    // A HEAD is its GET without a body (HTTP; the server answers one for every GET route): its status is
    // checked against the GET operation's, and there is no body to check.
    const head = method.toUpperCase() === 'HEAD';
    const route = this.routes.find((r) => r.pattern.test(path));
    const operation = route?.operations[head ? 'get' : method.toLowerCase()];
    const errorShape = () =>
      head ? [] : this.check(`${name} (error body)`, '#/components/schemas/ErrorBodyDto', answer);
    if (!route || !operation) {
      // An unknown path or method is a 404 (405) in the error shape; anything else is undocumented.
      if (answer.status === 404 || answer.status === 405) return errorShape();
      return [`${name}: no such operation in the document`];
    }
    const response =
      operation.responses[String(answer.status)] ??
      operation.responses[`${String(answer.status)[0]}XX`] ??
      operation.responses.default;
    const message = (answer.body as { message?: unknown } | undefined)?.message;
    const routerError =
      ROUTER_ERRORS[answer.status] !== undefined && message === ROUTER_ERRORS[answer.status];
    // A staff token that may only set up two-factor sign-in is refused (403) on any other staff route.
    const enrolmentOnly = answer.status === 403 && (operation.security?.length ?? 0) > 0;
    if (!response || routerError) {
      if (ANY_ROUTE.has(answer.status) || routerError || enrolmentOnly) return errorShape();
      return [`${name}: status not in ${route.template}'s responses (${Object.keys(operation.responses)})`];
    }
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!contentType.endsWith('json') || head) return [];
    const media = response.content?.[contentType] ?? response.content?.['application/json'];
    if (!media?.schema) {
      if (answer.text === '' || answer.body === undefined) return [];
      return [`${name}: a JSON body where the document declares none`];
    }
    return this.check(name, media.schema, answer);
  }

  private check(name: string, schema: JsonObject | string, answer: CheckedAnswer): string[] {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      const converted = typeof schema === 'string' ? { $ref: `${DOCUMENT_ID}${schema}` } : jsonSchema(schema);
      validate = this.ajv.compile(converted as object);
      this.compiled.set(key, validate);
    }
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => {
      const at = error.instancePath || '(body)';
      return `${name}: ${at} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` ${JSON.stringify(error.params.allowedValues)}` : ''}`;
    });
  }
}
