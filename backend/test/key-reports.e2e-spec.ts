import { JwtService } from '@nestjs/jwt';
import { SmtpSink, waitFor } from '@store/testing';
import { IsNull } from 'typeorm';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { KEY_REPORTS_PER_MINUTE } from '../src/account/account.controller.js';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { KeyReport } from '../src/key-reports/entities/key-report.entity.js';
import { REPORT_ALREADY_OPEN, SELLER_SUPPORT_DAYS } from '../src/key-reports/key-reports.service.js';
import { SCREENSHOT_MAX_BYTES } from '../src/key-reports/screenshot.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { buyWithDemo, HOME_BUSINESS, PRO_PLUS, shopperAddress, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems, problemsOrMessage } from './support/problems.js';

/** The first bytes of each kind of file, padded to a plausible image. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0, 1, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(100),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
const DAY_MS = 24 * 60 * 60 * 1000;
const STAFF_ALERTS = 'staff-alerts@shop.example.test';

describe(`"my key doesn't work": reports, the back office's queue, replacement (${DRIVER})`, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://shop.example.test',
      STAFF_ALERT_EMAIL: STAFF_ALERTS,
    });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const tokenOf = (email: string) =>
    new JwtService().sign(
      { sub: email },
      {
        secret: t.config.jwtSecret,
        algorithm: 'HS256',
        issuer: JWT_ISSUER,
        audience: CUSTOMER_AUDIENCE,
        expiresIn: 600,
      },
    );
  const report = (email: string, body: object, ip = shopperAddress()) =>
    t
      .http()
      .post('/api/account/key-reports')
      .set('x-forwarded-for', ip)
      .set('authorization', `Bearer ${tokenOf(email)}`)
      .send(body);
  const licencePage = async (email: string) =>
    (
      await t
        .http()
        .get('/api/account/orders')
        .set('authorization', `Bearer ${tokenOf(email)}`)
        .expect(200)
    ).body as {
      id: string;
      licenseKeys: {
        id: string;
        licenseKey: string;
        status: string;
        canReport: boolean;
        report: { id: number; status: string; answer: string | null } | null;
      }[];
    }[];
  /** A paid order of one key for a new customer: its address and the key's id. */
  const buyOne = async (product = STANDARD) => {
    const email = `buyer-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const intent = await buyWithDemo(t, [{ id: product, quantity: 1 }], email);
    const [key] = await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId });
    return { email, orderId: intent.orderId, keyId: key!.id };
  };
  const mailTo = (email: string, subject: RegExp) =>
    waitFor(async () => {
      await t.app.get(OutboxWorker).drain();
      return smtp.received.find((m) => m.to.includes(email) && subject.test(m.subject));
    });

  it('takes a report with a screenshot, queues it for staff, and replaces the key from stock', async () => {
    const { email, orderId, keyId } = await buyOne(HOME_BUSINESS);
    const [before] = await licencePage(email);
    expect(before!.licenseKeys).toEqual([
      expect.objectContaining({ id: keyId, status: 'active', canReport: true, report: null }),
    ]);
    const oldKey = before!.licenseKeys[0]!.licenseKey;

    const created = await report(email, {
      licenseKeyId: keyId,
      errorMessage: '  Error 0xC004C060: this product key cannot be used.  ',
      // The declared type is ignored: the bytes are a JPEG.
      screenshot: `data:image/png;base64,${JPEG.toString('base64')}`,
    }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      status: 'open',
      createdAt: expect.any(String),
      answer: null,
      resolvedAt: null,
    });
    const id = created.body.id as number;

    // Staff are e-mailed at STAFF_ALERT_EMAIL, through the outbox, and the dashboard counts it.
    const alert = await mailTo(STAFF_ALERTS, new RegExp(`^Key report #${id}: `));
    expect(alert!.subject).toBe(`Key report #${id}: Office 2024 Home & Business key does not activate`);
    expect(alert!.text).toContain(`Customer: ${email}`);
    expect(alert!.text).toContain(`Order: ${orderId.slice(0, 8).toUpperCase()}`);
    expect(alert!.text).toContain('Error 0xC004C060: this product key cannot be used.');
    expect(alert!.text).toContain('https://shop.example.test/admin/key-reports?filter=');
    expect(alert!.text).not.toContain('Business hours:');
    const dashboard = await t
      .http()
      .get('/api/admin/dashboard')
      .set('authorization', support)
      .set('cache-control', 'no-cache')
      .expect(200);
    expect(dashboard.body.openKeyReports).toBe(
      await t.db.getRepository(KeyReport).countBy({ status: 'open' }),
    );
    expect(dashboard.body.openKeyReports).toBeGreaterThanOrEqual(1);

    // One open report per key.
    const again = await report(email, { licenseKeyId: keyId, errorMessage: 'Still broken' }).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: REPORT_ALREADY_OPEN });
    const [during] = await licencePage(email);
    expect(during!.licenseKeys[0]).toMatchObject({ canReport: false, report: { id, status: 'open' } });

    // The queue: support reads it, and the screenshot as the type its bytes are.
    const list = await t
      .http()
      .get('/api/admin/key-reports')
      .query({ filter: JSON.stringify({ status: 'open', q: email.slice(0, 12) }) })
      .set('authorization', support)
      .expect(200);
    expect(list.headers['content-range']).toBe('key-reports 0-0/1');
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        status: 'open',
        licenseKeyId: keyId,
        licenseKey: `XXXXX-XXXXX-XXXXX-XXXXX-${oldKey.slice(-5)}`,
        licenseKeyStatus: 'active',
        orderId,
        productId: HOME_BUSINESS,
        customerEmail: email,
        errorMessage: 'Error 0xC004C060: this product key cannot be used.',
        screenshotType: 'image/jpeg',
      }),
    ]);
    const shot = await t
      .http()
      .get(`/api/admin/key-reports/${id}/screenshot`)
      .set('authorization', support)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect(shot.headers['content-disposition']).toBe('inline');
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(shot.body as Buffer, JPEG)).toBe(0);
    await t.http().get(`/api/admin/key-reports/${id}/screenshot`).expect(401);

    // Replacing gives a key away: admins only.
    await t.http().post(`/api/admin/key-reports/${id}/replacement`).set('authorization', support).expect(403);
    const replaced = await t
      .http()
      .post(`/api/admin/key-reports/${id}/replacement`)
      .set('authorization', admin)
      .expect(200);
    expect(replaced.body).toMatchObject({
      status: 'replaced',
      licenseKeyStatus: 'faulty',
      replacementKeyId: expect.any(String),
      resolvedBy: expect.stringMatching(/^admin-/),
      resolvedAt: expect.any(String),
    });
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId });
    expect(keys.map((k) => [k.id, k.status]).sort()).toEqual(
      [
        [keyId, 'faulty'],
        [replaced.body.replacementKeyId, 'active'],
      ].sort(),
    );
    const newKey = t.app
      .get(LicenseKeyCipher)
      .decrypt(keys.find((k) => k.status === 'active')!.keyCiphertext);
    const audit = await t.db
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'license-keys.replace', resourceId: keyId });
    expect(audit.after).toEqual({
      status: 'faulty',
      replacementKeyId: replaced.body.replacementKeyId,
      keyReportId: id,
    });

    // The customer is e-mailed the new key and told the old one no longer works.
    const mail = await mailTo(email, /replacement licence key/);
    expect(mail.text).toContain(`Licence key: ${newKey}`);
    expect(mail.text).toContain(`The key ending in ${oldKey.slice(-5)} no longer works`);

    // The licence page shows the new key, the old one as faulty, and the new one may be reported in turn.
    const [after] = await licencePage(email);
    expect(after!.licenseKeys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: keyId,
          licenseKey: oldKey,
          status: 'faulty',
          canReport: false,
          report: expect.objectContaining({ status: 'replaced' }),
        }),
        expect.objectContaining({ licenseKey: newKey, status: 'active', canReport: true, report: null }),
      ]),
    );
    // A faulty key activates nowhere.
    const activation = await t
      .http()
      .post('/api/licenses/activate')
      .send({ licenseKey: oldKey, instanceId: 'pc-1' })
      .expect(403);
    expect(activation.body.message).toMatch(/replaced/);
    // The report is resolved: neither replaced again nor answered.
    await t.http().post(`/api/admin/key-reports/${id}/replacement`).set('authorization', admin).expect(409);
    await t
      .http()
      .put(`/api/admin/key-reports/${id}`)
      .set('authorization', admin)
      .send({ answer: 'x' })
      .expect(409);
  });

  it('checks the text and the screenshot by its bytes, naming each problem', async () => {
    const { email, keyId } = await buyOne();
    const problem = async (body: object) =>
      problemsOrMessage((await report(email, { licenseKeyId: keyId, ...body }).expect(400)).body);
    expect(await problem({})).toEqual(['Error message is required']);
    expect(await problem({ errorMessage: '   ' })).toEqual(['Error message is required']);
    expect(await problem({ errorMessage: 'x'.repeat(2001) })).toEqual([
      'Error message must be at most 2000 characters',
    ]);
    expect(problems((await report(email, { errorMessage: 'broken' }).expect(400)).body)).toEqual([
      'License key ID is required',
    ]);
    expect(
      problems((await report(email, { licenseKeyId: 'nope', errorMessage: 'broken' }).expect(400)).body),
    ).toEqual(['License key ID must be the id of one of your licence keys']);
    const shot = (screenshot: unknown) => problem({ errorMessage: 'broken', screenshot });
    expect(await shot(`data:image/png;base64,${GIF.toString('base64')}`)).toBe(
      'Screenshot must be a PNG, JPEG or WebP image',
    );
    expect(await shot(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'))).toBe(
      'Screenshot must be a PNG, JPEG or WebP image',
    );
    expect(await shot('not base64!')).toBe('Screenshot must be base64-encoded');
    expect(await shot('')).toBe('Screenshot is empty');
    expect(await shot(42)).toEqual(['Screenshot must be base64-encoded']);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(SCREENSHOT_MAX_BYTES - PNG.length + 1)]);
    expect(await shot(tooBig.toString('base64'))).toBe('Screenshot must be at most 2 MB');
    // Past the route's own body limit (the screenshot's, above the server's 1 MiB): a 413 before parsing.
    const flood = await report(email, {
      licenseKeyId: keyId,
      errorMessage: 'broken',
      screenshot: 'A'.repeat(3 * 1024 * 1024),
    }).expect(413);
    expect(flood.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(await t.db.getRepository(KeyReport).countBy({ licenseKeyId: keyId })).toBe(0);

    // The largest screenshot allowed, over the server's 1 MiB body limit, and a WebP.
    const largest = Buffer.concat([PNG, Buffer.alloc(SCREENSHOT_MAX_BYTES - PNG.length, 3)]);
    const { body } = await report(email, {
      licenseKeyId: keyId,
      errorMessage: 'broken',
      screenshot: largest.toString('base64'),
    }).expect(201);
    const stored = await t
      .http()
      .get(`/api/admin/key-reports/${body.id}/screenshot`)
      .set('authorization', support)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(stored.body as Buffer, largest)).toBe(0);
    const other = await buyOne();
    await report(other.email, {
      licenseKeyId: other.keyId,
      errorMessage: 'broken',
      screenshot: WEBP.toString('base64'),
    }).expect(201);
    const [webp] = await t.db.getRepository(KeyReport).findBy({ licenseKeyId: other.keyId });
    expect(webp!.screenshotType).toBe('image/webp');
  });

  it("refuses another customer's key, unknown keys, no link, and keys that may not be reported", async () => {
    const mine = await buyOne();
    const theirs = await buyOne();
    const notFound = await report(mine.email, { licenseKeyId: theirs.keyId, errorMessage: 'broken' }).expect(
      404,
    );
    expect(notFound.body).toEqual({
      statusCode: 404,
      message: 'License key not found',
      error: 'Not Found',
      requestId: expect.any(String),
    });
    await report(mine.email, {
      licenseKeyId: '00000000-0000-4000-8000-000000000000',
      errorMessage: 'broken',
    }).expect(404);
    await t
      .http()
      .post('/api/account/key-reports')
      .send({ licenseKeyId: mine.keyId, errorMessage: 'broken' })
      .expect(401);

    // Within the seller-support window of 30 days from the payment, not after.
    const orders = t.db.getRepository(Order);
    await orders.update(mine.orderId, { paidAt: new Date(Date.now() - (SELLER_SUPPORT_DAYS + 1) * DAY_MS) });
    const late = await report(mine.email, { licenseKeyId: mine.keyId, errorMessage: 'broken' }).expect(409);
    expect(late.body.message).toBe('Keys can be reported within 30 days of purchase; please contact support');
    expect((await licencePage(mine.email))[0]!.licenseKeys[0]!.canReport).toBe(false);
    await orders.update(mine.orderId, { paidAt: new Date(Date.now() - (SELLER_SUPPORT_DAYS - 1) * DAY_MS) });
    await report(mine.email, { licenseKeyId: mine.keyId, errorMessage: 'broken' }).expect(201);

    // A revoked key, or one of a refunded order.
    await t.db.getRepository(LicenseKey).update(theirs.keyId, { status: 'revoked' });
    const revoked = await report(theirs.email, { licenseKeyId: theirs.keyId, errorMessage: 'broken' }).expect(
      409,
    );
    expect(revoked.body.message).toBe('This licence key is revoked: it cannot be reported');
    const refunded = await buyOne();
    await orders.update(refunded.orderId, { paymentStatus: 'refunded' });
    const unpaid = await report(refunded.email, {
      licenseKeyId: refunded.keyId,
      errorMessage: 'broken',
    }).expect(409);
    expect(unpaid.body.message).toBe('Only the keys of a paid order can be reported');
  });

  it('keeps one open report per key when two arrive at once', async () => {
    const { email, keyId } = await buyOne();
    const answers = await Promise.all(
      [1, 2, 3].map((n) => report(email, { licenseKeyId: keyId, errorMessage: `broken ${n}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await t.db.getRepository(KeyReport).countBy({ licenseKeyId: keyId })).toBe(1);
  });

  it('limits reports from one address like other customer writes', async () => {
    const { email, keyId } = await buyOne();
    const ip = shopperAddress();
    // Refused reports count too: the limit is on writes, whatever their answer.
    for (let i = 0; i < KEY_REPORTS_PER_MINUTE; i++)
      await report(email, { licenseKeyId: keyId }, ip).expect(400);
    await report(email, { licenseKeyId: keyId, errorMessage: 'broken' }, ip).expect(429);
  });

  it('keeps the report open when there is no key in stock, naming the product', async () => {
    const { orderId, keyId, email } = await buyOne(PRO_PLUS);
    const { body } = await report(email, { licenseKeyId: keyId, errorMessage: 'broken' }).expect(201);
    const keys = t.db.getRepository(LicenseKey);
    const stock = await keys.findBy({ orderId: IsNull(), productId: PRO_PLUS, status: 'active' });
    await keys.update(
      stock.map((k) => k.id),
      { status: 'revoked' },
    );
    try {
      const refused = await t
        .http()
        .post(`/api/admin/key-reports/${body.id}/replacement`)
        .set('authorization', admin)
        .expect(409);
      expect(refused.body.message).toBe('No stock for Office 2024 Professional Plus LTSC');
      expect(
        (await t.http().get(`/api/admin/key-reports/${body.id}`).set('authorization', admin).expect(200))
          .body,
      ).toMatchObject({
        status: 'open',
        licenseKeyStatus: 'active',
        replacementKeyId: null,
      });
      expect((await keys.findBy({ orderId })).map((k) => k.status)).toEqual(['active']);
    } finally {
      await keys.update(
        stock.map((k) => k.id),
        { status: 'active' },
      );
    }
  });

  it('replaces once when two staff replace the same report at once', async () => {
    const { orderId, keyId, email } = await buyOne();
    const { body } = await report(email, { licenseKeyId: keyId, errorMessage: 'broken' }).expect(201);
    const replace = () =>
      t.http().post(`/api/admin/key-reports/${body.id}/replacement`).set('authorization', admin);
    const answers = await Promise.all([replace(), replace(), replace()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('This report was already replaced');
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId });
    expect(keys.map((k) => k.status).sort()).toEqual(['active', 'faulty']);
  });

  it('lets support answer a report: the customer is e-mailed the answer', async () => {
    const { email, keyId } = await buyOne();
    const { body } = await report(email, { licenseKeyId: keyId, errorMessage: 'It says blocked' }).expect(
      201,
    );
    const path = `/api/admin/key-reports/${body.id}`;
    expect(
      problems(
        (await t.http().put(path).set('authorization', support).send({ answer: ' ' }).expect(400)).body,
      ),
    ).toEqual(['Answer is required']);
    await t
      .http()
      .put(path)
      .set('authorization', support)
      .send({ answer: 'x', status: 'replaced' })
      .expect(400);
    const answered = await t
      .http()
      .put(path)
      .set('authorization', support)
      .send({ answer: 'Please sign in to your Microsoft account first, then enter the key.' })
      .expect(200);
    expect(answered.body).toMatchObject({
      status: 'answered',
      licenseKeyStatus: 'active',
      resolvedBy: expect.stringMatching(/^support-/),
    });
    const mail = await mailTo(email, /About your licence key/);
    expect(mail.text).toContain('Please sign in to your Microsoft account first, then enter the key.');
    const [page] = await licencePage(email);
    expect(page!.licenseKeys[0]).toMatchObject({
      canReport: true,
      report: {
        status: 'answered',
        answer: 'Please sign in to your Microsoft account first, then enter the key.',
      },
    });
    // Answered, the key may be reported again.
    await report(email, { licenseKeyId: keyId, errorMessage: 'Still blocked' }).expect(201);
    await t.http().get('/api/admin/key-reports/99999').set('authorization', support).expect(404);
    await t
      .http()
      .get('/api/admin/key-reports')
      .query({ filter: '{"status":"nope"}' })
      .set('authorization', support)
      .expect(400);
  });
});
