import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { buyWithDemo } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Reads of personal data (#32 §2): the lists and exports of people, a customer, a document. Each is in the
 * audit trail with who read it and from which client address, as the admin audit screen lists it.
 */
describe(`reads of personal data in the audit trail on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let orderId: string;
  const READER = '198.51.100.23';
  const email = 'audited.reader@example.com';

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    admin = await signIn(t, 'admin', 'reads-admin');
    support = await signIn(t, 'support', 'reads-support');
    ({ orderId } = await buyWithDemo(t, undefined, email));
    await t
      .http()
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('authorization', admin)
      .send({ amountCents: 100, reason: 'Goodwill', revokeKeys: false, notifyCustomer: false })
      .expect(201);
  });
  afterAll(() => t.close());

  const read = (path: string, auth = support, query: Record<string, string> = {}) =>
    t.http().get(path).query(query).set('authorization', auth).set('x-forwarded-for', READER);

  /** The newest entry of `action`, as the admin audit screen lists it (filtered by action). */
  async function latest(action: string) {
    const res = await t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ action }), range: '[0,0]' })
      .set('authorization', admin)
      .expect(200);
    return (res.body as AuditEntry[])[0];
  }

  it('records the customer list and a customer’s page, with the reader and the address', async () => {
    await read('/api/admin/customers', support, { filter: JSON.stringify({ q: 'audited.r' }) }).expect(200);
    expect(await latest('customers.list')).toMatchObject({
      actorUsername: 'reads-support',
      resource: 'customers',
      resourceId: null,
      after: { address: READER, filter: { q: 'audited.r' } },
    });
    await read(`/api/admin/customers/${encodeURIComponent(email)}`).expect(200);
    expect(await latest('customers.read')).toMatchObject({
      actorUsername: 'reads-support',
      resource: 'customers',
      resourceId: email,
      after: { address: READER },
    });
  });

  it('records the e-mail list', async () => {
    await read('/api/admin/emails', admin).expect(200);
    expect(await latest('emails.list')).toMatchObject({
      actorUsername: 'reads-admin',
      resource: 'emails',
      after: { address: READER },
    });
  });

  it('records the invoice and credit note downloads', async () => {
    await read(`/api/admin/orders/${orderId}/invoice.pdf`).expect(200);
    expect(await latest('orders.invoice-download')).toMatchObject({
      actorUsername: 'reads-support',
      resource: 'orders',
      resourceId: orderId,
      after: { address: READER },
    });
    const detail = await read(`/api/admin/orders/${orderId}`, admin).expect(200);
    const creditNoteId = (detail.body.creditNotes as { id: string }[])[0]!.id;
    await read(`/api/admin/orders/${orderId}/credit-notes/${creditNoteId}.pdf`).expect(200);
    expect(await latest('orders.credit-note-download')).toMatchObject({
      resourceId: orderId,
      after: { address: READER, creditNoteId },
    });
  });

  it('records the refunds, key batches and orders exports with their filter', async () => {
    const filter = JSON.stringify({ status: 'succeeded' });
    await read('/api/admin/refunds/export.csv', support, { filter, from: '2026-01-01' }).expect(200);
    expect(await latest('refunds.export')).toMatchObject({
      actorUsername: 'reads-support',
      resource: 'refunds',
      after: { address: READER, filter: { status: 'succeeded' }, from: '2026-01-01' },
    });
    await read('/api/admin/key-batches/export.csv', admin).expect(200);
    expect(await latest('key-batches.export')).toMatchObject({
      actorUsername: 'reads-admin',
      after: { address: READER },
    });
    await read('/api/admin/orders/export.csv').expect(200);
    expect(await latest('orders.export')).toMatchObject({
      actorUsername: 'reads-support',
      after: { address: READER },
    });
  });

  it('records nothing for a read that was refused or found nothing', async () => {
    const count = () => t.db.getRepository(AuditEntry).countBy({ action: 'refunds.export' });
    const before = await count();
    await read('/api/admin/refunds/export.csv', support, { from: 'yesterday' }).expect(400);
    await read('/api/admin/customers/nobody%40example.com').expect(404);
    expect(await count()).toBe(before);
    expect(await t.db.getRepository(AuditEntry).countBy({ resourceId: 'nobody@example.com' })).toBe(0);
  });
});
