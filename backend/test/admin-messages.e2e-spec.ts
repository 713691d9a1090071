import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Message } from '../src/messages/entities/message.entity.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

type Row = { id: number; email: string; subject: string; status: string };

describe(`back office: contact messages on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  /** Oldest first. */
  let stored: Message[];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    // One through the public form, the rest written directly (the form is throttled per address).
    await t
      .http()
      .post('/api/contact')
      .set('x-forwarded-for', '10.77.0.1')
      .send({
        name: 'Jane Doe',
        email: 'Jane.Doe@Example.com',
        subject: 'Activation question',
        category: 'licensing',
        message: 'My key says it was already activated.',
      })
      .expect(201);
    const repo = t.db.getRepository(Message);
    await repo.save([
      {
        name: 'Bob',
        email: 'bob@example.org',
        subject: 'Invoice please',
        category: 'billing',
        message: 'Hi',
      },
      {
        name: 'Ann',
        email: 'ann@example.net',
        subject: 'jane_doe asked me',
        category: null,
        message: 'Hello',
      },
      {
        name: 'Raj',
        email: 'raj@example.in',
        subject: 'Install fails',
        category: 'installation',
        message: 'Help',
      },
    ]);
    stored = await repo.find({ order: { id: 'ASC' } });
    // Distinct, known creation times, one minute apart.
    for (const [i, row] of stored.entries())
      await repo.update(row.id, { createdAt: new Date(Date.UTC(2030, 0, 1, 12, i)) });
    stored = await repo.find({ order: { id: 'ASC' } });
  });
  afterAll(() => t.close());

  const list = (params: Record<string, unknown> = {}, auth = admin) =>
    t
      .http()
      .get(
        `/api/admin/messages?${Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&')}`,
      )
      .set('authorization', auth);
  const ids = (res: { body: Row[] }) => res.body.map((r) => r.id);
  const put = (id: number | string, body: object, auth = admin) =>
    t.http().put(`/api/admin/messages/${id}`).set('authorization', auth).send(body);

  it('lists messages newest first with Content-Range, pages, sorts and answers getMany', async () => {
    const res = await list().expect(200);
    expect(res.headers['content-range']).toBe('messages 0-3/4');
    expect(ids(res)).toEqual(stored.map((m) => m.id).reverse());
    const jane = stored[0]!;
    expect(res.body[3]).toEqual({
      id: jane.id,
      name: 'Jane Doe',
      email: 'jane.doe@example.com', // in its canonical form
      subject: 'Activation question',
      category: 'licensing',
      message: 'My key says it was already activated.',
      status: 'new',
      createdAt: '2030-01-01T12:00:00.000Z',
    });

    const page = await list({ sort: ['createdAt', 'ASC'], range: [1, 2] }).expect(200);
    expect(page.headers['content-range']).toBe('messages 1-2/4');
    expect(ids(page)).toEqual([stored[1]!.id, stored[2]!.id]);
    expect((await list({ range: [10, 19] }).expect(200)).headers['content-range']).toBe('messages */4');
    expect(ids(await list({ sort: ['id', 'ASC'] }).expect(200))).toEqual(stored.map((m) => m.id));

    const many = await list({ filter: { id: [stored[2]!.id, stored[0]!.id, 424242] } }).expect(200);
    expect(ids(many)).toEqual([stored[2]!.id, stored[0]!.id]);
    expect(many.headers['content-range']).toBe('messages 0-1/2');
  });

  it('filters by status, category and a prefix of the e-mail or subject (any case)', async () => {
    const q = async (filter: object) => ids(await list({ filter, sort: ['id', 'ASC'] }).expect(200));
    const [jane, bob, ann, raj] = stored.map((m) => m.id);
    expect(await q({ q: 'jane.doe@' })).toEqual([jane]);
    expect(await q({ q: 'JANE' })).toEqual([jane, ann]);
    expect(await q({ q: 'invoice' })).toEqual([bob]);
    expect(await q({ q: 'example' })).toEqual([]);
    expect(await q({ q: 'jane_' })).toEqual([ann]);
    expect(await q({ q: '%' })).toEqual([]);
    expect(await q({ status: 'new' })).toEqual([jane, bob, ann, raj]);
    expect(await q({ status: 'answered' })).toEqual([]);
    expect(await q({ category: 'installation' })).toEqual([raj]);

    for (const bad of [
      { filter: { status: 'closed' } },
      { filter: { category: 'sales' } },
      { filter: { status: ['new'] } },
      { filter: { email: 'jane' } },
      { filter: { id: ['x'] } },
      { sort: ['message', 'ASC'] },
      { range: '[0]' },
    ]) {
      const res = await list(bad).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('shows one message; unknown or malformed ids are 404', async () => {
    const [jane] = stored;
    const res = await t
      .http()
      .get(`/api/admin/messages/${jane!.id}`)
      .set('authorization', support)
      .expect(200);
    expect(res.body).toMatchObject({ id: jane!.id, email: 'jane.doe@example.com', status: 'new' });
    for (const id of ['424242', 'x', '0']) {
      const missing = await t.http().get(`/api/admin/messages/${id}`).set('authorization', admin).expect(404);
      expect(missing.body.message).toBe('Message not found');
    }
  });

  it('lets an admin mark a message answered and back, recording before and after', async () => {
    const bob = stored[1]!;
    const res = await put(bob.id, { status: 'answered' }).expect(200);
    expect(res.body).toMatchObject({ id: bob.id, status: 'answered', subject: 'Invoice please' });
    expect(ids(await list({ filter: { status: 'answered' } }).expect(200))).toEqual([bob.id]);
    await put(bob.id, { status: 'new' }).expect(200);
    const entries = await t.db
      .getRepository(AuditEntry)
      .find({ where: { action: 'messages.update', resourceId: String(bob.id) }, order: { id: 'ASC' } });
    expect(entries.map((e) => [e.resource, e.before, e.after])).toEqual([
      ['messages', { status: 'new' }, { status: 'answered' }],
      ['messages', { status: 'answered' }, { status: 'new' }],
    ]);

    const message = async (body: object) => problems((await put(bob.id, body).expect(400)).body);
    expect(await message({})).toEqual(['status must be one of new, answered']);
    expect(await message({ status: 'closed' })).toEqual(['status must be one of new, answered']);
    expect(await message({ status: 'answered', subject: 'edited' })).toEqual([
      'property subject should not exist',
    ]);
    expect((await put(424242, { status: 'answered' }).expect(404)).body.message).toBe('Message not found');
    await put('x', { status: 'answered' }).expect(404);
  });

  it('lets support read and mark a message answered (their daily work); anonymous callers get 401', async () => {
    const [jane] = stored;
    await list({}, support).expect(200);
    expect((await t.db.getRepository(Message).findOneByOrFail({ id: jane!.id })).status).toBe('new');
    expect((await put(jane!.id, { status: 'answered' }, support).expect(200)).body.status).toBe('answered');
    expect((await t.db.getRepository(Message).findOneByOrFail({ id: jane!.id })).status).toBe('answered');
    await put(jane!.id, { status: 'new' }, support).expect(200);
    await t.http().get('/api/admin/messages').expect(401);
    await t.http().get(`/api/admin/messages/${jane!.id}`).expect(401);
    await t.http().put(`/api/admin/messages/${jane!.id}`).send({ status: 'answered' }).expect(401);
  });

  it('documents every route in Swagger, behind the bearer token', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const routes: [string, string[]][] = [
      ['/api/admin/messages', ['get']],
      ['/api/admin/messages/{id}', ['get', 'put']],
    ];
    for (const [path, methods] of routes) {
      expect(Object.keys(doc.paths[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) {
        expect(doc.paths[path][method]).toMatchObject({
          summary: expect.any(String),
          security: [{ bearer: [] }],
        });
        expect(doc.paths[path][method].tags).toEqual(['admin: messages']);
      }
    }
  });
});
