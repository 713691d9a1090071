import { ONE_KIND } from '../src/admin/coupons/admin-coupons.service.js';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { createIntent, shopperAddress } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

type Row = { id: number; code: string; percentOff: number; active: boolean };

const PERCENT_OFF = 'Percent off must be a whole number from 1 to 100';
const MAX_REDEMPTIONS = 'Max redemptions must be a whole number of at least 1, or empty for unlimited';
const DUPLICATE = 'A coupon with this code already exists';

describe(`back office: coupons on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(() => t.close());

  const list = (params: Record<string, unknown> = {}, auth = admin) =>
    t
      .http()
      .get(
        `/api/admin/coupons?${Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&')}`,
      )
      .set('authorization', auth);
  const codes = (res: { body: Row[] }) => res.body.map((r) => r.code);
  const post = (body: object, auth = admin) =>
    t.http().post('/api/admin/coupons').set('authorization', auth).send(body);
  const put = (id: number | string, body: object, auth = admin) =>
    t.http().put(`/api/admin/coupons/${id}`).set('authorization', auth).send(body);
  const del = (id: number | string, auth = admin) =>
    t.http().delete(`/api/admin/coupons/${id}`).set('authorization', auth);
  const byCode = (code: string) => t.db.getRepository(Coupon).findOneByOrFail({ code });
  const audit = (action: string, id: number) =>
    t.db.getRepository(AuditEntry).find({ where: { action, resourceId: String(id) }, order: { id: 'ASC' } });
  const validate = (code: string) =>
    t.http().post('/api/coupons/validate').set('x-forwarded-for', shopperAddress()).send({ code });

  it('lists the seeded coupons with Content-Range, pages, sorts and answers getMany', async () => {
    const res = await list({ sort: ['code', 'ASC'] }).expect(200);
    expect(res.headers['content-range']).toBe('coupons 0-2/3');
    expect(codes(res)).toEqual(['OFFICE20', 'SAVE10', 'WELCOME15']);
    const save10 = await byCode('SAVE10');
    expect(res.body[1]).toEqual({
      id: save10.id,
      code: 'SAVE10',
      percentOff: 10,
      amountOffCents: null,
      currency: null,
      active: true,
      startsAt: null,
      expiresAt: null,
      maxRedemptions: null,
      redemptionCount: 0,
      heldCount: 0,
      createdAt: save10.createdAt.toISOString(),
      updatedAt: save10.updatedAt.toISOString(),
    });

    const page = await list({ sort: ['percentOff', 'DESC'], range: [1, 2] }).expect(200);
    expect(page.headers['content-range']).toBe('coupons 1-2/3');
    expect(codes(page)).toEqual(['WELCOME15', 'SAVE10']);
    expect((await list({ range: [3, 5] }).expect(200)).headers['content-range']).toBe('coupons */3');

    const office20 = await byCode('OFFICE20');
    // ra-data-simple-rest's getMany sends the ids as they are: numbers here.
    const many = await list({ filter: { id: [save10.id, office20.id, 9999] }, sort: ['id', 'ASC'] }).expect(
      200,
    );
    expect(many.body.map((r: Row) => r.id)).toEqual([save10.id, office20.id].sort((a, b) => a - b));
    expect(many.headers['content-range']).toBe('coupons 0-1/2');
    expect(codes(await list({ filter: { id: [String(save10.id)] } }).expect(200))).toEqual(['SAVE10']);
    expect((await list({ filter: { id: [] } }).expect(200)).headers['content-range']).toBe('coupons */0');
  });

  it('filters by code prefix (any case) and by active', async () => {
    const q = async (filter: object) => codes(await list({ filter, sort: ['code', 'ASC'] }).expect(200));
    expect(await q({ q: ' save' })).toEqual(['SAVE10']);
    expect(await q({ q: 'o' })).toEqual(['OFFICE20']);
    expect(await q({ q: 'AVE' })).toEqual([]);
    expect(await q({ q: '%' })).toEqual([]);
    expect(await q({ active: true })).toEqual(['OFFICE20', 'SAVE10', 'WELCOME15']);
    expect(await q({ active: false })).toEqual([]);

    for (const bad of [
      { filter: { active: 'yes' } },
      { filter: { id: ['x'] } },
      { filter: { id: [0] } },
      { filter: { id: [1.5] } },
      { filter: { id: 3 } },
      { filter: { code: 'SAVE10' } },
      { filter: '[]' },
      { sort: ['maxRedemptions', 'ASC'] },
      { range: [0, 500] },
    ]) {
      const res = await list(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('shows one coupon; unknown or malformed ids are 404', async () => {
    const save10 = await byCode('SAVE10');
    const res = await t
      .http()
      .get(`/api/admin/coupons/${save10.id}`)
      .set('authorization', support)
      .expect(200);
    expect(res.body).toMatchObject({ id: save10.id, code: 'SAVE10', percentOff: 10 });
    for (const id of ['9999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const missing = await t.http().get(`/api/admin/coupons/${id}`).set('authorization', admin).expect(404);
      expect(missing.body.message).toBe('Coupon not found');
    }
  });

  it('lets an admin create a coupon, stored upper-case and usable at checkout', async () => {
    const res = await post({ code: ' spring25 ', percentOff: 25 }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: 'SPRING25',
      percentOff: 25,
      amountOffCents: null,
      currency: null,
      active: true,
      startsAt: null,
      expiresAt: null,
      maxRedemptions: null,
      redemptionCount: 0,
      heldCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await validate('Spring25').expect(200)).body).toEqual({ code: 'SPRING25', discount: 0.25 });
    const [entry] = await audit('coupons.create', res.body.id);
    expect(entry).toMatchObject({
      resource: 'coupons',
      actorUsername: expect.stringMatching(/^admin-/),
      after: { code: 'SPRING25', percentOff: 25, active: true, maxRedemptions: null },
    });

    const planned = await post({
      code: 'SUMMER-2030_A',
      percentOff: 100,
      active: false,
      startsAt: '2030-06-01T00:00:00.000Z',
      expiresAt: '2030-09-01T00:00:00Z',
      maxRedemptions: 50,
    }).expect(201);
    expect(planned.body).toMatchObject({
      code: 'SUMMER-2030_A',
      percentOff: 100,
      active: false,
      startsAt: '2030-06-01T00:00:00.000Z',
      expiresAt: '2030-09-01T00:00:00.000Z',
      maxRedemptions: 50,
    });
    await validate('SUMMER-2030_A').expect(404);
    const empty = await post({
      code: 'EMPTYDATES',
      percentOff: 5,
      startsAt: '',
      expiresAt: null,
      maxRedemptions: '',
    });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ startsAt: null, expiresAt: null, maxRedemptions: null });
  });

  it('refuses a code that exists in any case with 409', async () => {
    const count = await t.db.getRepository(Coupon).count();
    for (const code of ['save10', 'Spring25', ' SPRING25']) {
      const res = await post({ code, percentOff: 5 }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message: DUPLICATE,
        error: 'Conflict',
        requestId: expect.any(String),
      });
    }
    expect(await t.db.getRepository(Coupon).count()).toBe(count);

    // Concurrent creations of one code: the UNIQUE index settles it, the losers get the same 409.
    const racing = await Promise.all(['race', 'RACE', ' Race '].map((code) => post({ code, percentOff: 5 })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const res of racing.filter((r) => r.status === 409)) expect(res.body.message).toBe(DUPLICATE);
    expect(await t.db.getRepository(Coupon).countBy({ code: 'RACE' })).toBe(1);
  });

  it('validates every field', async () => {
    const count = await t.db.getRepository(Coupon).count();
    const messages = async (body: object) => problems((await post(body).expect(400)).body);
    const valid = { code: 'VALID1', percentOff: 10 };
    expect(await messages({})).toEqual(['Coupon code is required']);
    expect(await messages({ code: '   ', percentOff: 10 })).toEqual(['Coupon code is required']);
    expect(await messages({ code: 42, percentOff: 10 })).toEqual(['Coupon code is required']);
    expect(await messages({ code: 'TWO WORDS', percentOff: 10 })).toEqual([
      'Coupon code may contain only letters, digits, hyphens and underscores',
    ]);
    expect(await messages({ code: 'A'.repeat(65), percentOff: 10 })).toEqual([
      'Coupon code must be at most 64 characters',
    ]);
    for (const percentOff of [0, 101, 2.5, '10', -5])
      expect(await messages({ ...valid, percentOff })).toEqual([PERCENT_OFF]);
    expect(await messages({ ...valid, percentOff: null })).toEqual([ONE_KIND]);
    for (const amountOffCents of [0, 100_000_001, 2.5, '500'])
      expect(await messages({ code: 'VALID1', amountOffCents, currency: 'EUR' })).toEqual([
        'Amount off must be a whole number of minor units from 1 to 100000000',
      ]);
    expect(await messages({ ...valid, active: 'yes' })).toEqual(['active must be true or false']);
    expect(await messages({ ...valid, startsAt: 'tomorrow' })).toEqual([
      'Starts at must be a date and time (ISO 8601), or empty for none',
    ]);
    expect(await messages({ ...valid, expiresAt: '2030-02-30T00:00:00Z' })).toEqual([
      'Expires at must be a date and time (ISO 8601), or empty for none',
    ]);
    expect(
      await messages({ ...valid, startsAt: '2030-02-01T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }),
    ).toEqual(['Starts at must be before expires at']);
    expect(
      await messages({ ...valid, startsAt: '2030-01-01T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }),
    ).toEqual(['Starts at must be before expires at']);
    for (const maxRedemptions of [0, 1.5, '3', -1])
      expect(await messages({ ...valid, maxRedemptions })).toEqual([MAX_REDEMPTIONS]);
    expect(await messages({ ...valid, maxRedemptions: 2_000_000_000 })).toEqual([
      'Max redemptions must be at most 1000000000',
    ]);
    expect(await messages({ ...valid, redemptionCount: 0 })).toEqual([
      'property redemptionCount should not exist',
    ]);
    expect(await messages({ ...valid, id: 7 })).toEqual(['property id should not exist']);
    expect(await t.db.getRepository(Coupon).count()).toBe(count);
  });

  it('lets an admin change the writable fields, recording before and after', async () => {
    const spring = await byCode('SPRING25');
    const res = await put(spring.id, {
      percentOff: 30,
      maxRedemptions: 3,
      expiresAt: '2031-01-01T00:00:00Z',
    }).expect(200);
    expect(res.body).toMatchObject({
      id: spring.id,
      code: 'SPRING25',
      percentOff: 30,
      maxRedemptions: 3,
      expiresAt: '2031-01-01T00:00:00.000Z',
      redemptionCount: 0,
    });
    const [entry] = await audit('coupons.update', spring.id);
    expect(entry).toMatchObject({
      before: { percentOff: 25, maxRedemptions: null, expiresAt: null },
      after: { percentOff: 30, maxRedemptions: 3, expiresAt: '2031-01-01T00:00:00.000Z' },
    });

    // The stored value stands in for the date not sent.
    expect(problems((await put(spring.id, { startsAt: '2031-06-01T00:00:00Z' }).expect(400)).body)).toEqual([
      'Starts at must be before expires at',
    ]);
    const cleared = await put(spring.id, {
      expiresAt: null,
      maxRedemptions: '',
      startsAt: '2020-01-01T00:00:00Z',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      expiresAt: null,
      maxRedemptions: null,
      startsAt: '2020-01-01T00:00:00.000Z',
    });

    const renamed = await put(spring.id, { code: 'spring-30', active: false }).expect(200);
    expect(renamed.body).toMatchObject({ code: 'SPRING-30', active: false });
    await validate('SPRING-30').expect(404);
    await put(spring.id, { code: 'SPRING-30', active: true }).expect(200);
    expect((await validate('spring-30').expect(200)).body.discount).toBe(0.3);

    expect((await put(spring.id, { code: 'save10' }).expect(409)).body.message).toBe(DUPLICATE);
    expect((await put(spring.id, {}).expect(400)).body.message).toBe(
      'Nothing to update: send code, percentOff, amountOffCents, currency, active, startsAt, expiresAt, maxRedemptions',
    );
    expect(problems((await put(spring.id, { code: null }).expect(400)).body)).toEqual([
      'Coupon code is required',
    ]);
    expect(problems((await put(spring.id, { percentOff: null }).expect(400)).body)).toEqual([PERCENT_OFF]);
    expect(problems((await put(spring.id, { active: null }).expect(400)).body)).toEqual([
      'active must be true or false',
    ]);
    expect(problems((await put(spring.id, { percentOff: 0 }).expect(400)).body)).toEqual([PERCENT_OFF]);
    expect(problems((await put(spring.id, { redemptionCount: 0 }).expect(400)).body)).toEqual([
      'property redemptionCount should not exist',
    ]);
    expect((await put(9999, { percentOff: 5 }).expect(404)).body.message).toBe('Coupon not found');
    await put('abc', { percentOff: 5 }).expect(404);
    expect(await byCode('SPRING-30')).toMatchObject({ percentOff: 30, active: true });
  });

  it('keeps the code of a coupon that has redemptions, held ones included', async () => {
    const spring = await byCode('SPRING-30');
    await createIntent(t, { couponCode: 'spring-30' }).expect(201);
    expect(await byCode('SPRING-30')).toMatchObject({ redemptionCount: 0, heldCount: 1 });
    const res = await put(spring.id, { code: 'SPRING-31' }).expect(409);
    expect(res.body.message).toBe('The code of a coupon that has been redeemed cannot be changed');
    // The same code (any case) is no change; other fields still change.
    await put(spring.id, { code: 'spring-30', percentOff: 35 }).expect(200);
    expect(await byCode('SPRING-30')).toMatchObject({ percentOff: 35, heldCount: 1 });
  });

  it('deletes an unused coupon, deactivates a used or seeded one', async () => {
    const unused = await post({ code: 'GONE', percentOff: 5 }).expect(201);
    const deleted = await del(unused.body.id).expect(200);
    expect(deleted.body).toMatchObject({ id: unused.body.id, code: 'GONE', active: true });
    expect(await t.db.getRepository(Coupon).findOneBy({ id: unused.body.id })).toBeNull();
    const [deletion] = await audit('coupons.delete', unused.body.id);
    expect(deletion).toMatchObject({
      before: { code: 'GONE', percentOff: 5, redemptionCount: 0 },
      after: null,
    });
    await del(unused.body.id).expect(404);

    const used = await byCode('SPRING-30');
    const deactivated = await del(used.id).expect(200);
    expect(deactivated.body).toMatchObject({
      id: used.id,
      code: 'SPRING-30',
      active: false,
      redemptionCount: 0,
      heldCount: 1,
    });
    expect(await byCode('SPRING-30')).toMatchObject({ active: false });
    expect(await audit('coupons.deactivate', used.id)).toEqual([
      expect.objectContaining({ before: { active: true }, after: { active: false } }),
    ]);

    // The seed creates a missing public code again on the next start: deleting one only deactivates it.
    const welcome = await byCode('WELCOME15');
    expect((await del(welcome.id).expect(200)).body).toMatchObject({ code: 'WELCOME15', active: false });
    expect(await byCode('WELCOME15')).toMatchObject({ active: false, redemptionCount: 0 });
    await validate('WELCOME15').expect(404);
    await del('abc').expect(404);
  });

  it('lets support read but not change; anonymous callers get 401', async () => {
    const save10 = await byCode('SAVE10');
    await list({}, support).expect(200);
    await post({ code: 'SUPPORT1', percentOff: 5 }, support).expect(403);
    await put(save10.id, { percentOff: 50 }, support).expect(403);
    await del(save10.id, support).expect(403);
    expect(await byCode('SAVE10')).toMatchObject({ percentOff: 10, active: true });
    expect(await t.db.getRepository(Coupon).findOneBy({ code: 'SUPPORT1' })).toBeNull();

    await t.http().get('/api/admin/coupons').expect(401);
    await t.http().get(`/api/admin/coupons/${save10.id}`).expect(401);
    await t.http().post('/api/admin/coupons').send({ code: 'X1', percentOff: 5 }).expect(401);
    await t.http().put(`/api/admin/coupons/${save10.id}`).send({ percentOff: 5 }).expect(401);
    await t.http().delete(`/api/admin/coupons/${save10.id}`).expect(401);
  });

  it('documents every route in Swagger, behind the bearer token', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const routes: [string, string[]][] = [
      ['/api/admin/coupons', ['get', 'post']],
      ['/api/admin/coupons/{id}', ['get', 'put', 'delete']],
    ];
    for (const [path, methods] of routes) {
      expect(Object.keys(doc.paths[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) {
        expect(doc.paths[path][method]).toMatchObject({
          summary: expect.any(String),
          security: [{ bearer: [] }],
        });
        expect(doc.paths[path][method].tags).toEqual(['admin: coupons']);
      }
    }
  });
});
