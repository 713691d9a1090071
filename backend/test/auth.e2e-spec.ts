import { JwtService } from '@nestjs/jwt';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { hashPassword } from '../src/staff/passwords.js';
import { DEV_DEFAULTS } from '../src/config/app-config.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

const ADMIN = { username: DEV_DEFAULTS.adminUsername, password: DEV_DEFAULTS.adminPassword };
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('staff auth: login, deny-by-default guard, roles, logout, throttling', () => {
  let t: TestApp;
  let admin: StaffMember;

  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For; the throttling test relies on it.
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await t.db.getRepository(StaffMember).findOneByOrFail({ username: ADMIN.username });
  });
  afterAll(() => t.close());

  const login = (body: object, ip = '10.0.0.1') =>
    t.http().post('/api/admin/login').set('x-forwarded-for', ip).send(body);

  /** A token the server itself would issue, for the given payload and signing options. */
  const sign = (payload: object, options: Record<string, unknown> = {}, secret = t.config.jwtSecret) =>
    new JwtService().sign(
      payload as Record<string, unknown>,
      Object.fromEntries(
        Object.entries({
          secret,
          algorithm: 'HS256',
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          expiresIn: 3600,
          ...options,
        })
          // null removes an option (an expired token carries its own exp).
          .filter(([, value]) => value !== null),
      ),
    );

  const adminPayload = () => ({
    sub: admin.id,
    username: admin.username,
    role: admin.role,
    ver: admin.tokenVersion,
  });

  it('signs the administrator in with a bearer token and the user', async () => {
    const res = await login(ADMIN).expect(200);
    expect(res.body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: {
        id: admin.id,
        username: 'admin',
        role: 'admin',
        mfaEnabled: false,
        mfaEnrolmentRequired: false,
      },
    });
    const header = JSON.parse(Buffer.from(res.body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(8 * 60 * 60);

    const me = await t
      .http()
      .get('/api/admin/me')
      .set('authorization', `Bearer ${res.body.token}`)
      .expect(200);
    expect(me.body).toEqual(res.body.user);
  });

  it('refuses wrong credentials with 401 Invalid credentials', async () => {
    const wrongPassword = await login({ ...ADMIN, password: 'not-the-password' }, '10.0.0.2').expect(401);
    expect(wrongPassword.body).toEqual({
      statusCode: 401,
      message: 'Invalid credentials',
      error: 'Unauthorized',
      requestId: expect.any(String),
    });
    const unknownUser = await login({ username: 'nobody', password: 'whatever-password' }, '10.0.0.2').expect(
      401,
    );
    expect(unknownUser.body.message).toBe('Invalid credentials');
  });

  it('names each missing field with a 400', async () => {
    const both = await login({}, '10.0.0.3').expect(400);
    expect(both.body).toEqual({
      statusCode: 400,
      message: 'Username is required; Password is required',
      error: 'Bad Request',
      errors: [
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ],
      requestId: expect.any(String),
    });
    const blank = await login({ username: '   ', password: 'x' }, '10.0.0.3').expect(400);
    expect(problems(blank.body)).toEqual(['Username is required']);
    const noPassword = await login({ username: 'admin', password: '' }, '10.0.0.3').expect(400);
    expect(problems(noPassword.body)).toEqual(['Password is required']);
    const wrongType = await login({ username: 42, password: ['x'] }, '10.0.0.3').expect(400);
    expect(problems(wrongType.body)).toEqual(['Username is required', 'Password is required']);
  });

  it('refuses unknown properties', async () => {
    const res = await login({ ...ADMIN, role: 'admin' }, '10.0.0.4').expect(400);
    expect(problems(res.body)).toEqual(['property role should not exist']);
  });

  describe('the guard denies /api/admin by default', () => {
    const protectedRoutes = [
      ['get', '/api/admin/orders'],
      ['get', '/api/admin/me'],
      ['post', '/api/admin/logout'],
    ] as const;

    const expect401 = async (authorization?: string) => {
      for (const [method, path] of protectedRoutes) {
        const req = t.http()[method](path);
        if (authorization !== undefined) req.set('authorization', authorization);
        const res = await req.expect(401);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    };

    it('without a token', () => expect401());
    it('with a malformed token', () => expect401('Bearer not.a.jwt'));
    it('with another scheme', async () => expect401(`Basic ${Buffer.from('admin:x').toString('base64')}`));
    it('with an alg:none token', () =>
      expect401(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(adminPayload())}.`));
    it('with a token signed by another secret', () =>
      expect401(`Bearer ${sign(adminPayload(), {}, 'another-secret-that-is-long-enough-000000')}`));
    it('with an expired token', () =>
      expect401(
        `Bearer ${sign({ ...adminPayload(), iat: 1_000_000, exp: 1_000_060 }, { expiresIn: null })}`,
      ));
    it('with the wrong issuer or audience', async () => {
      await expect401(`Bearer ${sign(adminPayload(), { issuer: 'someone-else' })}`);
      await expect401(`Bearer ${sign(adminPayload(), { audience: 'another-app' })}`);
    });
    it('with an HS512 token', () => expect401(`Bearer ${sign(adminPayload(), { algorithm: 'HS512' })}`));
    it('with a token for a user that does not exist', () =>
      expect401(`Bearer ${sign({ ...adminPayload(), sub: 999_999 })}`));

    it('and lets a valid token through to the simple-rest list', async () => {
      const res = await t
        .http()
        .get('/api/admin/orders')
        .set('authorization', `Bearer ${sign(adminPayload())}`)
        .expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['content-range']).toBe('orders */0');
    });
  });

  it('ends every session of the user on logout', async () => {
    const user = await t.db.getRepository(StaffMember).save({
      username: 'logout-test',
      passwordHash: await hashPassword('logout-test-password'),
      role: 'support',
    });
    const first = (
      await login({ username: 'logout-test', password: 'logout-test-password' }, '10.0.0.5').expect(200)
    ).body.token;
    const second = (
      await login({ username: 'logout-test', password: 'logout-test-password' }, '10.0.0.5').expect(200)
    ).body.token;
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${first}`).expect(200);
    await t.http().post('/api/admin/logout').set('authorization', `Bearer ${first}`).expect(204);
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${first}`).expect(401);
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${second}`).expect(401);
    const third = (
      await login({ username: 'logout-test', password: 'logout-test-password' }, '10.0.0.5').expect(200)
    ).body.token;
    const me = await t.http().get('/api/admin/me').set('authorization', `Bearer ${third}`).expect(200);
    expect(me.body).toEqual({
      id: user.id,
      username: 'logout-test',
      role: 'support',
      mfaEnabled: false,
      mfaEnrolmentRequired: false,
    });
  });

  it('throttles login attempts per address and username: 429 after five a minute', async () => {
    const ip = '10.0.9.9';
    for (let i = 0; i < 5; i++) {
      await login({ username: 'admin', password: `wrong-${i}` }, ip).expect(401);
    }
    const blocked = await login({ username: 'admin', password: 'wrong-again' }, ip).expect(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Even the right password is refused while blocked ...
    await login(ADMIN, ip).expect(429);
    // ... but the same address may still sign in as someone else, and another address as admin.
    await login({ username: 'someone', password: 'wrong' }, ip).expect(401);
    await login(ADMIN, '10.0.9.10').expect(200);
  });
});
