import { randomBytes } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { getMetadataStorage } from 'class-validator';
import type { Test } from 'supertest';
import { CUSTOMER_AUDIENCE } from '../src/account/customer-token.js';
import { JWT_ISSUER } from '../src/auth/jwt.constants.js';
import { KeyReport } from '../src/key-reports/entities/key-report.entity.js';
import { SCREENSHOT_MAX_BYTES } from '../src/key-reports/screenshot.js';
import { StaffMember } from '../src/staff/entities/staff-member.entity.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { ExchangeRate } from '../src/tax/entities/exchange-rate.entity.js';
import { KeyBatch } from '../src/suppliers/entities/key-batch.entity.js';
import { Supplier } from '../src/suppliers/entities/supplier.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { LicenseKeyCipher } from '../src/license-keys/license-key-cipher.js';
import { BILLING, buyWithDemo, shopperAddress, STANDARD, type Intent } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

/** What class-validator keeps of one rule (its `name` is the decorator's, e.g. `maxLength`). */
interface Rule {
  propertyName: string;
  type: string;
  name?: string;
  constraints?: unknown[];
}

/** Every request DTO with its rules, read from class-validator's metadata. */
function requestDtos(): Map<abstract new () => unknown, Rule[]> {
  return (getMetadataStorage() as unknown as { validationMetadatas: Map<abstract new () => unknown, Rule[]> })
    .validationMetadatas;
}

/** The request DTOs walked, each a case below. */
const WALKED = [
  'CreateRefundDto',
  'ReviewDecisionDto',
  'CreateOrderNoteDto',
  'CreateKeyReportDto',
  'UpdateKeyReportDto',
  'BillingDto',
  'CreatePaymentIntentDto',
  'CartItemDto',
  'ReplacedOrderDto',
  'OrderStatusQueryDto',
  'DemoConfirmDto',
  'DemoSettleDto',
  'ValidateCouponDto',
  'AccessLinkRequestDto',
  'CreateContactMessageDto',
  'LicenseInstanceDto',
  'LicenseValidateDto',
  'LoginDto',
  'LoginMfaDto',
  'MfaConfirmDto',
  'MfaStartDto',
  'StepUpDto',
  'CreateStaffMemberDto',
  'UpdateStaffMemberDto',
  'CreateCouponDto',
  'UpdateCouponDto',
  'CreateDownloadDto',
  'CreateLicenseKeyDto',
  'ListQueryDto',
  'CreateExchangeRateDto',
  'SalesQueryDto',
  'ExportQueryDto',
  'CreateSupplierDto',
  'UpdateSupplierDto',
  'CreateKeyBatchDto',
  'UpdateKeyBatchDto',
  'RevokeKeyBatchDto',
  'UpdateExchangeRateDto',
];

/** The longest e-mail address there is: 64 characters before the @, 254 in all. */
const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

/**
 * One request DTO and how to send it. `send` gets the DTO's fields, each string at the longest value its
 * rules allow; `status` is the answer expected (a write that got to the database, where the DTO writes).
 */
interface Case {
  send: (fields: Record<string, unknown>) => Test;
  status: number;
  /** Fields the walk does not make longest (numbers, choices, references to existing rows). */
  base?: Record<string, unknown>;
  /** The longest valid value of a field whose format a run of one letter would break. */
  longest?: Record<string, string | (() => string)>;
}

/**
 * The longest value the rules of one string field allow: its maximum length (MaxLength, or the upper
 * bound of a Matches pattern such as `{3,10}`) filled with a two-byte letter, or the longest of its
 * choices. Undefined when the rules name no maximum.
 */
function longestValue(rules: Rule[], override?: string): string | undefined {
  if (override !== undefined) return override;
  const named = (name: string) => rules.find((r) => r.name === name)?.constraints;
  const choices = named('isIn')?.[0] as string[] | undefined;
  if (choices) return [...choices].sort((a, b) => b.length - a.length)[0];
  if (named('isEmail')) return LONGEST_EMAIL;
  const max =
    (named('maxLength')?.[0] as number | undefined) ??
    Number((named('matches')?.[0] as RegExp | undefined)?.source.match(/\{\d+,(\d+)\}\$?$/)?.[1] ?? NaN);
  if (!Number.isFinite(max)) return undefined;
  if (named('isUrl')) return `https://example.com/${'a'.repeat(max - 20)}`;
  return 'é'.repeat(max);
}

describe(`every request DTO's longest values fit the database on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let intent: Intent;
  let licenseKey: string;
  let coupon: Coupon;
  let couponToEdit: Coupon;
  let rateToEdit: ExchangeRate;
  let orderForKey: Intent;
  let staffId: number;
  let toRefund: Intent;
  let toReview: Intent;
  let reportedKeys: LicenseKey[];
  let openReport: KeyReport;
  let supplierToEdit: Supplier;
  let batchToEdit: KeyBatch;
  let batchToRevoke: KeyBatch;
  const cases = new Map<string, Case>();

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin', 'limits-admin');
    intent = await buyWithDemo(t);
    const key = await t.db.getRepository(LicenseKey).findOneByOrFail({ orderId: intent.orderId });
    licenseKey = t.app.get(LicenseKeyCipher).decrypt(key.keyCiphertext);
    coupon = await t.db.getRepository(Coupon).save({ code: 'L'.repeat(64), percentOff: 5 });
    couponToEdit = await t.db.getRepository(Coupon).save({ code: 'EDIT', percentOff: 5 });
    rateToEdit = await t.db
      .getRepository(ExchangeRate)
      .save({ currency: 'USD', date: '2026-12-31', unitsPerEuro: 1_082_300, source: 'staff' });
    // A paid order whose key was revoked takes one typed in by staff.
    orderForKey = await buyWithDemo(t);
    await t.db.getRepository(LicenseKey).update({ orderId: orderForKey.orderId }, { status: 'revoked' });
    staffId = (await t.db.getRepository(StaffMember).save({ username: 'limits-staff', passwordHash: 'x' }))
      .id;

    const api = () => t.http();
    const asAdmin = (test: Test) => test.set('authorization', admin);
    const fromShopper = (test: Test) => test.set('x-forwarded-for', shopperAddress());
    const checkout = (body: Record<string, unknown>) =>
      fromShopper(api().post('/api/create-payment-intent')).send({
        cartItems: [{ id: STANDARD, quantity: 1 }],
        billing: BILLING,
        ...body,
      });
    // A strong password of the longest length, whatever rule on passwords applies.
    const longPassword = (length: number) => randomBytes(length).toString('base64').slice(0, length);

    toRefund = await buyWithDemo(t);
    // A disposable address: held for review, the review's note is stored with the order.
    toReview = await buyWithDemo(t, undefined, 'limits.review@mailinator.com');
    // Two keys of one customer: one reported here (the answer's case), one by the report's case.
    const reporter = 'limits.reporter@example.com';
    const reported = await buyWithDemo(t, [{ id: STANDARD, quantity: 2 }], reporter);
    reportedKeys = await t.db.getRepository(LicenseKey).findBy({ orderId: reported.orderId });
    const customer = `Bearer ${new JwtService().sign(
      { sub: reporter },
      {
        secret: t.config.jwtSecret,
        algorithm: 'HS256',
        issuer: JWT_ISSUER,
        audience: CUSTOMER_AUDIENCE,
        expiresIn: 600,
      },
    )}`;
    const keyReport = (fields: Record<string, unknown>) =>
      fromShopper(api().post('/api/account/key-reports').set('authorization', customer)).send(fields);
    await keyReport({ licenseKeyId: reportedKeys[0]!.id, errorMessage: 'It does not activate' }).expect(201);
    openReport = await t.db.getRepository(KeyReport).findOneByOrFail({ licenseKeyId: reportedKeys[0]!.id });
    const add = (dto: string, c: Case) => cases.set(dto, c);
    add('BillingDto', {
      // A business in the EU (consents given): its VAT number is one of the longest, 14 characters, kept
      // unverified (no validation service here).
      send: (billing) =>
        checkout({ billing, consents: { immediateDelivery: true, withdrawalRightLoss: true } }),
      longest: {
        zipCode: 'AB12 CD-34',
        // 30 characters, the most a phone number may be typed with; it is stored in E.164 (+31201234567).
        phone: '+31 (0) 20 - 123 - 45 - 67 ---',
        country: 'NL',
        vatNumber: 'NL004495445B01',
      },
      status: 201,
    });
    add('CreatePaymentIntentDto', {
      // The Idempotency-Key header is stored too: cut to its column's 255 characters.
      send: (fields) => checkout(fields).set('idempotency-key', 'é'.repeat(300)),
      status: 201,
      longest: { couponCode: coupon.code },
    });
    // Product ids are the catalogue's: a longest one is unknown, refused without reaching a column.
    add('CartItemDto', {
      send: (item) => checkout({ cartItems: [item] }),
      base: { quantity: 1 },
      status: 400,
    });
    // A replaced order whose client secret does not match is left alone: the checkout goes on.
    add('ReplacedOrderDto', {
      send: (replacesOrder) => checkout({ replacesOrder }),
      base: { orderId: intent.orderId },
      status: 201,
    });
    add('OrderStatusQueryDto', {
      send: (query) => api().get(`/api/orders/${intent.orderId}/status`).query(query),
      status: 404,
    });
    add('DemoConfirmDto', {
      send: (fields) => api().post('/api/payments/demo/confirm').send(fields),
      longest: { orderId: () => intent.orderId },
      status: 404,
    });
    add('DemoSettleDto', {
      send: (fields) => api().post('/api/payments/demo/settle').send(fields),
      base: { outcome: 'succeed' },
      longest: { orderId: () => intent.orderId },
      status: 404,
    });
    add('ValidateCouponDto', {
      send: (fields) => fromShopper(api().post('/api/coupons/validate')).send(fields),
      longest: { code: coupon.code },
      status: 200,
    });
    add('AccessLinkRequestDto', {
      send: (fields) => fromShopper(api().post('/api/account/link')).send(fields),
      status: 202,
    });
    add('CreateContactMessageDto', {
      send: (fields) => fromShopper(api().post('/api/contact')).send(fields),
      status: 201,
    });
    add('LicenseInstanceDto', {
      send: (fields) => fromShopper(api().post('/api/licenses/activate')).send(fields),
      longest: { licenseKey: () => licenseKey },
      status: 200,
    });
    add('LicenseValidateDto', {
      send: (fields) => fromShopper(api().post('/api/licenses/validate')).send(fields),
      longest: { licenseKey: () => licenseKey },
      status: 200,
    });
    add('LoginDto', {
      send: (fields) => api().post('/api/admin/login').set('x-forwarded-for', '10.220.0.1').send(fields),
      status: 401,
    });
    // A challenge that was never issued, and a code that no authenticator makes: refused, nothing stored.
    add('LoginMfaDto', {
      send: (fields) => api().post('/api/admin/login/mfa').set('x-forwarded-for', '10.220.0.2').send(fields),
      status: 401,
    });
    add('MfaConfirmDto', {
      send: (fields) => asAdmin(api().post('/api/admin/me/mfa/confirm')).send(fields),
      status: 400,
    });
    add('MfaStartDto', {
      send: (fields) => asAdmin(api().post('/api/admin/me/mfa')).send(fields),
      status: 200,
    });
    // Both at once are refused (one of them), after validation.
    add('StepUpDto', {
      send: (fields) => asAdmin(api().post('/api/admin/me/step-up')).send(fields),
      status: 400,
    });
    add('CreateStaffMemberDto', {
      send: (fields) => asAdmin(api().post('/api/admin/staff')).send(fields),
      base: { role: 'support' },
      longest: { username: 'u'.repeat(100), password: longPassword(1024), email: LONGEST_EMAIL },
      status: 201,
    });
    const stepUp = (
      await asAdmin(api().post('/api/admin/me/step-up'))
        .send({ password: 'limits-admin-password' })
        .expect(200)
    ).body.stepUpToken as string;
    add('UpdateStaffMemberDto', {
      send: (fields) =>
        asAdmin(api().put(`/api/admin/staff/${staffId}`))
          .set('x-step-up-token', stepUp)
          .send(fields),
      longest: { password: longPassword(1024), email: LONGEST_EMAIL },
      status: 200,
    });
    add('CreateCouponDto', {
      send: (fields) => asAdmin(api().post('/api/admin/coupons')).send(fields),
      base: { percentOff: 10 },
      longest: { code: 'C'.repeat(64) },
      status: 201,
    });
    add('UpdateCouponDto', {
      send: (fields) => asAdmin(api().put(`/api/admin/coupons/${couponToEdit.id}`)).send(fields),
      longest: { code: 'U'.repeat(64) },
      status: 200,
    });
    add('CreateDownloadDto', {
      send: (fields) => asAdmin(api().post('/api/admin/downloads')).send(fields),
      // A link is for a product the order holds.
      longest: { orderId: () => intent.orderId, productId: STANDARD },
      status: 201,
    });
    add('CreateLicenseKeyDto', {
      send: (fields) => asAdmin(api().post('/api/admin/license-keys')).send(fields),
      longest: {
        orderId: () => orderForKey.orderId,
        productId: STANDARD,
        licenseKey: 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZ9',
      },
      status: 201,
    });
    add('CreateRefundDto', {
      send: (fields) => asAdmin(api().post(`/api/admin/orders/${toRefund.orderId}/refunds`)).send(fields),
      base: { amountCents: 1, revokeKeys: false, notifyCustomer: false },
      status: 201,
    });
    add('ReviewDecisionDto', {
      send: (fields) => asAdmin(api().post(`/api/admin/orders/${toReview.orderId}/review`)).send(fields),
      base: { decision: 'approve' },
      status: 200,
    });
    add('CreateOrderNoteDto', {
      send: (fields) => asAdmin(api().post(`/api/admin/orders/${toReview.orderId}/notes`)).send(fields),
      base: {},
      status: 201,
    });
    add('CreateKeyReportDto', {
      send: (fields) => keyReport(fields),
      base: { licenseKeyId: reportedKeys[1]!.id },
      // The largest screenshot taken: a PNG (its signature) of the largest size, base64-encoded.
      longest: {
        screenshot: () =>
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            randomBytes(SCREENSHOT_MAX_BYTES - 8),
          ]).toString('base64'),
      },
      status: 201,
    });
    add('UpdateKeyReportDto', {
      send: (fields) => asAdmin(api().put(`/api/admin/key-reports/${openReport.id}`)).send(fields),
      status: 200,
    });
    // A rate's fields have a format each; the largest rate fills its bigint column's share.
    add('CreateExchangeRateDto', {
      send: (fields) => asAdmin(api().post('/api/admin/exchange-rates')).send(fields),
      longest: { currency: 'JPY', date: '2026-12-31', rate: '999999999.999999' },
      status: 201,
    });
    add('UpdateExchangeRateDto', {
      send: (fields) => asAdmin(api().put(`/api/admin/exchange-rates/${rateToEdit.id}`)).send(fields),
      longest: { currency: 'IDR', date: '2026-12-30', rate: '999999999.999999' },
      status: 200,
    });
    supplierToEdit = await t.db.getRepository(Supplier).save({ name: 'Limits supplier' });
    // The revoked batch's invoice reference is the longest, so a revoke confirmed with it goes through.
    const batch = {
      supplierId: supplierToEdit.id,
      productId: STANDARD,
      costPerKeyCents: 100,
      currency: 'USD',
    };
    batchToEdit = await t.db.getRepository(KeyBatch).save({ ...batch, invoiceReference: 'EDIT' });
    batchToRevoke = await t.db.getRepository(KeyBatch).save({ ...batch, invoiceReference: 'R'.repeat(100) });
    add('CreateSupplierDto', {
      send: (fields) => asAdmin(api().post('/api/admin/suppliers')).send(fields),
      status: 201,
    });
    add('UpdateSupplierDto', {
      send: (fields) => asAdmin(api().put(`/api/admin/suppliers/${supplierToEdit.id}`)).send(fields),
      // Another name than the one the create case gives its supplier (names are unique).
      longest: { name: 'U'.repeat(100) },
      status: 200,
    });
    add('CreateKeyBatchDto', {
      send: (fields) => asAdmin(api().post('/api/admin/key-batches')).send(fields),
      base: { supplierId: supplierToEdit.id, costPerKeyCents: 250, currency: 'USD' },
      longest: { productId: STANDARD },
      status: 201,
    });
    add('UpdateKeyBatchDto', {
      send: (fields) => asAdmin(api().put(`/api/admin/key-batches/${batchToEdit.id}`)).send(fields),
      longest: { productId: STANDARD },
      status: 200,
    });
    add('RevokeKeyBatchDto', {
      send: (fields) => asAdmin(api().post(`/api/admin/key-batches/${batchToRevoke.id}/revoke`)).send(fields),
      base: { includeSold: false },
      longest: { confirm: batchToRevoke.invoiceReference },
      status: 200,
    });
    // A product id no catalogue has: refused before any query.
    add('SalesQueryDto', {
      send: (query) => asAdmin(api().get('/api/admin/reports/sales')).query(query),
      base: { from: '2026-11-01', to: '2026-11-02' },
      status: 400,
    });
    add('ExportQueryDto', {
      send: (query) => asAdmin(api().get('/api/admin/orders/export.csv')).query(query),
      longest: {
        sort: `["createdAt",${' '.repeat(200 - 20)}"DESC"]`,
        filter: `{"q":"${'é'.repeat(200)}"${' '.repeat(4000 - 208)}}`,
      },
      status: 200,
    });
    // Padded with white space inside the JSON, so each parameter is its longest and still valid.
    add('ListQueryDto', {
      send: (query) => asAdmin(api().get('/api/admin/orders')).query(query),
      longest: {
        sort: `["createdAt",${' '.repeat(200 - 20)}"DESC"]`,
        range: `[0,${' '.repeat(100 - 6)}24]`,
        filter: `{"q":"${'é'.repeat(200)}"${' '.repeat(4000 - 208)}}`,
      },
      status: 200,
    });
  });
  afterAll(() => t.close());

  it('has a case for every request DTO with text fields, and a maximum for each of them', () => {
    const withText = [...requestDtos()]
      .filter(([, rules]) => rules.some((r) => r.name === 'isString'))
      .map(([target]) => target.name);
    expect(withText.length).toBeGreaterThan(15);
    expect(withText.filter((name) => !cases.has(name))).toEqual([]);
    expect([...cases.keys()].sort()).toEqual([...WALKED].sort());
    for (const [target, rules] of requestDtos()) {
      const c = cases.get(target.name);
      if (!c) continue;
      for (const field of new Set(rules.filter((r) => r.name === 'isString').map((r) => r.propertyName))) {
        const value = longestValue(
          rules.filter((r) => r.propertyName === field),
          resolve(c.longest?.[field]),
        );
        expect([target.name, field, value === undefined ? 'no maximum' : 'ok']).toEqual([
          target.name,
          field,
          'ok',
        ]);
      }
    }
  });

  // The one write without a DTO: each row is checked on its own, a long value makes the row invalid.
  it('imports a CSV of keys whose cells are longer than any column', async () => {
    const res = await t
      .http()
      .post('/api/admin/license-keys/import')
      .set('authorization', admin)
      .set('content-type', 'text/csv; charset=utf-8')
      .send(
        'productId,licenseKey,activationLimit\n' +
          `${'é'.repeat(300)},${'K'.repeat(300)},${'9'.repeat(300)}\n` +
          `${STANDARD},LONGV-00000-00000-00000-KEY01,1\n`,
      );
    expect([res.status, res.body.imported, res.body.invalid.length]).toEqual([200, 1, 1]);
  });

  it.each(WALKED)(
    '%s with every text field at its longest',
    async (name) => {
      const [target, rules] = [...requestDtos()].find(([dto]) => dto.name === name)!;
      const c = cases.get(target.name)!;
      const fields: Record<string, unknown> = { ...c.base };
      for (const field of new Set(rules.filter((r) => r.name === 'isString').map((r) => r.propertyName))) {
        const value = longestValue(
          rules.filter((r) => r.propertyName === field),
          resolve(c.longest?.[field]),
        );
        if (value !== undefined) fields[field] = value;
      }
      const res = await c.send(fields);
      expect([res.status, res.status === c.status ? null : res.body]).toEqual([c.status, null]);
      // One request each, but a staff member's hashes a password (memory-hard): under CI's lanes on a slow
      // day, past 30 s. A hang detector.
    },
    90_000,
  );
});

/** Some longest values exist only once the suite's data does. */
function resolve(value: string | (() => string) | undefined): string | undefined {
  return typeof value === 'function' ? value() : value;
}
