import { generate } from 'otplib';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { MFA_NOT_ON } from '../src/auth/mfa.service.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { hashPassword } from '../src/staff/passwords.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

let addressCounter = 0;
/** A client address no other test uses (the app trusts one proxy hop). */
const freshAddress = () => `10.48.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe(`staff recovery codes: how many are left, and a new set (${DRIVER})`, () => {
  let t: TestApp;

  const login = (username: string, password: string) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', freshAddress()).send({ username, password });
  const createUser = async (username: string) => {
    const password = `${username}-correct-password`;
    await t.db.getRepository(StaffMember).save({
      username,
      passwordHash: await hashPassword(password),
      role: 'support',
      email: `${username}@example.com`,
    });
    return password;
  };
  const bearer = async (username: string, password: string) =>
    `Bearer ${(await login(username, password).expect(200)).body.token as string}`;
  const left = (auth: string) => t.http().get('/api/admin/me/mfa/recovery-codes').set('authorization', auth);
  const regenerate = (auth: string, stepUp?: string) => {
    const req = t.http().post('/api/admin/me/mfa/recovery-codes').set('authorization', auth);
    return stepUp ? req.set('x-step-up-token', stepUp) : req;
  };
  const stepUpWith = async (auth: string, body: object) =>
    (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', auth)
        .set('x-forwarded-for', freshAddress())
        .send(body)
        .expect(200)
    ).body.stepUpToken as string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('counts the codes left, and makes a new set with step-up: the old codes stop working', async () => {
    const password = await createUser('codes-user');
    const first = await bearer('codes-user', password);
    const { secret } = (await t.http().post('/api/admin/me/mfa').set('authorization', first).expect(200))
      .body;
    const confirmed = await t
      .http()
      .post('/api/admin/me/mfa/confirm')
      .set('authorization', first)
      .send({ code: await totp(secret) })
      .expect(200);
    const auth = `Bearer ${confirmed.body.token as string}`;
    const oldCodes = confirmed.body.recoveryCodes as string[];
    expect((await left(auth).expect(200)).body).toEqual({ remaining: 10, total: 10 });

    // One code used to sign in: nine left.
    const challenge = (await login('codes-user', password).expect(200)).body.challenge as string;
    await t
      .http()
      .post('/api/admin/login/mfa')
      .set('x-forwarded-for', freshAddress())
      .send({ challenge, code: oldCodes[0] })
      .expect(200);
    expect((await left(auth).expect(200)).body.remaining).toBe(9);

    // A new set needs step-up, as other sensitive changes do.
    expect((await regenerate(auth).expect(403)).body.stepUpRequired).toBe(true);
    const stepUp = await stepUpWith(auth, { password });
    const res = await regenerate(auth, stepUp).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const newCodes = res.body.recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    expect(new Set(newCodes).size).toBe(10);
    expect(newCodes.some((code) => oldCodes.includes(code))).toBe(false);
    expect((await left(auth).expect(200)).body.remaining).toBe(10);

    // The old codes no longer sign in; a new one does.
    const again = (await login('codes-user', password).expect(200)).body.challenge as string;
    await t
      .http()
      .post('/api/admin/login/mfa')
      .set('x-forwarded-for', freshAddress())
      .send({ challenge: again, code: oldCodes[1] })
      .expect(401);
    await t
      .http()
      .post('/api/admin/login/mfa')
      .set('x-forwarded-for', freshAddress())
      .send({ challenge: again, code: newCodes[0] })
      .expect(200);

    // Audited without the codes; the user and STAFF_ALERT_EMAIL are told.
    const user = await t.db.getRepository(StaffMember).findOneByOrFail({ username: 'codes-user' });
    const audit = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'users.mfa-recovery-codes', resourceId: String(user.id) });
    expect(audit.map((a) => [a.actorUsername, a.before, a.after])).toEqual([
      ['codes-user', { recoveryCodesLeft: 9 }, { recoveryCodesLeft: 10 }],
    ]);
    expect(JSON.stringify(audit)).not.toContain(newCodes[0]);
    const mail = await t.db.getRepository(OutboxEmail).findBy({ to: 'codes-user@example.com' });
    expect(mail.map((m) => m.subject)).toContain('New recovery codes were made for codes-user');
  });

  it('makes no codes without two-factor on, also while its setup is pending', async () => {
    const password = await createUser('codes-pending');
    const auth = await bearer('codes-pending', password);
    expect((await left(auth).expect(200)).body).toEqual({ remaining: 0, total: 10 });
    const stepUp = await stepUpWith(auth, { password });
    expect((await regenerate(auth, stepUp).expect(409)).body.message).toBe(MFA_NOT_ON);
    // A setup started but not confirmed: still none (confirming it answers the first set).
    await t.http().post('/api/admin/me/mfa').set('authorization', auth).expect(200);
    expect((await regenerate(auth, stepUp).expect(409)).body.message).toBe(MFA_NOT_ON);
    expect((await left(auth).expect(200)).body.remaining).toBe(0);
  });
});

describe(`STAFF_MFA_REQUIRED=true: a session that must still enrol gets no recovery codes (${DRIVER})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', STAFF_MFA_REQUIRED: 'true' });
  });
  afterAll(() => t.close());

  it('refuses both routes with 403 until two-factor is set up', async () => {
    await t.db.getRepository(StaffMember).save({
      username: 'codes-enrolling',
      passwordHash: await hashPassword('codes-enrolling-password'),
      role: 'support',
    });
    const res = await t
      .http()
      .post('/api/admin/login')
      .set('x-forwarded-for', freshAddress())
      .send({ username: 'codes-enrolling', password: 'codes-enrolling-password' })
      .expect(200);
    const auth = `Bearer ${res.body.token as string}`;
    await t.http().get('/api/admin/me/mfa/recovery-codes').set('authorization', auth).expect(403);
    await t.http().post('/api/admin/me/mfa/recovery-codes').set('authorization', auth).expect(403);
  });
});
