import { randomUUID } from 'node:crypto';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every back-office route, as the OpenAPI document lists it (so routes added later are covered without
 * touching this file), must refuse callers without a valid staff token, and support staff must be refused
 * every change except resending mail and marking contact messages, and the admin-only reads.
 */

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The documented path, e.g. `/api/admin/orders/{id}`. */
  path: string;
  /** The path with its parameters filled in: a random UUID, or 1 for numeric ones. */
  url: string;
}

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: { type?: string };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
/**
 * Reads only administrators may make: staff, the audit trail, the tax returns with their rates, and the
 * sales and margin reports (what keys cost).
 */
const isAdminOnlyRead = (op: Operation) =>
  /^\/api\/admin\/(staff|audit|exchange-rates|tax|reports)(\/|$)/.test(op.path);
/** Staff set up their own two-factor authentication, whatever their role. */
/** Their own two-factor set-up, and confirming it is them (step-up): every role. */
const isOwnMfa = (op: Operation) =>
  op.path.startsWith('/api/admin/me/mfa') || op.path === '/api/admin/me/step-up';
/** Signing in is public; signing out is open to every role (and ends the token, so it is checked last). */
const LOGIN = 'post /api/admin/login';
const LOGIN_MFA = 'post /api/admin/login/mfa';
const LOGOUT = 'post /api/admin/logout';
const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
/**
 * The changes support staff may make, their daily work (docs/api.md, "What each role may do"): resending
 * mail and e-mailing a customer their access link, marking a contact message answered (or new again),
 * answering a customer's key report, writing an internal note on an order.
 */
const isSupportChange = (op: Operation) =>
  /\/(resend-email|resend|notes|access-link)$/.test(op.path) ||
  ['put /api/admin/messages/{id}', 'put /api/admin/key-reports/{id}'].includes(key(op));

/** Fills each path parameter by its documented type. */
function fillPath(path: string, parameters: OpenApiParameter[] = []): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const type = parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.type;
    return type === 'number' || type === 'integer' ? '1' : randomUUID();
  });
}

function operationsOf(doc: { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> }) {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin/') && path !== '/api/admin') continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || key({ method, path }) === LOGIN || key({ method, path }) === LOGIN_MFA) continue;
      operations.push({ method, path, url: fillPath(path, operation.parameters) });
    }
  }
  return operations;
}

/** Every route Nest registered under /api/admin, as `method /api/admin/x/{param}`, documented or not. */
function registeredAdminRoutes(t: TestApp): string[] {
  const routes: string[] = [];
  const paths = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']) as string[];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: object } | null;
      if (!controller) continue;
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined) continue;
          for (const sub of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
            const path = `/api/${base}/${sub}`
              .replace(/\/+/g, '/')
              .replace(/\/$/, '')
              .replace(/:(\w+)/g, '{$1}');
            if (path.startsWith('/api/admin/') || path === '/api/admin') {
              routes.push(`${RequestMethod[method].toLowerCase()} ${path}`);
            }
          }
        }
      }
    }
  }
  return routes.sort();
}

describe(`back office: every /api/admin route is guarded on ${DRIVER}`, () => {
  let t: TestApp;
  let support: string;
  let operations: Operation[];
  let documented: string[];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    support = await signIn(t, 'support');
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    operations = operationsOf(doc);
    documented = Object.entries(doc.paths as Record<string, object>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .filter((route) => / \/api\/admin(\/|$)/.test(route));
  });
  afterAll(() => t.close());

  /** Sends the operation's request: mutations with a syntactically valid JSON body `{}`. */
  const send = (op: Operation, authorization?: string) => {
    const req = t.http()[op.method](op.url);
    if (authorization !== undefined) req.set('authorization', authorization);
    return MUTATIONS.has(op.method) ? req.send({}) : req;
  };

  /** Runs every operation through `expectStatus`; answers the ones that broke the rule, with what they got. */
  const offenders = async (
    ops: Operation[],
    authorization: string | undefined,
    expectStatus: (status: number, op: Operation) => boolean,
  ) => {
    const failures: string[] = [];
    for (const op of ops) {
      const res = await send(op, authorization);
      if (!expectStatus(res.status, op))
        failures.push(`${op.method.toUpperCase()} ${op.url} → ${res.status}`);
    }
    return failures;
  };

  it('finds the back-office routes in the OpenAPI document, and every registered one is documented', () => {
    expect(operations.map(key)).toEqual(
      expect.arrayContaining([
        'get /api/admin/orders',
        'get /api/admin/orders/{id}',
        'put /api/admin/orders/{id}',
        'post /api/admin/orders/{id}/resend-email',
        'get /api/admin/staff',
        'delete /api/admin/staff/{id}',
        'get /api/admin/dashboard',
        'get /api/admin/audit',
        LOGOUT,
      ]),
    );
    expect(operations.map(key)).not.toContain(LOGIN);
    // Numeric ids get 1, the others a UUID.
    expect(operations.find((op) => key(op) === 'get /api/admin/staff/{id}')?.url).toBe('/api/admin/staff/1');
    expect(operations.find((op) => key(op) === 'get /api/admin/orders/{id}')?.url).toMatch(
      /^\/api\/admin\/orders\/[0-9a-f-]{36}$/,
    );
    // A route left out of the document would escape the checks below.
    expect(registeredAdminRoutes(t).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('answers 401 to every route without a token', async () => {
    expect(await offenders(operations, undefined, (status) => status === 401)).toEqual([]);
  });

  it('answers 401 to every route with a garbage, forged or unsigned token', async () => {
    const claims = { sub: 1, username: 'admin', role: 'admin', ver: 0 };
    const forged = new JwtService({ secret: 'not-the-server-secret-but-32-bytes-long' }).sign(claims, {
      algorithm: 'HS256',
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      expiresIn: 600,
    });
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      ...claims,
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat: now,
      exp: now + 600,
    })}.`;
    for (const token of ['Bearer garbage', `Bearer ${forged}`, `Bearer ${unsigned}`, 'garbage']) {
      expect({ token, failures: await offenders(operations, token, (status) => status === 401) }).toEqual({
        token,
        failures: [],
      });
    }
  });

  it('answers 403 to support staff on every change but resending mail, marking messages, answering key reports and their own two-factor', async () => {
    const changes = operations.filter((op) => MUTATIONS.has(op.method) && key(op) !== LOGOUT);
    expect(changes.length).toBeGreaterThan(0);
    // Start and confirm a setup, make new recovery codes, step up.
    expect(changes.filter(isOwnMfa)).toHaveLength(4);
    // New recovery codes answer support the step-up's 403 (`stepUpRequired`), not a role's refusal:
    // staff-recovery-codes.e2e-spec.ts makes them as a support user.
    const stepUpFirst = (op: Operation) => key(op) === 'post /api/admin/me/mfa/recovery-codes';
    const failures = await offenders(changes, support, (status, op) =>
      stepUpFirst(op)
        ? status === 403
        : isSupportChange(op) || isOwnMfa(op)
          ? status !== 401 && status !== 403
          : status === 403,
    );
    expect(failures).toEqual([]);
  });

  it('lets support staff make every read except the admin-only ones (403)', async () => {
    const reads = operations.filter((op) => op.method === 'get');
    expect(reads.some(isAdminOnlyRead)).toBe(true);
    const failures = await offenders(reads, support, (status, op) =>
      isAdminOnlyRead(op) ? status === 403 : status !== 401 && status !== 403,
    );
    expect(failures).toEqual([]);
  });

  it('lets support staff sign out, which ends the token', async () => {
    const logout = operations.find((op) => key(op) === LOGOUT)!;
    expect((await send(logout, support)).status).toBe(204);
    await t.http().get('/api/admin/me').set('authorization', support).expect(401);
  });
});
