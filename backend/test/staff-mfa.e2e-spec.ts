import { JwtService } from '@nestjs/jwt';
import { generate } from 'otplib';
import { IsNull, Not } from 'typeorm';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { RecoveryCode } from '../src/staff/entities/recovery-code.entity.js';
import { JWT_ISSUER, MFA_CHALLENGE_AUDIENCE } from '../src/auth/jwt.constants.js';
import { hashPassword } from '../src/staff/passwords.js';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limiter.js';
import { CHALLENGE_EXPIRED } from '../src/auth/auth.service.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import type { StaffRole } from '../src/common/staff-user.dto.js';
import { problems } from './support/problems.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
let addressCounter = 0;
/** A client address no other test uses (the apps trust one proxy hop). */
const freshAddress = () => `10.45.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Staff sign-in and two-factor calls against one test app. */
function staffClient(t: TestApp) {
  const login = (username: string, password: string, address = freshAddress()) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', address).send({ username, password });
  const loginMfa = (challenge: string, code: string, address = freshAddress()) =>
    t.http().post('/api/admin/login/mfa').set('x-forwarded-for', address).send({ challenge, code });
  const createUser = async (username: string, role: StaffRole = 'support') => {
    const password = `${username}-correct-password`;
    await t.db
      .getRepository(StaffMember)
      .save({ username, passwordHash: await hashPassword(password), role });
    return password;
  };
  const bearer = async (username: string, password: string) =>
    `Bearer ${(await login(username, password).expect(200)).body.token as string}`;
  /** Creates a user, signs in and turns two-factor on; answers what the user was shown. */
  const enrolled = async (username: string, role: StaffRole = 'support') => {
    const password = await createUser(username, role);
    const token = await bearer(username, password);
    const { secret } = (await t.http().post('/api/admin/me/mfa').set('authorization', token).expect(200))
      .body;
    const confirmCode = await totp(secret);
    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', token)
      .send({ code: confirmCode })
      .expect(200);
    return {
      password,
      confirmCode,
      secret: secret as string,
      recoveryCodes: confirmed.body.recoveryCodes as string[],
      token: `Bearer ${confirmed.body.token as string}`,
    };
  };
  const challengeFor = async (username: string, password: string) => {
    const res = await login(username, password).expect(200);
    expect(res.body).toEqual({ success: false, mfaRequired: true, challenge: expect.any(String) });
    return res.body.challenge as string;
  };
  return { login, loginMfa, createUser, bearer, enrolled, challengeFor };
}

describe(`staff two-factor authentication (TOTP) on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let c: ReturnType<typeof staffClient>;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    c = staffClient(t);
    admin = await signIn(t, 'admin', 'mfa-admin');
    support = await signIn(t, 'support');
  });
  afterAll(() => t.close());

  it('enrols with a code from the secret, answers ten recovery codes once, and ends the earlier sessions', async () => {
    const password = await c.createUser('mfa-enrol');
    const before = await c.bearer('mfa-enrol', password);
    const me = await t.http().get('/api/admin/me').set('authorization', before).expect(200);
    expect(me.body).toMatchObject({ mfaEnabled: false, mfaEnrolmentRequired: false });

    const started = await t.http().post('/api/admin/me/mfa').set('authorization', before).expect(200);
    expect(started.headers['cache-control']).toBe('no-store');
    expect(started.body).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUrl: expect.any(String),
    });
    const url = new URL(started.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(started.body.secret);
    expect(url.searchParams.get('issuer')).toBe(t.config.store.name);
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${t.config.store.name}:mfa-enrol`);
    // Sealed at rest.
    const stored = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'mfa-enrol' });
    expect(stored.mfaSecret).toMatch(/^v1:/);
    expect(stored.mfaSecret).not.toContain(started.body.secret);
    expect(stored.mfaEnabled).toBe(false);

    // Starting over replaces the pending secret: a code for the first one no longer confirms.
    const restarted = await t.http().post('/api/admin/me/mfa').set('authorization', before).expect(200);
    expect(restarted.body.secret).not.toBe(started.body.secret);
    const wrong = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', before)
      .send({ code: await totp(started.body.secret) })
      .expect(400);
    expect(wrong.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid code',
      requestId: expect.any(String),
    });
    const missing = await t.http().post('/api/admin/me/mfa/confirm').set('authorization', before).send({});
    expect(missing.status).toBe(400);
    expect(problems(missing.body)).toEqual(['Code is required']);

    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', before)
      .send({ code: await totp(restarted.body.secret) })
      .expect(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept only as hashes.
    const rows = await t.db.getRepository(RecoveryCode).findBy({ userId: stored.id });
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(codes.join(' ')).not.toContain(row.codeHash.slice(0, 10));

    // The session signed in without the second factor has ended; the answer's token replaces it.
    await t.http().get('/api/admin/me').set('authorization', before).expect(401);
    const after = `Bearer ${confirmed.body.token as string}`;
    const meAfter = await t.http().get('/api/admin/me').set('authorization', after).expect(200);
    expect(meAfter.body).toMatchObject({
      username: 'mfa-enrol',
      mfaEnabled: true,
      mfaEnrolmentRequired: false,
    });
    // On once: starting again is a 409 until an administrator resets it.
    const again = await t.http().post('/api/admin/me/mfa').set('authorization', after).expect(409);
    expect(again.body.message).toMatch(/already on/);
    await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', after)
      .send({ code: await totp(restarted.body.secret) })
      .expect(409);
    const audited = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'users.mfa-enable', resourceId: String(stored.id) });
    expect(audited).toHaveLength(1);
  });

  it('asks for the code after the password; a TOTP code works once, a recovery code once', async () => {
    const user = await c.enrolled('mfa-login');
    const challenge = await c.challengeFor('mfa-login', user.password);

    // The code that confirmed the enrolment has been used: the app's next one signs in.
    await c.loginMfa(challenge, user.confirmCode).expect(401);
    const next = await totp(user.secret, 1);
    const signedIn = await c.loginMfa(challenge, next).expect(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.body).toEqual({
      success: true,
      token: expect.any(String),
      user: expect.objectContaining({ username: 'mfa-login', mfaEnabled: true, mfaEnrolmentRequired: false }),
    });
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${signedIn.body.token}`).expect(200);
    // Replayed, even with a fresh challenge: refused.
    const replay = await c.loginMfa(await c.challengeFor('mfa-login', user.password), next).expect(401);
    expect(replay.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid code',
      requestId: expect.any(String),
    });

    // A recovery code, typed as people do (upper case, spaces), works once.
    const recovery = user.recoveryCodes[3]!;
    const typed = ` ${recovery.toUpperCase().replace('-', ' ')} `;
    await c.loginMfa(await c.challengeFor('mfa-login', user.password), typed).expect(200);
    await c.loginMfa(await c.challengeFor('mfa-login', user.password), recovery).expect(401);
    const { id } = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'mfa-login' });
    expect(await t.db.getRepository(RecoveryCode).countBy({ userId: id, usedAt: Not(IsNull()) })).toBe(1);
    // Another one still works.
    await c.loginMfa(await c.challengeFor('mfa-login', user.password), user.recoveryCodes[4]!).expect(200);
  });

  it('refuses challenges that are not one: as a bearer token, forged, another kind, or after sign-out', async () => {
    const user = await c.enrolled('mfa-challenge');
    const challenge = await c.challengeFor('mfa-challenge', user.password);
    // The challenge is not a session.
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${challenge}`).expect(401);
    await t.http().get('/api/admin/orders').set('authorization', `Bearer ${challenge}`).expect(401);
    // A session is not a challenge.
    const asChallenge = await c
      .loginMfa(user.token.slice('Bearer '.length), user.recoveryCodes[0]!)
      .expect(401);
    expect(asChallenge.body.message).toBe('Sign-in has expired: enter your password again');
    // Tampered: another user's id with the old signature.
    const [head, , signature] = challenge.split('.');
    const claims = JSON.parse(Buffer.from(challenge.split('.')[1]!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 1 })).toString('base64url')}.${signature}`;
    await c.loginMfa(forged, user.recoveryCodes[0]!).expect(401);
    await c.loginMfa('not-a-challenge', '123456').expect(401);
    // Signed with the right secret but without `exp`: it would never expire.
    const { sub, ver } = claims as { sub: number; ver: number };
    const endless = new JwtService().sign(
      { sub, ver },
      {
        secret: t.config.jwtSecret,
        algorithm: 'HS256',
        issuer: JWT_ISSUER,
        audience: MFA_CHALLENGE_AUDIENCE,
      },
    );
    await c.loginMfa(endless, user.recoveryCodes[0]!).expect(401);
    const invalid = await c.loginMfa(42 as never, ['x'] as never).expect(400);
    expect(problems(invalid.body)).toEqual(['Challenge is required', 'Code is required']);
    // Signing out ends the challenges issued before, like the sessions.
    await t.http().post('/api/admin/logout').set('authorization', user.token).expect(204);
    await c.loginMfa(challenge, user.recoveryCodes[0]!).expect(401);
    // The recovery code was not spent by any of these.
    await c
      .loginMfa(await c.challengeFor('mfa-challenge', user.password), user.recoveryCodes[0]!)
      .expect(200);
  });

  it('throttles wrong codes per address and user, and backs the account off across addresses', async () => {
    const user = await c.enrolled('mfa-guessed');
    const challenge = await c.challengeFor('mfa-guessed', user.password);
    const address = freshAddress();
    const guesses = ['000000', '111111', '222222', '333333', '444444'];
    const { freeFailures, firstDelayMs } = SIGN_IN_LIMITS.perAccount.code;
    expect(guesses.length).toBe(freeFailures);
    // The limiter's clock stands still while the guesses are made (under CI's lanes they outlasted the
    // one-second back-off, which then rightly let the next attempt in), then moves past the back-off.
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      for (const guess of guesses) await c.loginMfa(challenge, guess, address).expect(401);
      const limited = await c.loginMfa(challenge, '555555', address).expect(429);
      expect(limited.body.statusCode).toBe(429);
      // From another address: the account has had its free failures and waits.
      const elsewhere = await c.loginMfa(challenge, user.recoveryCodes[0]!, freshAddress()).expect(429);
      expect(elsewhere.body.message).toMatch(/^Too many failed sign-in attempts for this account\./);
      expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      clock.mockReturnValue(start + firstDelayMs + 100);
      await c.loginMfa(challenge, user.recoveryCodes[0]!, freshAddress()).expect(200);
    } finally {
      clock.mockRestore();
    }

    const failures = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'auth.mfa-failed', actorUsername: 'mfa-guessed' });
    expect(failures).toHaveLength(freeFailures);
    expect(failures[0]!.after).toEqual({ address, username: 'mfa-guessed', step: 'code' });
    expect(JSON.stringify(failures)).not.toMatch(/000000|111111/);
  });

  it('lets the owner in from an address they signed in from while wrong codes from elsewhere back the account off', async () => {
    const user = await c.enrolled('mfa-kept-out');
    const challengeFrom = async (address: string) =>
      (await c.login('mfa-kept-out', user.password, address).expect(200)).body.challenge as string;
    // The owner signs in (both steps) from the office: that address is known, and the sign-in audited.
    const office = freshAddress();
    await c.loginMfa(await challengeFrom(office), user.recoveryCodes[0]!, office).expect(200);
    // (The first sign-in, before enrolling, was the password alone.)
    const signIns = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'auth.login', actorUsername: 'mfa-kept-out' }, order: { id: 'ASC' } });
    expect(signIns.map((e) => e.after)).toEqual([
      { address: expect.any(String), username: 'mfa-kept-out', step: 'password' },
      { address: office, username: 'mfa-kept-out', step: 'code' },
    ]);

    // Someone who knows the password guesses codes from many addresses, past the free failures, each
    // further guess waiting out the doubling delay (1 s, 2 s, 4 s: the account now waits 8 s).
    const attacker = freshAddress();
    const stolen = await challengeFrom(attacker);
    const { freeFailures } = SIGN_IN_LIMITS.perAccount.code;
    for (let i = 0; i < freeFailures; i++) await c.loginMfa(stolen, `00000${i}`).expect(401);
    for (const seconds of [1, 2, 4]) {
      await sleep(seconds * 1000 + 100);
      await c.loginMfa(stolen, `11111${seconds}`).expect(401);
    }
    // Passing the password step made the attacker's address no known one: it waits like any other.
    const refused = await c.loginMfa(stolen, '222222', attacker).expect(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts for this account\./);
    // The owner, from the office, is not kept out.
    await c.loginMfa(await challengeFrom(office), user.recoveryCodes[1]!, office).expect(200);
  });

  it('redeems a challenge once, also when two redemptions race; a wrong code leaves it for another try', async () => {
    const user = await c.enrolled('mfa-replayed');
    const { id } = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'mfa-replayed' });
    const spent = () => t.db.getRepository(RecoveryCode).countBy({ userId: id, usedAt: Not(IsNull()) });
    const challenge = await c.challengeFor('mfa-replayed', user.password);
    await c.loginMfa(challenge, '000000').expect(401);
    await c.loginMfa(challenge, user.recoveryCodes[0]!).expect(200);
    // The same challenge again, with another good code: refused, and the code is not spent.
    const again = await c.loginMfa(challenge, user.recoveryCodes[1]!).expect(401);
    expect(again.body.message).toBe(CHALLENGE_EXPIRED);
    expect(await spent()).toBe(1);

    const raced = await c.challengeFor('mfa-replayed', user.password);
    const answers = await Promise.all(
      [user.recoveryCodes[1]!, user.recoveryCodes[2]!].map((code) => c.loginMfa(raced, code)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(await spent()).toBe(2);
    // Enrolling signed in with the password alone, then two sign-ins with codes.
    expect(
      await t.db.getRepository(AuditEntry).countBy({ action: 'auth.login', actorUsername: 'mfa-replayed' }),
    ).toBe(3);
  });

  it('lets an administrator reset a user’s two-factor (audited, sessions ended); support may not', async () => {
    const user = await c.enrolled('mfa-lost-phone');
    const { id } = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'mfa-lost-phone' });
    const listed = await t.http().get(`/api/admin/staff/${id}`).set('authorization', admin).expect(200);
    expect(listed.body.mfaEnabled).toBe(true);
    const list = await t
      .http()
      .get('/api/admin/staff')
      .query({ filter: JSON.stringify({ q: 'mfa-lost' }) })
      .set('authorization', admin)
      .expect(200);
    expect(list.body).toEqual([expect.objectContaining({ username: 'mfa-lost-phone', mfaEnabled: true })]);

    const refused = await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', support)
      .expect(403);
    expect(refused.body.message).toBe('Your role does not allow this action');
    // With step-up (staff-step-up.e2e-spec.ts); without the code of a new enrolment (not required here).
    const stepUp = (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', admin)
        .send({ password: 'mfa-admin-password' })
        .expect(200)
    ).body.stepUpToken as string;
    const resetMfa = (path: string) =>
      t.http().delete(path).set('authorization', admin).set('x-step-up-token', stepUp);
    await resetMfa('/api/admin/staff/999999/mfa').expect(404);
    await resetMfa('/api/admin/staff/abc/mfa').expect(404);

    const reset = await resetMfa(`/api/admin/staff/${id}/mfa`).expect(200);
    expect(reset.body).toEqual({ enrolmentCode: null, enrolmentCodeExpiresAt: null });
    await t.http().get('/api/admin/me').set('authorization', user.token).expect(401);
    const after = await t.http().get(`/api/admin/staff/${id}`).set('authorization', admin).expect(200);
    expect(after.body.mfaEnabled).toBe(false);
    expect(await t.db.getRepository(RecoveryCode).countBy({ userId: id })).toBe(0);
    // The password alone signs in again; the old codes are gone.
    const plain = await c.login('mfa-lost-phone', user.password).expect(200);
    expect(plain.body).toMatchObject({ success: true, user: { mfaEnabled: false } });
    const [entry] = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'users.mfa-reset', resourceId: String(id) });
    expect(entry).toMatchObject({
      resource: 'users',
      actorUsername: 'mfa-admin',
      before: { mfaEnabled: true },
      after: { mfaEnabled: false, sessionsEnded: true },
    });
  });
});

describe(`STAFF_MFA_REQUIRED=true: a user without two-factor may only set it up (${DRIVER})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof staffClient>;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', STAFF_MFA_REQUIRED: 'true' });
    c = staffClient(t);
  });
  afterAll(() => t.close());

  it('signs in with the password to a token that can only read itself, sign out and enrol', async () => {
    const password = await c.createUser('must-enrol', 'admin');
    const res = await c.login('must-enrol', password).expect(200);
    expect(res.body.user).toMatchObject({ mfaEnabled: false, mfaEnrolmentRequired: true });
    const limited = `Bearer ${res.body.token as string}`;
    const me = await t.http().get('/api/admin/me').set('authorization', limited).expect(200);
    expect(me.body.mfaEnrolmentRequired).toBe(true);
    for (const [method, path] of [
      ['get', '/api/admin/orders'],
      ['get', '/api/admin/staff'],
      ['get', '/api/admin/dashboard'],
      ['post', '/api/admin/staff'],
      ['delete', '/api/admin/staff/1/mfa'],
    ] as const) {
      const refused = await t.http()[method](path).set('authorization', limited).send({}).expect(403);
      expect(refused.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Set up two-factor authentication first',
        requestId: expect.any(String),
      });
    }
    const { secret } = (await t.http().post('/api/admin/me/mfa').set('authorization', limited).expect(200))
      .body;
    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', limited)
      .send({ code: await totp(secret) })
      .expect(200);
    await t.http().get('/api/admin/orders').set('authorization', limited).expect(401);
    const full = `Bearer ${confirmed.body.token as string}`;
    await t.http().get('/api/admin/orders').set('authorization', full).expect(200);
    const meAfter = await t.http().get('/api/admin/me').set('authorization', full).expect(200);
    expect(meAfter.body).toMatchObject({ mfaEnabled: true, mfaEnrolmentRequired: false });
    // From now on the password alone is not enough.
    await c.challengeFor('must-enrol', password);
  });

  it('lets an enrolment-only session sign out', async () => {
    const password = await c.createUser('leaves-early');
    const limited = await c.bearer('leaves-early', password);
    await t.http().post('/api/admin/logout').set('authorization', limited).expect(204);
    await t.http().get('/api/admin/me').set('authorization', limited).expect(401);
  });
});
