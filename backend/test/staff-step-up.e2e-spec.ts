import { generate } from 'otplib';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { hashPassword } from '../src/staff/passwords.js';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limiter.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import type { StaffRole } from '../src/common/staff-user.dto.js';
import { problems } from './support/problems.js';

let addressCounter = 0;
/** A client address no other test uses (the apps trust one proxy hop). */
const freshAddress = () => `10.46.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** The code an authenticator app shows `steps` periods of 30 s after `at` (seconds; now by default). */
const totp = (secret: string, steps = 0, at = Math.floor(Date.now() / 1000)) =>
  generate({ secret, epoch: at + steps * 30 });

const STEP_UP_REFUSAL = {
  statusCode: 403,
  error: 'Forbidden',
  message: expect.any(String),
  stepUpRequired: true,
  requestId: expect.any(String),
};

/** Staff accounts, sessions and step-up against one test app. */
function staffClient(t: TestApp) {
  const login = (username: string, password: string, address = freshAddress()) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', address).send({ username, password });
  const createUser = async (username: string, role: StaffRole = 'admin', email: string | null = null) => {
    const password = `${username}-correct-password`;
    await t.db
      .getRepository(StaffMember)
      .save({ username, passwordHash: await hashPassword(password), role, email });
    return password;
  };
  const bearer = async (username: string, password: string) =>
    `Bearer ${(await login(username, password).expect(200)).body.token as string}`;
  const stepUp = (auth: string, body: object, address = freshAddress()) =>
    t
      .http()
      .post('/api/admin/me/step-up')
      .set('authorization', auth)
      .set('x-forwarded-for', address)
      .send(body);
  const stepUpToken = async (auth: string, body: object) =>
    (await stepUp(auth, body).expect(200)).body.stepUpToken as string;
  const userId = async (username: string) =>
    (await t.db.getRepository(StaffMember).findOneByOrFail({ username })).id;
  return { login, createUser, bearer, stepUp, stepUpToken, userId };
}

describe(`step-up for sensitive staff changes on ${DRIVER}`, () => {
  let t: TestApp;
  let c: ReturnType<typeof staffClient>;
  let admin: string;
  let adminPassword: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    c = staffClient(t);
    adminPassword = await c.createUser('step-admin');
    admin = await c.bearer('step-admin', adminPassword);
    token = await c.stepUpToken(admin, { password: adminPassword });
  });
  afterAll(() => t.close());

  const outbox = (to: string) =>
    t.db.getRepository(OutboxEmail).find({ where: { kind: 'staff-security', to }, order: { id: 'ASC' } });

  it('answers {stepUpToken, expiresIn: 300} to the right password, and refuses a wrong one with 403', async () => {
    const res = await c.stepUp(admin, { password: adminPassword }).expect(200);
    expect(res.body).toEqual({ stepUpToken: expect.any(String), expiresIn: 300 });
    expect(res.headers['cache-control']).toBe('no-store');
    const wrong = await c.stepUp(admin, { password: 'not-the-password' }).expect(403);
    expect(wrong.body).toMatchObject({ message: 'Wrong password' });
    expect(wrong.body.stepUpRequired).toBeUndefined();
    const failures = await t.db.getRepository(AuditEntry).findBy({ action: 'auth.step-up-failed' });
    expect(failures.at(-1)).toMatchObject({ actorUsername: 'step-admin' });
    await c.stepUp(admin, {}).expect(400);
    await c.stepUp(admin, { password: adminPassword, code: '123456' }).expect(400);
    // No second factor: a code is no proof.
    const noMfa = await c.stepUp(admin, { code: '123456' }).expect(400);
    expect(noMfa.body.message).toMatch(/Two-factor authentication is off/);
  });

  it('asks for step-up to create an administrator, not a support account', async () => {
    const body = { username: 'new-admin-1', password: 'a-long-enough-secret-9', role: 'admin' };
    const refused = await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .send(body)
      .expect(403);
    expect(refused.body).toEqual(STEP_UP_REFUSAL);
    expect(await t.db.getRepository(StaffMember).existsBy({ username: 'new-admin-1' })).toBe(false);
    await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .set('x-step-up-token', 'not-a-token')
      .send(body)
      .expect(403);
    await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .set('x-step-up-token', token)
      .send({ ...body, email: 'New.Admin@Example.com' })
      .expect(201);
    // The token is reusable by the same session within its 5 minutes.
    await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .set('x-step-up-token', token)
      .send({ ...body, username: 'new-admin-2' })
      .expect(201);
    await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .send({ username: 'new-support-1', password: 'a-long-enough-secret-9', role: 'support' })
      .expect(201);
    expect((await outbox('new.admin@example.com')).map((mail) => mail.subject)).toEqual([
      'new-admin-1 was created as an administrator',
    ]);
  });

  it('asks for step-up to change a password, a role or an e-mail address, and e-mails the user', async () => {
    const password = await c.createUser('victim-1', 'support', 'victim@example.com');
    const id = await c.userId('victim-1');
    for (const body of [
      { password: 'a-brand-new-secret-17' },
      { role: 'admin' },
      { email: 'attacker@example.com' },
    ]) {
      const refused = await t.http().put(`/api/admin/staff/${id}`).set('authorization', admin).send(body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(STEP_UP_REFUSAL);
    }
    const unchanged = await t.db.getRepository(StaffMember).findOneByOrFail({ id });
    expect(unchanged).toMatchObject({ role: 'support', email: 'victim@example.com' });
    await c.login('victim-1', password).expect(200);

    const put = (body: object) =>
      t
        .http()
        .put(`/api/admin/staff/${id}`)
        .set('authorization', admin)
        .set('x-step-up-token', token)
        .send(body);
    await put({ role: 'admin' }).expect(200);
    await put({ password: 'a-brand-new-secret-17' }).expect(200);
    await c.login('victim-1', password).expect(401);
    expect((await outbox('victim@example.com')).map((mail) => mail.subject)).toEqual([
      'victim-1 is now an administrator',
      'The password of victim-1 was changed',
    ]);
    expect((await outbox(t.config.mail.staffAlertEmail)).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(['victim-1 is now an administrator', 'The password of victim-1 was changed']),
    );
  });

  it('asks for step-up to reset a second factor, and e-mails the user and STAFF_ALERT_EMAIL', async () => {
    await c.createUser('lost-phone', 'support', 'lost@example.com');
    const id = await c.userId('lost-phone');
    const refused = await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', admin)
      .expect(403);
    expect(refused.body).toEqual(STEP_UP_REFUSAL);
    const reset = await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', admin)
      .set('x-step-up-token', token)
      .expect(200);
    // Two-factor is not required on this store: no enrolment code.
    expect(reset.body).toEqual({ enrolmentCode: null, enrolmentCodeExpiresAt: null });
    expect((await outbox('lost@example.com')).map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in was reset for lost-phone',
    ]);
  });

  it('asks for step-up to export licence keys in clear, not masked ones', async () => {
    const url = '/api/admin/license-keys/export.csv';
    await t.http().get(url).set('authorization', admin).expect(200);
    const refused = await t.http().get(`${url}?reveal=true`).set('authorization', admin).expect(403);
    expect(refused.body).toEqual(STEP_UP_REFUSAL);
    await t
      .http()
      .get(`${url}?reveal=true`)
      .set('authorization', admin)
      .set('x-step-up-token', token)
      .expect(200);
  });

  it("refuses another user's step-up token, and one from another session of the same user", async () => {
    const otherPassword = await c.createUser('other-admin');
    const other = await c.bearer('other-admin', otherPassword);
    const othersToken = await c.stepUpToken(other, { password: otherPassword });
    const secondSession = await c.bearer('step-admin', adminPassword);
    const target = await c.createUser('target-2', 'support');
    const id = await c.userId('target-2');
    const reset = (auth: string, stepUp: string) =>
      t.http().delete(`/api/admin/staff/${id}/mfa`).set('authorization', auth).set('x-step-up-token', stepUp);
    expect((await reset(admin, othersToken).expect(403)).body).toEqual(STEP_UP_REFUSAL);
    expect((await reset(secondSession, token).expect(403)).body).toEqual(STEP_UP_REFUSAL);
    // Nor is a step-up token a session.
    await t.http().get('/api/admin/me').set('authorization', `Bearer ${token}`).expect(401);
    await reset(other, othersToken).expect(200);
    expect(target).toBeTruthy();
  });

  it('stops working when the session ends', async () => {
    const password = await c.createUser('leaving-admin');
    const session = await c.bearer('leaving-admin', password);
    const stepUp = await c.stepUpToken(session, { password });
    await t.http().post('/api/admin/logout').set('authorization', session).expect(204);
    const fresh = await c.bearer('leaving-admin', password);
    await c.createUser('target-3', 'support');
    const id = await c.userId('target-3');
    await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', fresh)
      .set('x-step-up-token', stepUp)
      .expect(403);
  });

  it('counts wrong passwords in the sign-in back-off: no unlimited guessing', async () => {
    const password = await c.createUser('guessed-admin');
    const session = await c.bearer('guessed-admin', password);
    const free = SIGN_IN_LIMITS.perAccount.password.freeFailures;
    for (let i = 0; i < free; i++) await c.stepUp(session, { password: `guess-${i}` }).expect(403);
    const held = await c.stepUp(session, { password: 'guess-again' });
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The back-off is the account's: signing in from another address waits too.
    await c.login('guessed-admin', 'still-guessing').expect(429);
  });

  it('takes a fresh app code from a user with two-factor on, never a recovery code', async () => {
    const password = await c.createUser('mfa-admin');
    const session = await c.bearer('mfa-admin', password);
    const { secret } = (await t.http().post('/api/admin/me/mfa').set('authorization', session).expect(200))
      .body;
    // Every code below is the app's at or one step after this moment, so the steps stay the same
    // whichever 30 s boundary the test crosses while it runs.
    const at = Math.floor(Date.now() / 1000);
    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', session)
      .send({ code: await totp(secret, 0, at) })
      .expect(200);
    // Confirming signed this session in with the factor (the code of that step is used).
    const auth = `Bearer ${confirmed.body.token as string}`;
    const recovery = (confirmed.body.recoveryCodes as string[])[0]!;
    expect((await c.stepUp(auth, { code: recovery }).expect(403)).body.message).toBe('Invalid code');
    // The code of the step already used is refused; the next one is taken, once.
    await c.stepUp(auth, { code: await totp(secret, 0, at) }).expect(403);
    const code = await totp(secret, 1, at);
    const res = await c.stepUp(auth, { code }).expect(200);
    expect(res.body.expiresIn).toBe(300);
    await c.stepUp(auth, { code }).expect(403);
    // The password still does.
    await c.stepUp(auth, { password }).expect(200);
  });
});

describe(`STAFF_MFA_REQUIRED=true: enrolment needs the code the administrator hands over (${DRIVER})`, () => {
  let t: TestApp;
  let c: ReturnType<typeof staffClient>;
  let admin: string;
  let stepUp: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', STAFF_MFA_REQUIRED: 'true' });
    c = staffClient(t);
    // The first administrator was set up before any code existed: it enrols as before.
    const password = await c.createUser('first-admin');
    const limited = await c.bearer('first-admin', password);
    const { secret } = (await t.http().post('/api/admin/me/mfa').set('authorization', limited).expect(200))
      .body;
    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', limited)
      .send({ code: await totp(secret) })
      .expect(200);
    admin = `Bearer ${confirmed.body.token as string}`;
    stepUp = await c.stepUpToken(admin, { password });
  });
  afterAll(() => t.close());

  const start = (auth: string, body?: object) =>
    t
      .http()
      .post('/api/admin/me/mfa')
      .set('authorization', auth)
      .set('x-forwarded-for', freshAddress())
      .send(body);
  const confirm = (auth: string, code: string) =>
    t.http().post('/api/admin/me/mfa/confirm').set('authorization', auth).send({ code });
  const createStaff = async (username: string, email?: string) => {
    const password = `${username}-handed-over-password`;
    const res = await t
      .http()
      .post('/api/admin/staff')
      .set('authorization', admin)
      .send({ username, password, role: 'support', ...(email ? { email } : {}) })
      .expect(201);
    return { password, id: res.body.id as number, body: res.body };
  };

  it('shows the enrolment code once, at creation, and keeps only its hash', async () => {
    const { body } = await createStaff('shown-once');
    expect(body).toMatchObject({
      username: 'shown-once',
      enrolmentCode: expect.stringMatching(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/),
      enrolmentCodeExpiresAt: expect.any(String),
    });
    const hours = (Date.parse(body.enrolmentCodeExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    const stored = await t.db.getRepository(StaffMember).findOneByOrFail({ id: body.id });
    expect(stored.mfaEnrolmentCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(body.enrolmentCode);
    const read = await t.http().get(`/api/admin/staff/${body.id}`).set('authorization', admin).expect(200);
    expect(read.body.enrolmentCode).toBeUndefined();
  });

  it('lets only the holder of the enrolment code set up the factor, not whoever knows the password', async () => {
    const { password, body } = await createStaff('new-hire', 'hire@example.com');
    const attacker = await c.bearer('new-hire', password);
    const owner = await c.bearer('new-hire', password);

    // Enrol-first takeover: the password alone starts nothing.
    const noCode = await start(attacker).expect(400);
    expect(noCode.body.message).toMatch(/^Enrolment code is required/);
    const guessed = await start(attacker, { enrolmentCode: 'aaaaa-bbbbb-ccccc-ddddd' }).expect(400);
    expect(guessed.body.message).toMatch(/^Invalid or expired enrolment code/);
    await confirm(attacker, '123456').expect(400);

    // The owner starts with the code (in any letter case, with or without dashes), confirms, and owns it.
    const code = (body.enrolmentCode as string).toUpperCase().replace(/-/g, ' ');
    const { secret } = (await start(owner, { enrolmentCode: code }).expect(200)).body;
    // The attacker cannot replace the pending setup either.
    await start(attacker).expect(400);
    const confirmed = await confirm(owner, await totp(secret)).expect(200);
    expect(confirmed.body).toEqual({ recoveryCodes: expect.any(Array), token: expect.any(String) });
    await t.http().get('/api/admin/me').set('authorization', attacker).expect(401);

    const stored = await t.db.getRepository(StaffMember).findOneByOrFail({ id: body.id });
    expect(stored).toMatchObject({
      mfaEnabled: true,
      mfaEnrolmentCodeHash: null,
      mfaEnrolmentCodeExpiresAt: null,
    });
    const notices = await t.db.getRepository(OutboxEmail).findBy({ kind: 'staff-security' });
    expect(
      notices
        .filter((mail) => mail.subject === 'Two-factor sign-in was set up for new-hire')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['hire@example.com', t.config.mail.staffAlertEmail].sort());
  });

  it('uses the code up, and a reset answers a new one (with step-up) that replaces it', async () => {
    const { password, id, body } = await createStaff('reset-hire');
    const first = await c.bearer('reset-hire', password);
    const { secret } = (await start(first, { enrolmentCode: body.enrolmentCode }).expect(200)).body;
    await confirm(first, await totp(secret)).expect(200);

    await t.http().delete(`/api/admin/staff/${id}/mfa`).set('authorization', admin).expect(403);
    const reset = await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', admin)
      .set('x-step-up-token', stepUp)
      .expect(200);
    expect(reset.body).toEqual({
      enrolmentCode: expect.stringMatching(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/),
      enrolmentCodeExpiresAt: expect.any(String),
    });
    const again = await c.bearer('reset-hire', password);
    // The first code was used: it does not work twice.
    await start(again, { enrolmentCode: body.enrolmentCode }).expect(400);
    await start(again, { enrolmentCode: reset.body.enrolmentCode }).expect(200);
  });

  it('refuses an expired code; an administrator issues a new one to a user without a factor', async () => {
    const { password, id, body } = await createStaff('slow-hire');
    await t.db
      .getRepository(StaffMember)
      .update({ id }, { mfaEnrolmentCodeExpiresAt: new Date(Date.now() - 1000) });
    const session = await c.bearer('slow-hire', password);
    await start(session, { enrolmentCode: body.enrolmentCode }).expect(400);
    const renewed = await t
      .http()
      .delete(`/api/admin/staff/${id}/mfa`)
      .set('authorization', admin)
      .set('x-step-up-token', stepUp)
      .expect(200);
    // Issuing it ended the user's sessions, as a reset does.
    await start(session, { enrolmentCode: renewed.body.enrolmentCode }).expect(401);
    const again = await c.bearer('slow-hire', password);
    await start(again, { enrolmentCode: renewed.body.enrolmentCode }).expect(200);
  });

  it('names the field of a malformed enrolment code or step-up proof (400)', async () => {
    const { password } = await createStaff('typo-hire');
    const session = await c.bearer('typo-hire', password);
    expect(problems((await start(session, { enrolmentCode: 'x'.repeat(65) }).expect(400)).body)).toEqual([
      'Enrolment code must be at most 64 characters',
    ]);
    expect(problems((await start(session, { enrolmentCode: 42 }).expect(400)).body)).toEqual([
      'Enrolment code must be a string',
    ]);
    expect(problems((await c.stepUp(admin, { password: 42 }).expect(400)).body)).toEqual([
      'Password must be a string',
    ]);
    expect(problems((await c.stepUp(admin, { code: 'x'.repeat(65) }).expect(400)).body)).toEqual([
      'Code must be at most 64 characters',
    ]);
  });

  it('counts wrong enrolment codes in the back-off of codes', async () => {
    const { password } = await createStaff('code-guesser');
    const session = await c.bearer('code-guesser', password);
    const free = SIGN_IN_LIMITS.perAccount.code.freeFailures;
    for (let i = 0; i < free; i++) await start(session, { enrolmentCode: `wrong-${i}` }).expect(400);
    await start(session, { enrolmentCode: 'wrong-again' }).expect(429);
  });
});
