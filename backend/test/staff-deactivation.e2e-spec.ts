import { ConflictException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { ACCOUNT_DEACTIVATED } from '../src/auth/auth.service.js';
import {
  AdminStaffService,
  DEACTIVATE_SELF_MESSAGE,
  LAST_ACTIVE_ADMIN_MESSAGE,
  LAST_ADMIN_MESSAGE,
} from '../src/admin/staff/admin-staff.service.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { hashPassword } from '../src/staff/passwords.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import type { StaffRole } from '../src/common/staff-user.dto.js';

let addressCounter = 0;
/** A private client address no other test uses (the app trusts one proxy hop): no country. */
const freshAddress = () => `10.47.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

describe(`staff accounts: last sign-in, deactivation instead of deletion (${DRIVER})`, () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let stepUp: string;

  const login = (username: string, password: string, address = freshAddress()) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', address).send({ username, password });
  const createUser = async (username: string, role: StaffRole = 'support') => {
    const password = `${username}-correct-password`;
    const saved = await t.db
      .getRepository(StaffMember)
      .save({ username, passwordHash: await hashPassword(password), role, email: `${username}@example.com` });
    return { id: saved.id, password };
  };
  const bearer = async (username: string, password: string, address?: string) =>
    `Bearer ${(await login(username, password, address).expect(200)).body.token as string}`;
  const deactivate = (id: number, auth = admin) =>
    t.http().post(`/api/admin/staff/${id}/deactivate`).set('authorization', auth);
  const reactivate = (id: number, auth = admin, token: string | null = stepUp) => {
    const req = t.http().post(`/api/admin/staff/${id}/reactivate`).set('authorization', auth);
    return token ? req.set('x-step-up-token', token) : req;
  };

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const me = await createUser('deact-admin', 'admin');
    adminId = me.id;
    admin = await bearer('deact-admin', me.password);
    stepUp = (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', admin)
        .set('x-forwarded-for', freshAddress())
        .send({ password: me.password })
        .expect(200)
    ).body.stepUpToken;
  });
  afterAll(() => t.close());

  it('records the last sign-in: its time, and its country when the address tells it', async () => {
    const user = await createUser('last-sign-in');
    const listed = async () =>
      (await t.http().get(`/api/admin/staff/${user.id}`).set('authorization', admin).expect(200)).body;
    expect(await listed()).toMatchObject({ lastSignInAt: null, lastSignInCountry: null, active: true });

    const before = Date.now();
    await bearer('last-sign-in', user.password, '8.8.8.8');
    const fromUs = await listed();
    expect(fromUs.lastSignInCountry).toBe('US');
    expect(new Date(fromUs.lastSignInAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // A private address tells no country: the last sign-in's is unknown, not the earlier one's.
    await bearer('last-sign-in', user.password, freshAddress());
    expect((await listed()).lastSignInCountry).toBeNull();
    // A wrong password is no sign-in.
    const signedIn = (await listed()).lastSignInAt;
    await login('last-sign-in', 'not-the-password-at-all').expect(401);
    expect((await listed()).lastSignInAt).toBe(signedIn);

    const sorted = await t
      .http()
      .get('/api/admin/staff')
      .query({ sort: JSON.stringify(['lastSignInAt', 'DESC']), range: '[0,0]' })
      .set('authorization', admin)
      .expect(200);
    expect(sorted.body[0].lastSignInAt).not.toBeNull();
  });

  it('deactivates an account: its sessions end, it cannot sign in, it stays listed; audited and e-mailed', async () => {
    const user = await createUser('to-deactivate');
    const session = await bearer('to-deactivate', user.password);
    await t.http().get('/api/admin/me').set('authorization', session).expect(200);

    const res = await deactivate(user.id).expect(200);
    expect(res.body).toMatchObject({ id: user.id, active: false, deactivatedAt: expect.any(String) });
    await t.http().get('/api/admin/me').set('authorization', session).expect(401);
    // The right password says why; a wrong one says no more than for anyone.
    expect((await login('to-deactivate', user.password).expect(401)).body.message).toBe(ACCOUNT_DEACTIVATED);
    expect((await login('to-deactivate', 'a-wrong-password-here').expect(401)).body.message).toBe(
      'Invalid credentials',
    );
    // Still there, for its history; the list can show only the active or only the deactivated.
    const inactive = await t
      .http()
      .get('/api/admin/staff')
      .query({ filter: JSON.stringify({ active: false }) })
      .set('authorization', admin)
      .expect(200);
    expect(inactive.body.map((u: { username: string }) => u.username)).toContain('to-deactivate');
    // Again: nothing changes.
    await deactivate(user.id).expect(200);

    const audits = await t.db.getRepository(AuditEntry).find({
      where: { resource: 'users', resourceId: String(user.id) },
      order: { id: 'ASC' },
    });
    expect(audits.map((a) => [a.action, a.actorUsername, a.after])).toEqual([
      ['users.deactivate', 'deact-admin', { active: false, sessionsEnded: true }],
    ]);
    const mail = await t.db.getRepository(OutboxEmail).findBy({ to: 'to-deactivate@example.com' });
    expect(mail.map((m) => m.subject)).toEqual(['to-deactivate was deactivated']);
  });

  it('reactivates with step-up: the old password signs in again; audited', async () => {
    const user = await createUser('to-reactivate');
    await deactivate(user.id).expect(200);
    const refused = await reactivate(user.id, admin, null).expect(403);
    expect(refused.body.stepUpRequired).toBe(true);
    const res = await reactivate(user.id).expect(200);
    expect(res.body).toMatchObject({ active: true, deactivatedAt: null });
    await bearer('to-reactivate', user.password);
    const actions = await t.db.getRepository(AuditEntry).find({
      where: { resource: 'users', resourceId: String(user.id) },
      order: { id: 'ASC' },
    });
    expect(actions.map((a) => a.action)).toEqual(['users.deactivate', 'users.reactivate']);
  });

  it('never deactivates your own account or the last active administrator; support may not', async () => {
    expect((await deactivate(adminId).expect(400)).body.message).toBe(DEACTIVATE_SELF_MESSAGE);
    const supportUser = await createUser('deact-support');
    const support = await bearer('deact-support', supportUser.password);
    await deactivate(supportUser.id, support).expect(403);

    // Every other administrator deactivated: deact-admin is the last active one.
    await t.db
      .getRepository(StaffMember)
      .createQueryBuilder()
      .update()
      .set({ deactivatedAt: new Date() })
      .where('role = :role AND id <> :id', { role: 'admin', id: adminId })
      .execute();
    // Through the service, as a request by someone else would arrive (over HTTP the last active
    // administrator can only be deactivating themself).
    const service = t.app.get(AdminStaffService);
    const ghost = {
      id: -1,
      username: 'ghost',
      role: 'admin' as const,
      mfaEnabled: false,
      mfaEnrolmentRequired: false,
    };
    await expect(service.deactivate(adminId, ghost)).rejects.toThrow(
      new ConflictException(LAST_ACTIVE_ADMIN_MESSAGE),
    );
    // A deactivated administrator does not count as one: demoting the last active one is refused too.
    const demote = await t
      .http()
      .put(`/api/admin/staff/${adminId}`)
      .set('authorization', admin)
      .set('x-step-up-token', stepUp)
      .send({ role: 'support' })
      .expect(409);
    expect(demote.body.message).toBe(LAST_ADMIN_MESSAGE);

    // Two administrators deactivating each other at the same moment leave one active.
    const second = await createUser('second-admin', 'admin');
    const secondSession = await bearer('second-admin', second.password);
    const [a, b] = await Promise.all([deactivate(second.id), deactivate(adminId, secondSession)]);
    expect([
      [200, 401],
      [200, 409],
    ]).toContainEqual([a.status, b.status].sort());
    const active = await t.db.getRepository(StaffMember).findBy({ role: 'admin', deactivatedAt: IsNull() });
    expect(active).toHaveLength(1);
  });
});
