// Every back-office operation, taken from the OpenAPI document, refuses every kind of bad token with a
// JSON 401 (none, expired, another secret, `alg: none`, another algorithm, another audience, a token
// issued before its user signed out), and a `support` user gets a 403 on every change it may not make.
// Tokens are built here with node:crypto, claim for claim as the server issues them.
import { createHmac, randomBytes } from 'node:crypto';
import { errorAnswerProblems, rawRequest, type RawAnswer } from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

// As in backend/src/auth/jwt.constants.ts.
const ISSUER = 'office-licence-store';
const AUDIENCE = 'office-licence-store/admin';

/** The changes a support user may make; every other non-GET admin operation must answer it 403. */
const SUPPORT_MAY_CHANGE = new Set([
  'POST /api/admin/logout',
  'POST /api/admin/me/mfa',
  'POST /api/admin/me/mfa/confirm',
  // Confirming one's own password for a step-up (#32 §2): anyone signed in may.
  'POST /api/admin/me/step-up',
  'POST /api/admin/orders/{id}/resend-email',
  'POST /api/admin/emails/{id}/resend',
  // Marking a contact message answered is support's daily work too (issue #18, item 21).
  'PUT /api/admin/messages/{id}',
  // Answering a customer's key report (replacing the key is an admin's: it gives a key away).
  'PUT /api/admin/key-reports/{id}',
  // An internal note on an order's timeline (#19 §6).
  'POST /api/admin/orders/{id}/notes',
  // E-mailing a customer the storefront's access link, like a resend (#21 §6).
  'POST /api/admin/customers/{email}/access-link',
]);

/** Reads open to support whose 403 is for one parameter only: the licence keys in clear (#21 §5). */
const FORBIDDEN_BY_PARAMETER = new Set(['GET /api/admin/license-keys/export.csv']);

interface Operation {
  method: string;
  template: string;
  hasBody: boolean;
  /** The operation documents a 403 (a role that may not call it). */
  forbidsSomeRole: boolean;
}

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWS: HMAC-SHA256/512 with `secret`, or no signature at all (`alg: none`). */
function jwt(header: Record<string, unknown>, payload: Record<string, unknown>, secret?: string): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  if (!secret) return `${head}.`;
  const algorithm = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${head}.${createHmac(algorithm, secret).update(head).digest('base64url')}`;
}

let requests = 0;
let serverErrors = 0;

describe(`staff authentication and roles on every admin operation (${DRIVER})`, () => {
  let h: StoreHarness;
  let operations: Operation[];
  let admin: string;
  let support: string;
  let adminClaims: Record<string, unknown>;

  const call = async (op: Operation, authorization?: string): Promise<RawAnswer> => {
    requests++;
    const headers: Record<string, string> = { 'x-forwarded-for': '10.77.0.1' };
    if (authorization !== undefined) headers.authorization = authorization;
    let body: string | undefined;
    if (op.hasBody) {
      headers['content-type'] = 'application/json';
      body = '{}';
    }
    // A well-formed id of the right kind that matches nothing: the guards answer before any lookup.
    const path = op.template
      .replace('{email}', 'nobody%40example.com')
      .replace(
        /\{[^}]+\}/g,
        op.template.includes('/staff/') ? '987654' : '00000000-0000-4000-8000-000000000000',
      );
    const res = await rawRequest(h, op.method, path, { headers, body });
    if (res.status >= 500) serverErrors++;
    return res;
  };

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, secret = h.jwtSecret, alg = 'HS256') =>
    `Bearer ${jwt({ alg, typ: 'JWT' }, claims, secret)}`;

  beforeAll(async () => {
    h = await StoreHarness.start();
    admin = await h.adminAuth();
    const doc = (await h.request('GET', '/api/docs-json', { headers: { authorization: admin } })).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([template]) => template.startsWith('/api/admin/') && !template.startsWith('/api/admin/login'))
      .flatMap(([template, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          template,
          hasBody: Boolean(op.requestBody),
          forbidsSomeRole: Boolean(op.responses?.['403']),
        })),
      );
    // The claims of a real token, to build the bad ones from.
    adminClaims = JSON.parse(
      Buffer.from(admin.slice('Bearer '.length).split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;

    const created = await h.request('POST', '/api/admin/staff', {
      json: { username: 'resilience-support', password: 'support-password-123', role: 'support' },
      headers: { authorization: admin },
    });
    expect(created.status).toBe(201);
    const login = await h.request('POST', '/api/admin/login', {
      json: { username: 'resilience-support', password: 'support-password-123' },
      headers: { 'x-forwarded-for': '10.77.0.2' },
    });
    expect(login.status).toBe(200);
    expect((login.body as { user: { role: string } }).user.role).toBe('support');
    support = `Bearer ${(login.body as { token: string }).token}`;
    requests += 3;
  });

  afterAll(async () => {
    recordFigures('auth', { requests, serverErrors });
    await h?.close();
  });

  it('finds the admin operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.filter((op) => op.method !== 'GET').length).toBeGreaterThan(10);
  });

  it('builds tokens exactly as the server does: the same claims, fresh and correctly signed, are accepted', async () => {
    expect(adminClaims).toMatchObject({ iss: ISSUER, aud: AUDIENCE, role: 'admin' });
    const forged = sign({ ...adminClaims, iat: now() - 10, exp: now() + 600 });
    requests++;
    const res = await h.request('GET', '/api/admin/me', { headers: { authorization: forged } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'admin', role: 'admin' });
  });

  const badTokens: [string, () => Promise<string | undefined> | string | undefined][] = [
    ['no Authorization header', () => undefined],
    ['an empty bearer', () => 'Bearer '],
    ['not a JWT', () => 'Bearer not-a-token'],
    ['an expired token', () => sign({ ...adminClaims, iat: now() - 9 * 3600, exp: now() - 3600 })],
    [
      'a token signed with another secret',
      () => sign({ ...adminClaims, iat: now(), exp: now() + 600 }, randomBytes(32).toString('hex')),
    ],
    [
      'an alg:none token',
      () => `Bearer ${jwt({ alg: 'none', typ: 'JWT' }, { ...adminClaims, iat: now(), exp: now() + 600 })}`,
    ],
    [
      'an HS512 token with the right secret',
      () => sign({ ...adminClaims, iat: now(), exp: now() + 600 }, h.jwtSecret, 'HS512'),
    ],
    [
      'a token for another audience',
      () => sign({ ...adminClaims, aud: 'someone-else', iat: now(), exp: now() + 600 }),
    ],
    [
      'a token from another issuer',
      () => sign({ ...adminClaims, iss: 'someone-else', iat: now(), exp: now() + 600 }),
    ],
    [
      'a token with its payload edited (role) but the old signature',
      () => {
        const [head, , signature] = admin.slice('Bearer '.length).split('.');
        return `Bearer ${head}.${b64url({ ...adminClaims, role: 'admin', sub: 2 })}.${signature}`;
      },
    ],
    [
      'a token issued before its user signed out',
      async () => {
        const created = await h.request('POST', '/api/admin/staff', {
          json: {
            username: `leaver-${randomBytes(3).toString('hex')}`,
            password: 'leaver-password-123',
            // Creating an administrator needs a step-up (#32 §2); the role does not matter here.
            role: 'support',
          },
          headers: { authorization: admin },
        });
        const username = (created.body as { username: string }).username;
        const login = await h.request('POST', '/api/admin/login', {
          json: { username, password: 'leaver-password-123' },
          headers: { 'x-forwarded-for': '10.77.0.3' },
        });
        const token = `Bearer ${(login.body as { token: string }).token}`;
        expect((await h.request('GET', '/api/admin/me', { headers: { authorization: token } })).status).toBe(
          200,
        );
        expect(
          (await h.request('POST', '/api/admin/logout', { headers: { authorization: token } })).status,
        ).toBe(204);
        requests += 4;
        return token;
      },
    ],
  ];

  it.each(badTokens)('answers every admin operation 401 with %s', async (_what, make) => {
    const token = await make();
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await call(op, token);
      const problems = errorAnswerProblems(res);
      if (res.status !== 401 || problems.length)
        wrong.push(`${op.method} ${op.template} -> ${res.status} ${problems.join('; ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a support user 403 on every change but its own sign-out, resending e-mail and answering messages', async () => {
    const mutations = operations.filter((op) => op.method !== 'GET');
    const wrong: string[] = [];
    for (const op of mutations) {
      const key = `${op.method} ${op.template}`;
      if (SUPPORT_MAY_CHANGE.has(key)) {
        // Allowed: no 403 documented, and the server does not answer one (the sign-out is tried last).
        // The step-up's 403 is a wrong password or code, not a role's refusal.
        if (op.forbidsSomeRole && key !== 'POST /api/admin/me/step-up')
          wrong.push(`${key} documents a 403 but support may call it`);
        if (key === 'POST /api/admin/logout') continue;
        const res = await call(op, support);
        if (res.status === 401 || res.status === 403) wrong.push(`${key} -> ${res.status} for support`);
        continue;
      }
      const res = await call(op, support);
      const problems = errorAnswerProblems(res);
      if (res.status !== 403 || problems.length) wrong.push(`${key} -> ${res.status} ${problems.join('; ')}`);
      if (!op.forbidsSomeRole) wrong.push(`${key} does not document its 403`);
    }
    expect(wrong).toEqual([]);
    // Every change a support user may make was found in the document (the list above is not stale).
    expect(mutations.filter((op) => SUPPORT_MAY_CHANGE.has(`${op.method} ${op.template}`))).toHaveLength(
      SUPPORT_MAY_CHANGE.size,
    );
  });

  it('lets a support user read what it may and answers 403 on the staff-only reads', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const res = await call(op, support);
      const expected =
        op.forbidsSomeRole && !FORBIDDEN_BY_PARAMETER.has(`${op.method} ${op.template}`) ? [403] : [200, 404];
      if (!expected.includes(res.status)) wrong.push(`${op.method} ${op.template} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('ends the support session on its sign-out, and the admin session is unaffected', async () => {
    const logout = operations.find((op) => op.template === '/api/admin/logout')!;
    expect((await call(logout, support)).status).toBe(204);
    const me = operations.find((op) => op.template === '/api/admin/me')!;
    const after = await call(me, support);
    expect(after.status).toBe(401);
    expect(errorAnswerProblems(after)).toEqual([]);
    expect((await call(me, admin)).status).toBe(200);
    expect(serverErrors).toBe(0);
  });
});
