import { SmtpSink, waitFor } from '@store/testing';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { LicenseActivation } from '../src/license-keys/entities/license-activation.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Message } from '../src/messages/entities/message.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import type { AdminCustomerDto } from '../src/admin/customers/dto/admin-customer.dto.js';
import {
  buyWithDemo,
  createIntent,
  BILLING,
  HOME_BUSINESS,
  STANDARD,
  type Intent,
} from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

type Row = {
  id: string;
  email: string;
  name: string;
  orders: number;
  paidOrders: number;
  spentCents: number;
};

describe(`back office: customers on ${DRIVER}`, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  let support: string;
  let ann: Intent;
  let annKeys: string[];

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://shop.example.test',
    });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
    ann = await buyWithDemo(t, [{ id: HOME_BUSINESS, quantity: 2 }], 'Ann@X.com');
    await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'ann@x.com');
    // An unpaid checkout of Ann's, and look-alike addresses that are other customers.
    await createIntent(t, { billing: { ...BILLING, email: 'ann@x.com' } }).expect(201);
    await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'ann@x.co');
    await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'ann@x.com.evil.test');
    await buyWithDemo(t, [{ id: STANDARD, quantity: 1 }], 'bob@y.com');
    const cipher = t.app.get(LicenseKeyCipher);
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: ann.orderId });
    annKeys = keys.map((k) => cipher.decrypt(k.keyCiphertext));
    await t.db.getRepository(LicenseActivation).save({ licenseKeyId: keys[0]!.id, instanceId: 'LAPTOP-ANN' });
    await t.db.getRepository(Message).save([
      { name: 'Ann', email: 'ann@x.com', subject: 'Where is my invoice?', message: 'Hello', status: 'new' },
      { name: 'Ann Co', email: 'ann@x.co', subject: 'Not Ann of x.com', message: 'Hi', status: 'new' },
    ]);
    await t.app.get(OutboxWorker).drain();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const list = (auth: string, filter?: object) =>
    t
      .http()
      .get('/api/admin/customers')
      .query(filter ? { filter: JSON.stringify(filter) } : {})
      .set('Authorization', auth);
  const detail = (auth: string, email: string) =>
    t
      .http()
      .get(`/api/admin/customers/${encodeURIComponent(email)}`)
      .set('Authorization', auth);

  it('finds customers by the start of their address, one row each, with their orders and spend', async () => {
    const res = await list(support, { q: 'ANN@x.co' }).expect(200);
    const rows = res.body as Row[];
    expect(rows.map((r) => r.email).sort()).toEqual(['ann@x.co', 'ann@x.com', 'ann@x.com.evil.test']);
    expect(res.headers['content-range']).toBe('customers 0-2/3');
    const annRow = rows.find((r) => r.email === 'ann@x.com')!;
    expect(annRow).toMatchObject({ id: 'ann@x.com', orders: 3, paidOrders: 2, spentCents: 2 * 24299 + 4049 });
    expect(annRow.name).toBe(`${BILLING.firstName} ${BILLING.lastName}`);
  });

  it('finds one customer by the whole address, and lists recent customers without a search', async () => {
    const exact = await list(admin, { q: 'bob@y.com' }).expect(200);
    expect((exact.body as Row[]).map((r) => r.email)).toEqual(['bob@y.com']);
    const recent = await list(admin).expect(200);
    // Newest customer first: bob bought last.
    expect((recent.body as Row[]).map((r) => r.email)).toEqual([
      'bob@y.com',
      'ann@x.com.evil.test',
      'ann@x.co',
      'ann@x.com',
    ]);
    const page = await t
      .http()
      .get('/api/admin/customers')
      .query({ range: '[1,2]' })
      .set('Authorization', admin)
      .expect(200);
    expect((page.body as Row[]).map((r) => r.email)).toEqual(['ann@x.com.evil.test', 'ann@x.co']);
    expect(page.headers['content-range']).toBe('customers 1-2/4');
  });

  it('refuses a search shorter than 3 characters and an unknown filter', async () => {
    const short = await list(admin, { q: 'an' }).expect(400);
    expect(short.body.message).toMatch(/at least 3 characters/);
    await list(admin, { status: 'x' }).expect(400);
    await t
      .http()
      .get('/api/admin/customers')
      .query({ sort: '["name","ASC"]' })
      .set('Authorization', admin)
      .expect(400);
  });

  it('finds customers by the start of their name or last name too', async () => {
    await t.db
      .getRepository(Order)
      .update({ customerEmail: 'bob@y.com' }, { customerName: 'Robert Stone', billingLastName: 'Stone' });
    for (const q of ['Robert', 'robert st', 'Stone', 'sto'])
      expect(((await list(support, { q }).expect(200)).body as Row[]).map((r) => r.email)).toEqual([
        'bob@y.com',
      ]);
    // A start, not a part: "bert" is in the name but starts nothing.
    expect((await list(support, { q: 'bert' }).expect(200)).body).toEqual([]);
  });

  it('sorts by address, orders, paid orders, spend and first or last order, with and without a search', async () => {
    const sorted = async (sort: [string, string], filter?: object) =>
      (
        (
          await t
            .http()
            .get('/api/admin/customers')
            .query({ sort: JSON.stringify(sort), ...(filter ? { filter: JSON.stringify(filter) } : {}) })
            .set('Authorization', admin)
            .expect(200)
        ).body as Row[]
      ).map((r) => r.email);
    expect(await sorted(['email', 'ASC'])).toEqual([
      'ann@x.co',
      'ann@x.com',
      'ann@x.com.evil.test',
      'bob@y.com',
    ]);
    expect((await sorted(['spentCents', 'DESC']))[0]).toBe('ann@x.com');
    expect((await sorted(['orders', 'DESC']))[0]).toBe('ann@x.com');
    expect(await sorted(['lastOrderAt', 'ASC'])).toEqual([
      'ann@x.com',
      'ann@x.co',
      'ann@x.com.evil.test',
      'bob@y.com',
    ]);
    const search = { q: 'ann@x.co' };
    expect(await sorted(['email', 'DESC'], search)).toEqual(['ann@x.com.evil.test', 'ann@x.com', 'ann@x.co']);
    expect((await sorted(['paidOrders', 'DESC'], search))[0]).toBe('ann@x.com');
    expect((await sorted(['spentCents', 'DESC'], search))[0]).toBe('ann@x.com');
    expect((await sorted(['firstOrderAt', 'ASC'], search))[0]).toBe('ann@x.com');
  });

  it("shows everything of exactly this customer, never a look-alike's", async () => {
    const res = await detail(support, 'ANN@x.com').expect(200);
    const body = res.body as AdminCustomerDto;
    expect(body.email).toBe('ann@x.com');
    expect(body.orderList).toHaveLength(3);
    expect(body.orderList.map((o) => o.paymentStatus).sort()).toEqual(['completed', 'completed', 'pending']);
    expect(body.licenseKeys).toHaveLength(3);
    // Support sees keys masked.
    for (const key of body.licenseKeys) expect(annKeys).not.toContain(key.licenseKey);
    expect(body.downloads.length).toBeGreaterThan(0);
    expect(body.activations.map((a) => a.instanceId)).toEqual(['LAPTOP-ANN']);
    expect(body.messages.map((m) => m.subject)).toEqual(['Where is my invoice?']);
    expect(body.emails.length).toBeGreaterThanOrEqual(2);
    for (const e of body.emails) expect(Object.keys(e)).not.toContain('text');
    const ordersOfAnn = await t.db.getRepository(Order).findBy({ customerEmail: 'ann@x.com' });
    const ids = new Set(ordersOfAnn.map((o) => o.id));
    for (const o of body.orderList) expect(ids.has(o.id)).toBe(true);
    for (const e of body.emails) expect(e.orderId === null || ids.has(e.orderId)).toBe(true);
    await detail(support, 'ann@x.c').expect(404);
    await detail(support, 'not-an-address').expect(400);
  });

  it('shows the keys in full to an admin, and records that they were revealed', async () => {
    const res = await detail(admin, 'ann@x.com').expect(200);
    const shown = (res.body.licenseKeys as { licenseKey: string }[]).map((k) => k.licenseKey);
    for (const key of annKeys) expect(shown).toContain(key);
    const entry = await t.db.getRepository(AuditEntry).findOneByOrFail({
      action: 'license-keys.reveal',
      resource: 'customers',
      resourceId: 'ann@x.com',
    });
    expect((entry.after as { licenseKeyIds: string[] }).licenseKeyIds).toHaveLength(3);
  });

  it('e-mails the customer an access link once a minute, audited', async () => {
    const res = await t
      .http()
      .post(`/api/admin/customers/${encodeURIComponent('Ann@X.com')}/access-link`)
      .set('Authorization', support)
      .expect(202);
    expect(res.body).toEqual({ queued: true, emailId: expect.any(Number) });
    await t.app.get(OutboxWorker).drain();
    const mail = await waitFor(() => smtp.received.find((m) => m.subject === 'Your link to your licences'));
    expect(mail.to).toEqual(['ann@x.com']);
    expect(mail.text).toMatch(/https:\/\/shop\.example\.test\/account\?token=\S+/);
    const again = await t
      .http()
      .post('/api/admin/customers/ann%40x.com/access-link')
      .set('Authorization', admin)
      .expect(429);
    expect(again.body.message).toMatch(/less than a minute ago/);
    const audited = await t.db
      .getRepository(AuditEntry)
      .findBy({ action: 'customers.access-link', resourceId: 'ann@x.com' });
    expect(audited).toHaveLength(1);
    // Another address, even a look-alike with orders, is its own customer: not limited by Ann's link.
    await t
      .http()
      .post('/api/admin/customers/ann%40x.co/access-link')
      .set('Authorization', admin)
      .expect(202);
    await t
      .http()
      .post('/api/admin/customers/nobody%40x.com/access-link')
      .set('Authorization', admin)
      .expect(404);
  });

  it('is for staff only', async () => {
    await t.http().get('/api/admin/customers').expect(401);
    await t.http().get('/api/admin/customers/ann%40x.com').expect(401);
    await t.http().post('/api/admin/customers/ann%40x.com/access-link').expect(401);
  });

  // Last: it adds a customer the lists above do not expect.
  it('counts the spend per currency, never adding euros to dollars', async () => {
    const buy = async (currency: string, quantity: number) => {
      const intent = (
        await createIntent(t, {
          currency,
          cartItems: [{ id: STANDARD, quantity }],
          billing: { ...BILLING, email: 'cy@z.com' },
        }).expect(201)
      ).body as Intent & { currency: string; totalCents: number };
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
        .expect(200);
      expect(intent.currency).toBe(currency);
      return intent.totalCents;
    };
    const euros = (await buy('EUR', 2)) + (await buy('EUR', 1));
    const canadian = await buy('CAD', 1);
    const dollars = await buy('USD', 1);
    const [row] = (await list(admin, { q: 'cy@z.com' }).expect(200)).body as (Row & { spent: unknown })[];
    // In the store's order of currencies, as the reports list them (not alphabetical: CAD after EUR).
    expect(row).toMatchObject({
      orders: 4,
      paidOrders: 4,
      spentCents: dollars,
      spent: [
        { currency: 'USD', cents: dollars },
        { currency: 'EUR', cents: euros },
        { currency: 'CAD', cents: canadian },
      ],
    });
    const body = (await detail(admin, 'cy@z.com').expect(200)).body as AdminCustomerDto;
    expect(body.spent).toEqual(row!.spent);
    expect(body.orderList.map((o) => o.currency).sort()).toEqual(['CAD', 'EUR', 'EUR', 'USD']);
    // Sorting by spend orders by the dollars only: Ann's two dollar orders come before Cy's one.
    const bySpend = (
      (
        await t
          .http()
          .get('/api/admin/customers')
          .query({ sort: JSON.stringify(['spentCents', 'DESC']) })
          .set('Authorization', admin)
          .expect(200)
      ).body as Row[]
    ).map((r) => r.email);
    expect(bySpend.indexOf('ann@x.com')).toBeLessThan(bySpend.indexOf('cy@z.com'));
  });
});
