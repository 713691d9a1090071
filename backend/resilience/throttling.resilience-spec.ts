// The public forms that can be abused by repetition answer 429 past their limits: failed sign-ins,
// coupon guessing, access-link requests, contact posts and key activations. The limits are read from the
// routes' own @Throttle metadata, the 429 must start at exactly the request after the limit, and another
// client address (X-Forwarded-For; the harness trusts its loopback proxy, TRUST_PROXY=loopback) is not affected.
import 'reflect-metadata';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AccountController } from '../src/account/account.controller.js';
import { AuthController } from '../src/auth/auth.controller.js';
import { LoginThrottlerGuard } from '../src/auth/guards.js';
import { ContactController } from '../src/messages/contact.controller.js';
import { CouponsController } from '../src/coupons/coupons.controller.js';
import { LicenseActivationsController } from '../src/license-keys/license-activations.controller.js';
import { errorAnswerProblems, rawRequest, type RawAnswer } from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

let requests = 0;
let serverErrors = 0;

type Handler = (...args: never[]) => unknown;

/** The limit and window a route declares with @Throttle (method first, then its controller). */
function declaredLimit(controller: { prototype: object }, method: string): { limit: number; ttl: number } {
  const handler = (controller.prototype as Record<string, Handler>)[method]!;
  const read = (key: string) =>
    (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as number | undefined;
  const guards = [
    ...((Reflect.getMetadata('__guards__', handler) as unknown[] | undefined) ?? []),
    ...((Reflect.getMetadata('__guards__', controller) as unknown[] | undefined) ?? []),
  ];
  // Without a ThrottlerGuard on the route, the @Throttle numbers would be decoration only.
  expect(
    guards.some(
      (g) => g === ThrottlerGuard || (g as { prototype?: unknown }).prototype instanceof ThrottlerGuard,
    ),
  ).toBe(true);
  const limit = read('THROTTLER:LIMITdefault');
  const ttl = read('THROTTLER:TTLdefault');
  if (limit === undefined || ttl === undefined) throw new Error(`${method} declares no @Throttle limit`);
  return { limit, ttl };
}

describe(`rate limits on the public forms (${DRIVER})`, () => {
  let h: StoreHarness;

  beforeAll(async () => {
    h = await StoreHarness.start();
  });
  afterAll(async () => {
    recordFigures('throttling', { requests, serverErrors });
    await h?.close();
  });

  const post = async (path: string, json: unknown, address: string): Promise<RawAnswer> => {
    requests++;
    const res = await rawRequest(h, 'POST', path, {
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(json),
    });
    if (res.status >= 500) serverErrors++;
    return res;
  };

  /**
   * Sends `limit` requests that must all pass the limiter with `allowed`, then one more that must be a
   * 429 in the API's error shape with a Retry-After, then the same request from another address, which
   * must not be limited.
   */
  async function expectLimit(
    path: string,
    limit: number,
    body: (n: number) => unknown,
    allowed: number,
    address: string,
    otherAddress: string,
  ) {
    const statuses: number[] = [];
    for (let n = 1; n <= limit; n++) statuses.push((await post(path, body(n), address)).status);
    expect(statuses).toEqual(Array(limit).fill(allowed));
    const limited = await post(path, body(limit + 1), address);
    expect(limited.status).toBe(429);
    expect(errorAnswerProblems(limited)).toEqual([]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Still limited on the next try: the window does not reset on a refusal.
    expect((await post(path, body(limit + 2), address)).status).toBe(429);
    expect((await post(path, body(1), otherAddress)).status).toBe(allowed);
  }

  it('reads every limit from the routes, each a one-minute window', () => {
    const limits = {
      login: declaredLimit(AuthController, 'login'),
      coupons: declaredLimit(CouponsController, 'validate'),
      accessLink: declaredLimit(AccountController, 'requestLink'),
      contact: declaredLimit(ContactController, 'create'),
      activate: declaredLimit(LicenseActivationsController, 'activate'),
    };
    for (const { ttl, limit } of Object.values(limits)) {
      expect(ttl).toBe(60_000);
      expect(limit).toBeGreaterThanOrEqual(3);
      expect(limit).toBeLessThanOrEqual(30);
    }
    // Sign-ins are counted per address and username together.
    expect(Reflect.getMetadata('__guards__', AuthController.prototype.login)).toContain(LoginThrottlerGuard);
  });

  it('limits failed sign-ins per address and username: 429 from the attempt after the limit', async () => {
    const { limit } = declaredLimit(AuthController, 'login');
    const wrong = { username: 'admin', password: 'not-the-password-at-all' };
    await expectLimit('/api/admin/login', limit, () => wrong, 401, '10.61.0.1', '10.61.0.2');
    // The right password does not get through either while the address is limited.
    expect(
      (await post('/api/admin/login', { username: 'admin', password: h.adminPassword }, '10.61.0.1')).status,
    ).toBe(429);
    // Counted per address and username: another name from the same address is its own count.
    expect(
      (await post('/api/admin/login', { username: 'someone-else', password: 'x'.repeat(12) }, '10.61.0.1'))
        .status,
    ).toBe(401);
  });

  it('limits coupon checks: guessing stops at the limit, even for a valid code', async () => {
    const { limit } = declaredLimit(CouponsController, 'validate');
    await expectLimit(
      '/api/coupons/validate',
      limit,
      (n) => ({ code: `GUESS${n}` }),
      404,
      '10.62.0.1',
      '10.62.0.2',
    );
    expect((await post('/api/coupons/validate', { code: 'SAVE10' }, '10.62.0.1')).status).toBe(429);
    expect((await post('/api/coupons/validate', { code: 'SAVE10' }, '10.62.0.3')).status).toBe(200);
  });

  it('limits access-link requests', async () => {
    const { limit } = declaredLimit(AccountController, 'requestLink');
    await expectLimit(
      '/api/account/link',
      limit,
      (n) => ({ email: `shopper${n}@example.com` }),
      202,
      '10.63.0.1',
      '10.63.0.2',
    );
  });

  it('limits contact posts', async () => {
    const { limit } = declaredLimit(ContactController, 'create');
    const message = (n: number) => ({
      name: 'Jane Doe',
      email: 'jane@example.com',
      subject: `Question ${n}`,
      category: 'general',
      message: 'Is the key for Mac too?',
    });
    await expectLimit('/api/contact', limit, message, 201, '10.64.0.1', '10.64.0.2');
    // Only the posts that got through were stored.
    const stored = await h.db.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM contact_messages');
    expect(Number(stored[0]!.n)).toBe(limit + 1);
  });

  it('limits key activations per address, counted apart from the other licence routes', async () => {
    const { limit } = declaredLimit(LicenseActivationsController, 'activate');
    const body = (n: number) => ({ licenseKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instanceId: `pc-${n}` });
    await expectLimit('/api/licenses/activate', limit, body, 404, '10.65.0.1', '10.65.0.2');
    expect((await post('/api/licenses/deactivate', body(1), '10.65.0.1')).status).toBe(404);
    expect(serverErrors).toBe(0);
  });
});
