// Staff sign-in against the built server: password spraying from one address and guessing one account
// from many addresses are refused with a 429 that says how long to wait (and the right password works
// once that has passed); the audit trail lists the failures with their address; a sign-in challenge is
// never a session; wrong second-factor codes are throttled; and with STAFF_MFA_REQUIRED a user without
// two-factor gets a token that every admin operation but enrolment answers 403.
import { generate } from 'otplib';
import { errorAnswerProblems, rawRequest, type RawAnswer } from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

// As in backend/src/auth/sign-in-limiter.ts (the numbers docs/api.md states).
const ADDRESS_FAILURES = 20;
const ACCOUNT_FREE_FAILURES = 10;
const CODE_FREE_FAILURES = 5;
const LOGIN_PER_MINUTE = 5;
/** The routes a user who must still set up two-factor may call. */
const DURING_ENROLMENT = new Set([
  'GET /api/admin/me',
  'POST /api/admin/logout',
  'POST /api/admin/me/mfa',
  'POST /api/admin/me/mfa/confirm',
]);

let requests = 0;
let serverErrors = 0;
let addressCounter = 0;
const freshAddress = () => `10.71.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
/** Records this server's figures (each describe runs its own) and starts counting again. */
function flushFigures(): void {
  recordFigures('staff-sign-in', { requests, serverErrors });
  requests = 0;
  serverErrors = 0;
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Operation {
  method: string;
  template: string;
  hasBody: boolean;
}

async function send(
  h: StoreHarness,
  method: string,
  path: string,
  { json, headers = {} }: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  requests++;
  const res = await rawRequest(h, method, path, {
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (res.status >= 500) serverErrors++;
  return res;
}

const login = (h: StoreHarness, username: string, password: string, address = freshAddress()) =>
  send(h, 'POST', '/api/admin/login', {
    json: { username, password },
    headers: { 'x-forwarded-for': address },
  });

const loginMfa = (h: StoreHarness, challenge: string, code: string, address = freshAddress()) =>
  send(h, 'POST', '/api/admin/login/mfa', {
    json: { challenge, code },
    headers: { 'x-forwarded-for': address },
  });

/** Every back-office operation but the two sign-in steps, from the server's OpenAPI document. */
async function adminOperations(h: StoreHarness): Promise<Operation[]> {
  const doc = (await h.request('GET', '/api/docs-json')).body as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths)
    .filter(([template]) => template.startsWith('/api/admin/') && !template.startsWith('/api/admin/login'))
    .flatMap(([template, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        hasBody: Boolean(op.requestBody),
      })),
    );
}

function callOperation(h: StoreHarness, op: Operation, authorization: string): Promise<RawAnswer> {
  const path = op.template.replace(
    /\{[^}]+\}/g,
    op.template.includes('/staff/') ? '987654' : '00000000-0000-4000-8000-000000000000',
  );
  return send(h, op.method, path, {
    json: op.hasBody ? {} : undefined,
    headers: { authorization, 'x-forwarded-for': '10.72.0.1' },
  });
}

const bearer = (res: RawAnswer) => `Bearer ${(res.body as { token: string }).token}`;

describe(`staff sign-in limits and two-factor on the real process (${DRIVER})`, () => {
  let h: StoreHarness;
  let admin: string;
  let operations: Operation[];

  beforeAll(async () => {
    h = await StoreHarness.start();
    admin = await h.adminAuth();
    operations = await adminOperations(h);
    requests += 2;
  });
  afterAll(async () => {
    flushFigures();
    await h?.close();
  });

  const createStaff = async (username: string) => {
    const password = `${username}-Kx7-harbour`;
    const res = await send(h, 'POST', '/api/admin/staff', {
      json: { username, password, role: 'support' },
      headers: { authorization: admin },
    });
    expect(res.status).toBe(201);
    return password;
  };

  it('refuses password spraying from one address after its failures, with Retry-After', async () => {
    const address = freshAddress();
    const usernames = Array.from({ length: 12 }, (_, i) => `sprayed-${i}`);
    const statuses: number[] = [];
    for (let round = 0; round < LOGIN_PER_MINUTE; round++)
      for (const username of usernames)
        statuses.push((await login(h, username, `Winter2026!-${round}`, address)).status);
    expect(statuses.slice(0, ADDRESS_FAILURES)).toEqual(Array(ADDRESS_FAILURES).fill(401));
    expect(statuses.slice(ADDRESS_FAILURES)).toEqual(Array(statuses.length - ADDRESS_FAILURES).fill(429));
    const refused = await login(h, 'admin', h.adminPassword, address);
    expect(refused.status).toBe(429);
    expect(errorAnswerProblems(refused)).toEqual([]);
    expect((refused.body as { message: string }).message).toMatch(/from this address/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await login(h, 'admin', h.adminPassword)).status).toBe(200);
  });

  it('backs one account off across addresses, and lets the right password in once the wait is over', async () => {
    const password = await createStaff('guessed-everywhere');
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      expect((await login(h, 'guessed-everywhere', `guess-${i}`)).status).toBe(401);
    const waiting = await login(h, 'guessed-everywhere', password);
    expect(waiting.status).toBe(429);
    expect(errorAnswerProblems(waiting)).toEqual([]);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    await sleep(retryAfter * 1000 + 100);
    expect((await login(h, 'guessed-everywhere', password)).status).toBe(200);
  });

  it('lists failed sign-ins in the audit trail with their address, never the password', async () => {
    const address = freshAddress();
    await createStaff('audited-elsewhere');
    expect((await login(h, 'audited-elsewhere', 'typed-secret-Qz9', address)).status).toBe(401);
    // A username that names no account is often a password typed into the wrong field: not kept.
    expect((await login(h, 'Typed-Secret-In-Username-7', 'typed-secret-Qz8', address)).status).toBe(401);
    const res = await send(
      h,
      'GET',
      `/api/admin/audit?filter=${encodeURIComponent('{"resource":"auth"}')}&range=[0,499]`,
      { headers: { authorization: admin } },
    );
    expect(res.status).toBe(200);
    const entries = res.body as { action: string; after: Record<string, unknown> }[];
    expect(entries.filter((e) => e.after.address === address)).toEqual([
      expect.objectContaining({
        action: 'auth.login-failed',
        actorUsername: '(no such account)',
        after: { address, username: null, step: 'password' },
      }),
      expect.objectContaining({
        action: 'auth.login-failed',
        after: { address, username: 'audited-elsewhere', step: 'password' },
      }),
    ]);
    expect(entries.length).toBeGreaterThan(ADDRESS_FAILURES);
    expect(res.text).not.toMatch(/typed-secret|Winter2026/i);
  });

  describe('with two-factor on', () => {
    let password: string;
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(async () => {
      password = await createStaff('two-factor');
      const token = bearer(await login(h, 'two-factor', password));
      const started = await send(h, 'POST', '/api/admin/me/mfa', { headers: { authorization: token } });
      expect(started.status).toBe(200);
      secret = (started.body as { secret: string }).secret;
      const confirmed = await send(h, 'POST', '/api/admin/me/mfa/confirm', {
        json: { code: await generate({ secret }) },
        headers: { authorization: token },
      });
      expect(confirmed.status).toBe(200);
      recoveryCodes = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
      expect(recoveryCodes).toHaveLength(10);
    });

    const challenge = async () => {
      const res = await login(h, 'two-factor', password);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, mfaRequired: true });
      return (res.body as { challenge: string }).challenge;
    };

    it('answers every admin operation 401 to a sign-in challenge used as a bearer token', async () => {
      const token = `Bearer ${await challenge()}`;
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await callOperation(h, op, token);
        const problems = errorAnswerProblems(res);
        if (res.status !== 401 || problems.length)
          wrong.push(`${op.method} ${op.template} -> ${res.status} ${problems.join('; ')}`);
      }
      expect(wrong).toEqual([]);
      expect(operations.some((op) => op.template === '/api/admin/me/mfa')).toBe(true);
    });

    it('throttles wrong codes per address and user, then backs the account off', async () => {
      const pending = await challenge();
      const address = freshAddress();
      for (let i = 0; i < LOGIN_PER_MINUTE; i++)
        expect((await loginMfa(h, pending, `00000${i}`, address)).status).toBe(401);
      const limited = await loginMfa(h, pending, '000009', address);
      expect(limited.status).toBe(429);
      expect(errorAnswerProblems(limited)).toEqual([]);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address: the account has used its free failures and must wait, even with a good code.
      expect(LOGIN_PER_MINUTE).toBe(CODE_FREE_FAILURES);
      const waiting = await loginMfa(h, pending, recoveryCodes[0]!);
      expect(waiting.status).toBe(429);
      await sleep(Number(waiting.headers.get('retry-after')) * 1000 + 100);
      const signedIn = await loginMfa(h, pending, recoveryCodes[0]!);
      expect(signedIn.status).toBe(200);
      // Used once.
      expect((await loginMfa(h, await challenge(), recoveryCodes[0]!)).status).toBe(401);
      expect(serverErrors).toBe(0);
    });
  });
});

describe(`STAFF_MFA_REQUIRED=true on the real process (${DRIVER})`, () => {
  let h: StoreHarness;

  beforeAll(async () => {
    h = await StoreHarness.start({ env: { STAFF_MFA_REQUIRED: 'true' } });
  });
  afterAll(async () => {
    flushFigures();
    await h?.close();
  });

  it('answers an enrolment-only token 403 on every admin operation but enrolment, itself and sign-out', async () => {
    const signedIn = await login(h, 'admin', h.adminPassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { mfaEnabled: false, mfaEnrolmentRequired: true } });
    const token = bearer(signedIn);
    const operations = await adminOperations(h);
    const wrong: string[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.template}`;
      if (DURING_ENROLMENT.has(key)) continue;
      const res = await callOperation(h, op, token);
      const problems = errorAnswerProblems(res);
      const message = (res.body as { message?: unknown } | undefined)?.message;
      if (res.status !== 403 || message !== 'Set up two-factor authentication first' || problems.length)
        wrong.push(`${key} -> ${res.status} ${JSON.stringify(message)} ${problems.join('; ')}`);
    }
    expect(wrong).toEqual([]);
    expect(operations.filter((op) => DURING_ENROLMENT.has(`${op.method} ${op.template}`))).toHaveLength(
      DURING_ENROLMENT.size,
    );

    const me = await send(h, 'GET', '/api/admin/me', { headers: { authorization: token } });
    expect(me.status).toBe(200);
    const started = await send(h, 'POST', '/api/admin/me/mfa', { headers: { authorization: token } });
    expect(started.status).toBe(200);
    const confirmed = await send(h, 'POST', '/api/admin/me/mfa/confirm', {
      json: { code: await generate({ secret: (started.body as { secret: string }).secret }) },
      headers: { authorization: token },
    });
    expect(confirmed.status).toBe(200);
    const full = bearer(confirmed);
    expect((await send(h, 'GET', '/api/admin/orders', { headers: { authorization: full } })).status).toBe(
      200,
    );
    expect((await send(h, 'GET', '/api/admin/orders', { headers: { authorization: token } })).status).toBe(
      401,
    );
    expect((await send(h, 'POST', '/api/admin/logout', { headers: { authorization: full } })).status).toBe(
      204,
    );
    expect(serverErrors).toBe(0);
  });
});
