import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

type Row = { id: number; actorUsername: string; action: string; before: unknown; after: unknown };

describe(`back office: the audit trail on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t, 'admin', 'auditor');
    support = await signIn(t, 'support');
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const entry = (actorUsername: string, action: string, day: string) => ({
      actorId: null,
      actorUsername,
      action,
      resource: action.split('.')[0]!,
      resourceId: 'r1',
      before: { status: 'processing' },
      after: { status: 'cancelled' },
      createdAt: at(day),
    });
    await t.db
      .getRepository(AuditEntry)
      .save([
        entry('alice', 'orders.update', '2026-03-01'),
        entry('alice', 'orders.resend-email', '2026-03-02'),
        entry('bob', 'orders.update', '2026-03-03'),
        entry('bob', 'coupons.update', '2026-03-04'),
        entry('alice', 'ordersx.other', '2026-03-05'),
      ]);
  });
  afterAll(() => t.close());

  const list = (filter: object, auth = admin) =>
    t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify(filter) })
      .set('Authorization', auth);
  const actions = async (filter: object) =>
    ((await list(filter).expect(200)).body as Row[]).map((r) => `${r.actorUsername} ${r.action}`);

  it('filters by staff user, exact action, a resource prefix and days, newest first', async () => {
    expect(await actions({ actorUsername: 'alice' })).toEqual([
      'alice ordersx.other',
      'alice orders.resend-email',
      'alice orders.update',
    ]);
    expect(await actions({ action: 'orders.update' })).toEqual(['bob orders.update', 'alice orders.update']);
    // `orders.` is every action on orders, not `ordersx.`.
    expect(await actions({ action: 'orders.', from: '2026-03-01', to: '2026-03-31' })).toEqual([
      'bob orders.update',
      'alice orders.resend-email',
      'alice orders.update',
    ]);
    expect(await actions({ from: '2026-03-02', to: '2026-03-03' })).toEqual([
      'bob orders.update',
      'alice orders.resend-email',
    ]);
    expect(await actions({ actorUsername: 'bob', action: 'coupons.', to: '2026-03-04' })).toEqual([
      'bob coupons.update',
    ]);
    const [first] = (await list({ actorUsername: 'bob', action: 'coupons.update' }).expect(200))
      .body as Row[];
    expect(first).toMatchObject({ before: { status: 'processing' }, after: { status: 'cancelled' } });
  });

  it('finds what the trail records as it happens, by the username', async () => {
    await t.http().post('/api/admin/login').send({ username: 'auditor', password: 'wrong' }).expect(401);
    const rows = (await list({ actorUsername: 'auditor' }).expect(200)).body as Row[];
    // Newest first: the failure, and the sign-in of beforeAll.
    expect(rows.map((r) => `${r.actorUsername} ${r.action}`)).toEqual([
      'auditor auth.login-failed',
      'auditor auth.login',
    ]);
    expect(await actions({ actorUsername: 'nobody' })).toEqual([]);
  });

  it('answers a 400 naming a bad filter', async () => {
    for (const [filter, message] of [
      [{ from: '2026-02-30' }, 'filter from must be a day such as 2026-10-01'],
      [{ to: 'yesterday' }, 'filter to must be a day such as 2026-10-01'],
      [{ from: '2026-03-05', to: '2026-03-01' }, 'filter to must not be before from'],
      [{ action: 42 }, 'filter action must be a string of at most 200 characters'],
      [{ who: 'x' }, 'filter who is not supported'],
    ] as const) {
      const res = await list(filter).expect(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is for admins only', async () => {
    await list({}, support).expect(403);
    await t.http().get('/api/admin/audit').expect(401);
  });
});
