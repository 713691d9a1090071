import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SmtpSink, waitFor } from '@store/testing';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { DownloadLink } from '../src/downloads/entities/download-link.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxWorker } from '../src/emails/outbox.worker.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { BILLING, createIntent, HOME_BUSINESS, PRO_PLUS, STANDARD, type Intent } from './support/checkout.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

describe('checkout with the demo provider', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_DIR: mkdtempSync(join(tmpdir(), 'store-mail-')),
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://shop.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const orders = () => t.db.getRepository(Order);

  describe('coupons', () => {
    const validate = (code: unknown, ip = '10.1.0.1') =>
      t.http().post('/api/coupons/validate').set('x-forwarded-for', ip).send({ code });

    it('answers the discount fraction of a code, trimmed and in any case', async () => {
      expect((await validate('SAVE10').expect(200)).body).toEqual({ code: 'SAVE10', discount: 0.1 });
      expect((await validate('  office20 ').expect(200)).body).toEqual({ code: 'OFFICE20', discount: 0.2 });
      expect((await validate('Welcome15').expect(200)).body).toEqual({ code: 'WELCOME15', discount: 0.15 });
    });

    it('refuses unknown, inactive, future, expired and used-up codes with the spec message', async () => {
      const coupons = t.db.getRepository(Coupon);
      const day = 24 * 60 * 60 * 1000;
      await coupons.insert([
        { code: 'OFF', percentOff: 5, active: false },
        { code: 'LATER', percentOff: 5, startsAt: new Date(Date.now() + day) },
        { code: 'GONE', percentOff: 5, expiresAt: new Date(Date.now() - day) },
        { code: 'USEDUP', percentOff: 5, maxRedemptions: 2, redemptionCount: 2 },
      ]);
      for (const code of ['NOPE', 'OFF', 'LATER', 'GONE', 'USEDUP']) {
        const res = await validate(code, '10.1.0.2').expect(404);
        expect(res.body.message).toBe('This coupon code is not valid or has expired');
      }
    });

    it('asks for a code', async () => {
      expect(problems((await validate('   ', '10.1.0.3').expect(400)).body)).toEqual([
        'Coupon code is required',
      ]);
      expect(problems((await validate(undefined, '10.1.0.3').expect(400)).body)).toEqual([
        'Coupon code is required',
      ]);
    });

    it('throttles guessing: 429 after 10 checks a minute from one address', async () => {
      for (let i = 0; i < 10; i++) await validate(`GUESS${i}`, '10.1.9.9').expect(404);
      await validate('SAVE10', '10.1.9.9').expect(429);
      await validate('SAVE10', '10.1.9.10').expect(200);
    });
  });

  describe('creating the order and its payment', () => {
    it('prices the cart on the server and creates a processing, pending order', async () => {
      const res = await createIntent(t, {
        cartItems: [
          { id: STANDARD, quantity: 2 },
          { id: HOME_BUSINESS, quantity: 1 },
        ],
        couponCode: ' save10 ',
      }).expect(201);
      expect(res.body).toEqual({
        orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        clientSecret: expect.stringMatching(/^demo_/),
        provider: 'demo',
        currency: 'USD',
        subtotalCents: 2 * 4049 + 24299,
        discountCents: Math.round((2 * 4049 + 24299) * 0.1),
        totalCents: 2 * 4049 + 24299 - Math.round((2 * 4049 + 24299) * 0.1),
        // The same, as #20 names them, and no tax (TAX_MODE off, the spec's "Taxes and fees $0.00").
        subtotal: 2 * 4049 + 24299,
        discount: Math.round((2 * 4049 + 24299) * 0.1),
        tax: 0,
        taxRate: 0,
        taxMode: 'off',
        taxCountry: null,
        // A consumer: no VAT number, nothing reverse-charged, no company name to compare with VIES's.
        reverseCharge: false,
        companyNameMismatch: false,
        vatNumberStatus: null,
        total: 2 * 4049 + 24299 - Math.round((2 * 4049 + 24299) * 0.1),
        // The demo keys are in stock: none would follow later (#34).
        keysToFollow: false,
        backOrderHours: 24,
        // $291.80: below a bank transfer's $500.
        bankTransfer: false,
      });
      const order = await orders().findOneByOrFail({ id: res.body.orderId });
      expect(order).toMatchObject({
        status: 'processing',
        paymentStatus: 'pending',
        customerName: 'Jane Doe',
        customerEmail: 'jane.doe@example.com',
        couponCode: 'SAVE10',
        couponState: 'reserved',
        totalCents: res.body.totalCents,
        paymentProvider: 'demo',
        billingCountry: 'IN',
      });
      expect(order.orderItems).toEqual([
        { productId: STANDARD, name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
        { productId: HOME_BUSINESS, name: 'Office 2024 Home & Business', quantity: 1, unitPriceCents: 24299 },
      ]);
      expect(order.clientSecretSealed).not.toContain(res.body.clientSecret);
    });

    it('refuses any money sent by the browser', async () => {
      const tampered = [
        { cartItems: [{ id: STANDARD, quantity: 1, price: 1 }] },
        { cartItems: [{ id: STANDARD, quantity: 1, currentPriceCents: 1 }] },
        { totalCents: 1 },
        { amount: 1 },
        { discount: 0.97 },
        { billing: { ...BILLING, total: 1 } },
      ];
      for (const body of tampered) {
        const res = await createIntent(t, body).expect(400);
        expect(res.body.message).toMatch(/should not exist/);
      }
    });

    it('refuses unknown products, bad quantities and oversized carts', async () => {
      const cases: [unknown, string][] = [
        [[{ id: 'office-1999', quantity: 1 }], 'Unknown product: office-1999'],
        [[{ id: STANDARD, quantity: 0 }], 'Quantity must be at least 1'],
        [[{ id: STANDARD, quantity: 51 }], 'Quantity must be at most 50'],
        [[{ id: STANDARD, quantity: 1.5 }], 'Quantity must be a whole number'],
        [[{ id: STANDARD, quantity: '2' }], 'Quantity must be a whole number'],
        [[], 'The cart is empty'],
        [
          Array.from({ length: 21 }, () => ({ id: STANDARD, quantity: 1 })),
          'The cart may hold at most 20 lines',
        ],
        [
          [
            { id: STANDARD, quantity: 30 },
            { id: STANDARD, quantity: 30 },
          ],
          'Quantity must be at most 50',
        ],
        ['nope', 'cartItems must be a list of {id, quantity}'],
      ];
      for (const [cartItems, message] of cases) {
        const res = await createIntent(t, { cartItems }).expect(400);
        expect([res.body.message].flat()).toContain(message);
      }
    });

    it('validates billing with the spec messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ email: '' }, 'Email is required'],
        [{ email: 'not-an-address' }, 'Please enter a valid email address'],
        [{ firstName: '' }, 'First name is required'],
        [{ firstName: 'J' }, 'First name must be at least 2 characters'],
        [{ lastName: ' ' }, 'Last name is required'],
        [{ lastName: 'D' }, 'Last name must be at least 2 characters'],
        [{ address: '' }, 'Street address is required'],
        [{ address: '12 M' }, 'Please enter a complete address'],
        [{ city: '' }, 'City is required'],
        [{ city: 'P' }, 'City must be at least 2 characters'],
        [{ country: '' }, 'Country is required'],
        [
          { country: 'ZZ' },
          'Country must be one of US, IN, GB, CA, AU, DE, FR, JP, SG, UAE, AT, BE, BG, HR, CY, CZ, DK, EE, ' +
            'FI, GR, HU, IE, IT, LV, LT, LU, MT, NL, PL, PT, RO, SK, SI, ES, SE',
        ],
        [{ zipCode: '' }, 'Postal code is required'],
        [{ zipCode: '12' }, 'Please enter a valid postal code'],
        [{ zipCode: '12345678901' }, 'Please enter a valid postal code'],
        [{ zipCode: '4110#1' }, 'Please enter a valid postal code'],
        [{ phoneCountryCode: '' }, 'Please select country code'],
        [{ phoneCountryCode: '+999' }, 'Please select country code'],
        [{ phone: '' }, 'Phone number is required'],
        [{ phone: '12345' }, 'Please enter a valid phone number'],
        [{ phone: '98765x43210' }, 'Please enter a valid phone number'],
      ];
      for (const [override, message] of cases) {
        const res = await createIntent(t, { billing: { ...BILLING, ...override } }).expect(400);
        expect(problems(res.body)).toEqual([message]);
      }
      const missing = await createIntent(t, { billing: undefined }).expect(400);
      expect(problems(missing.body)).toEqual(['billing is required']);
      const all = await createIntent(t, { billing: {} }).expect(400);
      expect(problems(all.body)).toEqual([
        'Email is required',
        'First name is required',
        'Last name is required',
        'Street address is required',
        'City is required',
        'Country is required',
        'Postal code is required',
        'Please select country code',
        'Phone number is required',
      ]);
    });

    it('refuses control characters and text-direction marks in what the invoice prints, naming the field', async () => {
      const before = await orders().count();
      const cases: [Record<string, unknown>, string][] = [
        [{ firstName: 'Ja\tne' }, 'First name'],
        [{ lastName: 'Do\u0000e' }, 'Last name'],
        [{ address: '12 Market Street\nPaid in full, nothing due' }, 'Street address'],
        [{ city: 'Pu\fne' }, 'City'],
        [{ city: 'Pune\u0085' }, 'City'],
        [{ company: 'Acme \u202eLtd' }, 'Company name'],
        [{ company: 'Acme \u2066Ltd\u2069' }, 'Company name'],
        [{ firstName: 'Jane\u200f' }, 'First name'],
      ];
      for (const [override, label] of cases) {
        const field = Object.keys(override)[0];
        const res = await createIntent(t, { billing: { ...BILLING, ...override } }).expect(400);
        expect(problems(res.body)).toEqual([
          `${label} must not contain control characters (tabs, line breaks) or text-direction marks (billing.${field})`,
        ]);
      }
      expect(await orders().count()).toBe(before);
      // Names in any script, with the joiners some of them are spelled with, still buy.
      await createIntent(t, {
        billing: { ...BILLING, firstName: 'می\u200cخواهم', lastName: 'Müller-Łukasz' },
      }).expect(201);
    });

    it('answers the same order for a repeated Idempotency-Key, and refuses it for another request', async () => {
      const key = { 'Idempotency-Key': 'checkout-attempt-1' };
      const first = (await createIntent(t, {}, key).expect(201)).body as Intent;
      const again = (await createIntent(t, {}, key).expect(201)).body as Intent;
      expect(again).toEqual(first);
      const racing = await Promise.all(
        Array.from({ length: 5 }, () => createIntent(t, {}, { 'Idempotency-Key': 'checkout-attempt-2' })),
      );
      expect(new Set(racing.map((r) => r.body.orderId)).size).toBe(1);
      expect(racing.every((r) => r.status === 201)).toBe(true);
      const other = await createIntent(t, { cartItems: [{ id: PRO_PLUS, quantity: 1 }] }, key).expect(409);
      expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
      expect(await orders().countBy({ idempotencyKey: 'checkout-attempt-1' })).toBe(1);
    });
  });

  describe('paying and delivering', () => {
    it('delivers keys, download links and one e-mail, exactly once', async () => {
      const before = smtp.received.length;
      const intent = (await createIntent(t, { cartItems: [{ id: PRO_PLUS, quantity: 2 }] }).expect(201))
        .body as Intent;

      const status = () =>
        t.http().get(`/api/orders/${intent.orderId}/status`).query({ clientSecret: intent.clientSecret });
      expect((await status().expect(200)).body).toEqual({
        orderId: intent.orderId,
        status: 'processing',
        paymentStatus: 'pending',
        customerEmail: 'jane.doe@example.com',
        awaitingKeys: false,
        backOrderHours: 24,
      });

      const confirm = () =>
        t
          .http()
          .post('/api/payments/demo/confirm')
          .send({ orderId: intent.orderId, clientSecret: intent.clientSecret });
      const confirmations = await Promise.all([confirm(), confirm(), confirm()]);
      for (const res of confirmations) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          orderId: intent.orderId,
          status: 'fulfilled',
          paymentStatus: 'completed',
        });
      }
      expect((await status().expect(200)).body.status).toBe('fulfilled');

      const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: intent.orderId });
      expect(keys).toHaveLength(2);
      expect(keys.every((k) => k.productId === PRO_PLUS)).toBe(true);
      const links = await t.db.getRepository(DownloadLink).findBy({ orderId: intent.orderId });
      expect(links).toHaveLength(1);
      expect(links[0]).toMatchObject({
        productId: PRO_PLUS,
        maxDownloads: 5,
        downloadCount: 0,
        isActive: true,
      });
      const days = (links[0]!.expiresAt!.getTime() - Date.now()) / (24 * 3600 * 1000);
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      const outbox = await t.db.getRepository(OutboxEmail).findBy({ orderId: intent.orderId });
      expect(outbox).toHaveLength(1);
      await t.app.get(OutboxWorker).drain();
      const delivered = () =>
        smtp.received.slice(before).filter((m) => m.to.includes('jane.doe@example.com'));
      await waitFor(() => delivered().length > 0);
      const mails = delivered();
      expect(mails).toHaveLength(1);
      const cipher = t.app.get(LicenseKeyCipher);
      for (const key of keys) {
        const plain = cipher.decrypt(key.keyCiphertext);
        expect(mails[0]!.text).toContain(plain);
        expect(mails[0]!.html).toContain(plain);
        expect(outbox[0]!.text).not.toContain(plain);
      }
      expect(mails[0]!.text).toContain(`https://shop.example.test/api/downloads/${links[0]!.token}`);
      expect(mails[0]!.subject).toBe(
        `Your Office licence keys for order ${intent.orderId.slice(0, 8).toUpperCase()}`,
      );
      // The receipt the delivery policy promises: the order, what was bought and what was paid, and how.
      expect(mails[0]!.text).toContain(`Order ${intent.orderId}, paid `);
      expect(mails[0]!.text).toContain('Office 2024 Professional Plus LTSC × 2 at $53.99: $107.98');
      expect(mails[0]!.text).toContain(
        `Total paid: $107.98 by ${(await orders().findOneByOrFail({ id: intent.orderId })).paymentMethod}`,
      );

      // The download link in the e-mail works.
      const download = await t.http().get(`/api/downloads/${links[0]!.token}`).expect(302);
      expect(download.headers.location).toBe(
        'https://www.microsoft.com/en-us/download/details.aspx?id=49117',
      );
    });

    it('gives an edition that runs on a Mac a Mac installer link beside the Windows one', async () => {
      const before = smtp.received.length;
      const intent = (
        await createIntent(t, { billing: { ...BILLING, email: 'mac.user@example.com' } }).expect(201)
      ).body as Intent;
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
        .expect(200);
      const links = await t.db
        .getRepository(DownloadLink)
        .find({ where: { orderId: intent.orderId }, order: { platform: 'DESC' } });
      expect(links.map((l) => [l.platform, l.fileName])).toEqual([
        ['Windows', 'officedeploymenttool.exe'],
        ['Mac', 'Microsoft_Office_Installer.pkg'],
      ]);
      await t.app.get(OutboxWorker).drain();
      const mail = await waitFor(() =>
        smtp.received.slice(before).find((m) => m.to.includes('mac.user@example.com')),
      );
      expect(mail.text).toContain(
        `Download for Windows (officedeploymenttool.exe): https://shop.example.test/api/downloads/${links[0]!.token}`,
      );
      expect(mail.text).toContain(
        `Download for Mac (Microsoft_Office_Installer.pkg): https://shop.example.test/api/downloads/${links[1]!.token}`,
      );
    });

    it('needs the client secret: a wrong one answers 404 and changes nothing', async () => {
      const intent = (await createIntent(t).expect(201)).body as Intent;
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: `${intent.clientSecret}x` })
        .expect(404);
      await t
        .http()
        .get(`/api/orders/${intent.orderId}/status`)
        .query({ clientSecret: 'demo_guess' })
        .expect(404);
      await t.http().get('/api/orders/not-a-uuid/status').query({ clientSecret: 'x' }).expect(404);
      await t.http().get(`/api/orders/${intent.orderId}/status`).expect(400);
      expect((await orders().findOneByOrFail({ id: intent.orderId })).paymentStatus).toBe('pending');
    });

    it('declines with 402, marks the payment failed and gives the coupon back', async () => {
      await t.db.getRepository(Coupon).insert({ code: 'ONLYONE', percentOff: 50, maxRedemptions: 1 });
      const intent = (await createIntent(t, { couponCode: 'onlyone' }).expect(201)).body as Intent;
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code: 'ONLYONE' })).toMatchObject({
        heldCount: 1,
        redemptionCount: 0,
      });
      await createIntent(t, {
        couponCode: 'ONLYONE',
        billing: { ...BILLING, email: 'other@example.com' },
      }).expect(409);

      const declined = await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret, outcome: 'decline' })
        .expect(402);
      expect(declined.body.message).toBe('Your card was declined (demo payment, no charge).');
      const order = await orders().findOneByOrFail({ id: intent.orderId });
      expect(order).toMatchObject({ paymentStatus: 'failed', couponState: 'released' });
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code: 'ONLYONE' })).toMatchObject({
        heldCount: 0,
        redemptionCount: 0,
      });
      await createIntent(t, { couponCode: 'ONLYONE' }).expect(201);
    });

    it('lets exactly one of 20 concurrent checkouts take a coupon capped at one redemption', async () => {
      await t.db.getRepository(Coupon).insert({ code: 'RACE1', percentOff: 97, maxRedemptions: 1 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createIntent(t, { couponCode: 'RACE1', billing: { ...BILLING, email: `racer${i}@example.com` } }),
        ),
      );
      const won = results.filter((r) => r.status === 201);
      const lost = results.filter((r) => r.status === 409);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const res of lost) expect(res.body.message).toBe('This coupon code is not valid or has expired');
      expect(won[0]!.body.discountCents).toBe(Math.round(4049 * 0.97));
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code: 'RACE1' })).toMatchObject({
        heldCount: 1,
        redemptionCount: 0,
      });
    });
  });
});
