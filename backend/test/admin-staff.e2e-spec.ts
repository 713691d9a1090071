import { ConflictException } from '@nestjs/common';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { AdminStaffService, LAST_ADMIN_MESSAGE } from '../src/admin/staff/admin-staff.service.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { shopperAddress } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

interface UserRow {
  id: number;
  username: string;
  role: string;
  createdAt: string;
}

describe(`back office: staff accounts on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let adminId: number;
  /** The administrator's step-up token: these changes need one (staff-step-up.e2e-spec.ts tests why). */
  let stepUp: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin', 'staff-admin');
    stepUp = (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', admin)
        .send({ password: 'staff-admin-password' })
        .expect(200)
    ).body.stepUpToken;
    support = await signIn(t, 'support');
    adminId = (await t.http().get('/api/admin/me').set('authorization', admin).expect(200)).body.id;
  });
  afterAll(() => t.close());

  const get = (path: string, auth = admin) => t.http().get(path).set('authorization', auth);
  const post = (body: object, auth = admin) =>
    t.http().post('/api/admin/staff').set('authorization', auth).set('x-step-up-token', stepUp).send(body);
  const put = (id: number, body: object, auth = admin) =>
    t
      .http()
      .put(`/api/admin/staff/${id}`)
      .set('authorization', auth)
      .set('x-step-up-token', stepUp)
      .send(body);
  const del = (id: number, auth = admin) =>
    t.http().delete(`/api/admin/staff/${id}`).set('authorization', auth);
  /** Signs in from an address of its own (the login limit counts per address and username). */
  const login = (username: string, password: string) =>
    t.http().post('/api/admin/login').set('x-forwarded-for', shopperAddress()).send({ username, password });
  const bearer = async (username: string, password: string) => {
    const res = await login(username, password).expect(200);
    return `Bearer ${res.body.token as string}`;
  };
  const audits = (action: string, resourceId: number) =>
    t.db.getRepository(AuditEntry).find({
      where: { action, resource: 'users', resourceId: String(resourceId) },
      order: { id: 'ASC' },
    });
  const ids = (rows: UserRow[]) => rows.map((row) => row.username);

  it('creates a staff account (201), who can then sign in; the change is audited without the password', async () => {
    const password = 'a-long-enough-secret';
    const res = await post({ username: 'jane.support_1', password, role: 'support' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: 'jane.support_1',
      role: 'support',
      email: null,
      mfaEnabled: false,
      createdAt: expect.any(String),
      active: true,
      deactivatedAt: null,
      lastSignInAt: null,
      lastSignInCountry: null,
      // STAFF_MFA_REQUIRED is off here.
      enrolmentCode: null,
      enrolmentCodeExpiresAt: null,
    });
    const signedIn = await login('jane.support_1', password).expect(200);
    expect(signedIn.body.user).toEqual({
      username: 'jane.support_1',
      role: 'support',
      id: res.body.id,
      mfaEnabled: false,
      mfaEnrolmentRequired: false,
    });

    const [entry, ...more] = await audits('users.create', res.body.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: adminId,
      after: { username: 'jane.support_1', role: 'support' },
      before: null,
    });
    expect(JSON.stringify(entry)).not.toContain(password);
    const stored = await t.db.getRepository(StaffMember).findOneByOrFail({ id: res.body.id });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken username with 409, also in another letter case', async () => {
    await post({ username: 'dupe-user', password: 'a-long-enough-secret', role: 'admin' }).expect(201);
    const again = await post({ username: 'dupe-user', password: 'another-long-secret', role: 'support' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Username "dupe-user" is already taken',
      requestId: expect.any(String),
    });
    await post({ username: 'Dupe-User', password: 'another-long-secret', role: 'support' }).expect(409);
    expect(await t.db.getRepository(StaffMember).countBy({ role: 'admin' })).toBeGreaterThan(0);
  });

  it('refuses passwords that are easy to guess, at creation and on change, saying why', async () => {
    const weak = await post({ username: 'weak.pw', password: '111111111111', role: 'support' }).expect(400);
    expect(weak.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Password is too easy to guess: Repeated characters like "aaa" are easy to guess.',
      requestId: expect.any(String),
    });
    // The username and the store's name are what an attacker tries first.
    const own = await post({ username: 'marguerite', password: 'marguerite2026', role: 'support' });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/^Password is too easy to guess: /);
    const twice = await post({
      username: 'marguerite',
      password: 'marguerite2026marguerite',
      role: 'support',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(
      'Password is too easy to guess: There should not be any personal or page related data.',
    );
    expect(await t.db.getRepository(StaffMember).countBy({ username: 'weak.pw' })).toBe(0);
    // The length rule keeps its own message, checked first.
    expect(
      problems((await post({ username: 'weak.pw', password: 'aaaa', role: 'support' }).expect(400)).body),
    ).toEqual(['Password must be at least 12 characters']);

    const { id } = (
      await post({ username: 'weak.pw', password: 'a-long-enough-secret', role: 'support' }).expect(201)
    ).body;
    const change = await put(id, { password: 'password1234' }).expect(400);
    expect(change.body.message).toBe(
      'Password is too easy to guess: This is similar to a commonly used password.',
    );
    await login('weak.pw', 'a-long-enough-secret').expect(200);
    await put(id, { password: 'tangerine-harbour-lamp' }).expect(200);
  });

  it('validates username, password and role, listing every message', async () => {
    const valid = { username: 'valid.name', password: 'twelve-chars', role: 'support' };
    const messages = async (body: object) => problems((await post(body).expect(400)).body);
    const usernameRule = "Username must be 3 to 100 characters of letters, digits, '.', '_' or '-'";
    expect(await messages({ ...valid, password: 'eleven-char' })).toEqual([
      'Password must be at least 12 characters',
    ]);
    expect(await messages({ ...valid, password: 'x'.repeat(1025) })).toEqual([
      'Password must be at most 1024 characters',
    ]);
    for (const username of ['ab', 'has space', 'semi;colon', 'ünicode', 'x'.repeat(101)]) {
      expect(await messages({ ...valid, username })).toEqual([usernameRule]);
    }
    expect(await messages({ ...valid, role: 'owner' })).toEqual(['role must be one of admin, support']);
    expect(await messages({})).toEqual([
      'Username is required',
      'Password is required',
      'role must be one of admin, support',
    ]);
    expect(await messages({ ...valid, passwordHash: 'x' })).toEqual([
      'property passwordHash should not exist',
    ]);
    // The boundaries themselves are accepted.
    await post({ ...valid, username: 'abc' }).expect(201);
    await post({ ...valid, username: 'y'.repeat(100) }).expect(201);
    expect((await post({ ...valid, username: '  padded-name ' }).expect(201)).body.username).toBe(
      'padded-name',
    );
  });

  it('lists accounts in the simple-rest dialect, filtering and sorting in the database', async () => {
    const all = await get('/api/admin/staff?range=[0,499]').expect(200);
    const total = all.body.length;
    expect(all.headers['content-range']).toBe(`staff 0-${total - 1}/${total}`);
    for (const row of all.body)
      expect(Object.keys(row).sort()).toEqual([
        'active',
        'createdAt',
        'deactivatedAt',
        'email',
        'id',
        'lastSignInAt',
        'lastSignInCountry',
        'mfaEnabled',
        'role',
        'username',
      ]);
    // Default sort: username ascending.
    expect(all.body[0].username).toBe('abc');
    expect(all.body[total - 1].username).toBe('y'.repeat(100));

    const q = (filter: object, extra = '') =>
      get(`/api/admin/staff?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`).expect(200);
    expect(ids((await q({ q: 'JANE.' })).body)).toEqual(['jane.support_1']);
    expect(ids((await q({ q: 'dupe' })).body)).toEqual(['dupe-user']);
    // A prefix, not a substring; LIKE wildcards are taken literally.
    expect((await q({ q: 'support_1' })).body).toEqual([]);
    expect((await q({ q: '%' })).body).toEqual([]);
    expect((await q({ q: 'jane_' })).body).toEqual([]);
    expect(ids((await q({ q: 'jane.support_' })).body)).toEqual(['jane.support_1']);
    expect(ids((await q({ q: 'jane!' })).body)).toEqual([]);
    const supports = (await q({ role: 'support' })).body as UserRow[];
    expect(supports.length).toBeGreaterThan(1);
    expect(supports.every((row) => row.role === 'support')).toBe(true);
    const admins = await q({ role: 'admin' });
    expect(Number(admins.headers['content-range'].split('/')[1])).toBe(total - supports.length);

    const byRole = (await q({}, `&sort=${encodeURIComponent('["role","DESC"]')}&range=[0,499]`)).body;
    expect(byRole[0].role).toBe('support');
    expect(byRole[byRole.length - 1].role).toBe('admin');
    const newest = (await q({}, `&sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,0]`)).body;
    expect(newest).toHaveLength(1);
    expect(newest[0].username).toBe('padded-name');
    const page = await q({ q: 'dupe' }, `&range=${encodeURIComponent('[1,5]')}`);
    expect(page.headers['content-range']).toBe('staff */1');

    for (const bad of [
      'filter={"role":"owner"}',
      'sort=["passwordHash","ASC"]',
      'filter={"tokenVersion":1}',
    ]) {
      await get(
        `/api/admin/staff?${bad.replace(/=(.*)$/, (_, v: string) => `=${encodeURIComponent(v)}`)}`,
      ).expect(400);
    }
  });

  it('shows one account by id; unknown or malformed ids are 404', async () => {
    const res = await get(`/api/admin/staff/${adminId}`).expect(200);
    expect(res.body).toEqual({
      id: adminId,
      username: 'staff-admin',
      role: 'admin',
      email: null,
      mfaEnabled: false,
      createdAt: expect.any(String),
      active: true,
      deactivatedAt: null,
      // Signed in from a private address: no country.
      lastSignInAt: expect.any(String),
      lastSignInCountry: null,
    });
    await get('/api/admin/staff/999999').expect(404);
    await get('/api/admin/staff/not-a-number').expect(404);
  });

  it('changing the role ends that user’s sessions; the new role applies at the next sign-in', async () => {
    const password = 'role-change-password';
    const { id } = (await post({ username: 'role-changer', password, role: 'support' }).expect(201)).body;
    const oldToken = await bearer('role-changer', password);
    await get('/api/admin/me', oldToken).expect(200);
    await get('/api/admin/staff', oldToken).expect(403);

    const res = await put(id, { role: 'admin' }).expect(200);
    expect(res.body).toMatchObject({ id, username: 'role-changer', role: 'admin' });
    const ended = await get('/api/admin/me', oldToken).expect(401);
    expect(ended.body.message).toBe('Session has ended, please sign in again');

    const newToken = await bearer('role-changer', password);
    expect((await get('/api/admin/me', newToken).expect(200)).body.role).toBe('admin');
    await get('/api/admin/staff', newToken).expect(200);

    // Sending the current role again changes nothing, so sessions go on.
    await put(id, { role: 'admin' }).expect(200);
    await get('/api/admin/me', newToken).expect(200);

    const entries = await audits('users.update', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: adminId,
      before: { role: 'support' },
      after: { role: 'admin', sessionsEnded: true },
    });
  });

  it('changing the password ends that user’s sessions; only the new password signs in', async () => {
    const oldPassword = 'the-old-password';
    const newPassword = 'the-new-password';
    const { id } = (
      await post({ username: 'pw-changer', password: oldPassword, role: 'support' }).expect(201)
    ).body;
    const oldToken = await bearer('pw-changer', oldPassword);

    const tooShort = await put(id, { password: 'short' }).expect(400);
    expect(problems(tooShort.body)).toEqual(['Password must be at least 12 characters']);
    await get('/api/admin/me', oldToken).expect(200);

    const res = await put(id, { password: newPassword }).expect(200);
    expect(res.body).toMatchObject({ id, role: 'support' });
    await get('/api/admin/me', oldToken).expect(401);
    await login('pw-changer', oldPassword).expect(401);
    await get('/api/admin/me', await bearer('pw-changer', newPassword)).expect(200);

    const entries = await audits('users.update', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: null, after: { passwordChanged: true, sessionsEnded: true } });
    expect(JSON.stringify(entries)).not.toContain(newPassword);

    // Both at once: one audit entry.
    await put(id, { password: 'a-third-password', role: 'admin' }).expect(200);
    expect((await audits('users.update', id))[1]).toMatchObject({
      before: { role: 'support' },
      after: { role: 'admin', passwordChanged: true },
    });
    await login('pw-changer', 'a-third-password').expect(200);

    expect((await put(id, {}).expect(400)).body.message).toBe(
      'Nothing to update: send role, password or email',
    );
    await put(id, { role: null, password: null }).expect(400);
    expect(problems((await put(id, { username: 'renamed' }).expect(400)).body)).toEqual([
      'property username should not exist',
    ]);
    expect(problems((await put(id, { role: 'owner' }).expect(400)).body)).toEqual([
      'role must be one of admin, support',
    ]);
    await put(999999, { role: 'support' }).expect(404);
  });

  it('deletes an account (answering the record) and ends its sessions; never your own', async () => {
    const password = 'to-be-deleted-pw';
    const created = (await post({ username: 'leaver', password, role: 'support' }).expect(201)).body;
    const token = await bearer('leaver', password);

    const res = await del(created.id).expect(200);
    const { enrolmentCode: _code, enrolmentCodeExpiresAt: _expires, ...record } = created;
    // As it was when deleted: it had signed in since it was created.
    expect(res.body).toEqual({ ...record, lastSignInAt: expect.any(String) });
    await get('/api/admin/me', token).expect(401);
    await get(`/api/admin/staff/${created.id}`).expect(404);
    await login('leaver', password).expect(401);
    await del(created.id).expect(404);
    const [entry] = await audits('users.delete', created.id);
    expect(entry).toMatchObject({
      actorId: adminId,
      before: { username: 'leaver', role: 'support' },
      after: null,
    });

    const self = await del(adminId).expect(400);
    expect(self.body.message).toBe('You cannot delete your own account');
    await get('/api/admin/me').expect(200);
  });

  it('answers 403 to support staff on every route, reads included, and 401 without a token', async () => {
    const { id } = (
      await post({ username: 'target-user', password: 'tangerine-harbour-lamp', role: 'support' }).expect(201)
    ).body;
    await get('/api/admin/staff', support).expect(403);
    await get(`/api/admin/staff/${id}`, support).expect(403);
    await post({ username: 'by-support', password: 'by-support-password', role: 'admin' }, support).expect(
      403,
    );
    await put(id, { role: 'admin' }, support).expect(403);
    await del(id, support).expect(403);
    await t.http().get('/api/admin/staff').expect(401);
    await t.http().delete(`/api/admin/staff/${id}`).expect(401);
    expect(await t.db.getRepository(StaffMember).findOneByOrFail({ id })).toMatchObject({ role: 'support' });
    expect(await t.db.getRepository(StaffMember).existsBy({ username: 'by-support' })).toBe(false);
  });

  it('never demotes or deletes the last administrator', async () => {
    // Demote every other administrator: allowed while another one remains.
    const admins = (
      await get(`/api/admin/staff?filter=${encodeURIComponent('{"role":"admin"}')}&range=[0,499]`).expect(200)
    ).body as UserRow[];
    expect(admins.length).toBeGreaterThan(1);
    for (const other of admins.filter((row) => row.id !== adminId)) {
      await put(other.id, { role: 'support' }).expect(200);
    }
    expect(await t.db.getRepository(StaffMember).countBy({ role: 'admin' })).toBe(1);

    const demote = await put(adminId, { role: 'support' }).expect(409);
    expect(demote.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: LAST_ADMIN_MESSAGE,
      requestId: expect.any(String),
    });
    await del(adminId).expect(400);
    // Through the service, as a request by someone else would arrive (the API lets only admins in,
    // so over HTTP the last administrator can only be deleting themself).
    const service = t.app.get(AdminStaffService);
    const ghost = {
      id: -1,
      username: 'ghost',
      role: 'admin' as const,
      mfaEnabled: false,
      mfaEnrolmentRequired: false,
    };
    await expect(service.remove(adminId, ghost)).rejects.toThrow(new ConflictException(LAST_ADMIN_MESSAGE));
    // Changing the last administrator's password is fine.
    await put(adminId, { password: 'still-the-last-admin' }).expect(200);
    admin = await bearer(
      (await t.db.getRepository(StaffMember).findOneByOrFail({ id: adminId })).username,
      'still-the-last-admin',
    );
    // A step-up token is bound to the session it was issued to.
    stepUp = (
      await t
        .http()
        .post('/api/admin/me/step-up')
        .set('authorization', admin)
        .send({ password: 'still-the-last-admin' })
        .expect(200)
    ).body.stepUpToken;
    expect((await get('/api/admin/me').expect(200)).body).toMatchObject({ id: adminId, role: 'admin' });
    expect(await t.db.getRepository(StaffMember).countBy({ role: 'admin' })).toBe(1);
  });

  it('keeps one administrator when the last two delete each other at the same moment', async () => {
    const password = 'copper-lantern-meadow';
    const second = (await post({ username: 'second-admin', password, role: 'admin' }).expect(201)).body;
    const secondToken = await bearer('second-admin', password);
    const [a, b] = await Promise.all([del(second.id), del(adminId, secondToken)]);
    const statuses = [a.status, b.status].sort();
    // One succeeds; the other finds itself the last administrator (409), or its own account already
    // gone when its token is checked (401).
    expect([
      [200, 401],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await t.db.getRepository(StaffMember).countBy({ role: 'admin' })).toBe(1);
  });
});
