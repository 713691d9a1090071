import { Logger } from '@nestjs/common';
import { In } from 'typeorm';
import {
  CATALOG,
  CATALOG_PRICES,
  CATALOG_VERSION,
  type CatalogProduct,
} from '../src/catalog/catalog.data.js';
import { CURRENCIES, type Currency } from '../src/common/money.js';
import { UpperCaseCurrencies1766300000200 } from '../src/database/migrations/1766300000200-upper-case-currencies.js';
import { Coupon } from '../src/coupons/entities/coupon.entity.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import {
  BILLING,
  CONSENTS,
  createIntent,
  GERMANY,
  PRO_PLUS,
  STANDARD,
  type Intent,
} from './support/checkout.js';
import { problems } from './support/problems.js';
import { signIn } from './support/staff.js';
import { orderOf, postWebhook, startStripeTestApp, type StripeTestApp } from './support/stripe-app.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const UK = { ...BILLING, country: 'GB', city: 'Leeds', zipCode: 'LS1 4AP', phoneCountryCode: '+44' };
const JAPAN = { ...BILLING, country: 'JP', city: 'Tokyo', zipCode: '100-0001', phoneCountryCode: '+81' };
/** VAT added to the price; Japan's 10 % consumption tax set by the owner (the store knows EU and UK rates). */
const TAXED = { TAX_MODE: 'exclusive', TAX_RATE_OVERRIDES: 'JP=10', TRUST_PROXY: 'loopback' };

/** An edition with a price in USD only (none in CATALOG_PRICES): not sold in another currency. */
const DOLLARS_ONLY: CatalogProduct = {
  ...CATALOG.find((product) => product.id === STANDARD)!,
  id: 'office-2024-dollars-only',
  title: 'Office 2024 Dollars Only',
  sortOrder: 4,
};

/** A product's price in a currency's price list (USD: the catalogue's own). */
const price = (id: string, currency: Currency) =>
  currency === 'USD'
    ? CATALOG.find((product) => product.id === id)!.currentPriceCents
    : CATALOG_PRICES[id]![currency]!.currentPriceCents;

/** An answer of POST /api/create-payment-intent, with the fields these tests read. */
type Priced = Intent & { currency: string; tax: number };

describe(`checkout in the buyer's currency on ${DRIVER}`, () => {
  describe('with the demo provider', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await startTestApp(TAXED, {
        catalog: { version: CATALOG_VERSION, products: [...CATALOG, DOLLARS_ONLY], prices: CATALOG_PRICES },
      });
      admin = await signIn(t, 'admin');
    });
    afterAll(() => t.close());

    const CART = [
      { id: STANDARD, quantity: 2 },
      { id: PRO_PLUS, quantity: 1 },
    ];
    const confirm = (intent: Intent) =>
      t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret });
    const createCoupon = (body: object) =>
      t.http().post('/api/admin/coupons').set('authorization', admin).send(body);
    const validate = (code: string, currency?: string) =>
      t
        .http()
        .post('/api/coupons/validate')
        .set('x-forwarded-for', '10.9.0.1')
        .send({ code, ...(currency ? { currency } : {}) });

    // Subtotals from the price lists; the tax per line, half up, worked by hand.
    it.each([
      // 2 × €37.99 + €49.99 = €125.97; 19 % of 7598 = 1443.62 → 1444, of 4999 = 949.81 → 950.
      ['EUR', GERMANY, 12597, 1444 + 950],
      // 2 × £32.99 + £42.99 = £108.97; 20 % of 6598 = 1319.6 → 1320, of 4299 = 859.8 → 860.
      ['GBP', UK, 10897, 1320 + 860],
      // 2 × ¥6,000 + ¥7,980 = ¥19,980 (whole yen); 10 % of 12000 = 1200, of 7980 = 798.
      ['JPY', JAPAN, 19980, 1200 + 798],
    ] as const)(
      'sells in %s at its price list, taxed in its minor units, paid and delivered',
      async (currency, billing, subtotal, tax) => {
        expect(2 * price(STANDARD, currency) + price(PRO_PLUS, currency)).toBe(subtotal);
        const res = createIntent(t, { currency, cartItems: CART, billing, consents: CONSENTS });
        const intent = (await res.expect(201)).body as Priced;
        expect(intent).toMatchObject({
          currency,
          subtotalCents: subtotal,
          discountCents: 0,
          tax,
          totalCents: subtotal + tax,
        });
        expect((await confirm(intent).expect(200)).body).toMatchObject({ status: 'fulfilled' });
        expect(await orderOf(t, intent.orderId)).toMatchObject({
          currency,
          totalCents: subtotal + tax,
          paymentStatus: 'completed',
        });
        expect(await t.db.getRepository(LicenseKey).countBy({ orderId: intent.orderId })).toBe(3);
        const detail = await t
          .http()
          .get(`/api/admin/orders/${intent.orderId}`)
          .set('authorization', admin)
          .expect(200);
        expect(detail.body).toMatchObject({ currency, totalCents: subtotal + tax });
      },
    );

    it('prices in USD when no currency is named', async () => {
      const intent = (await createIntent(t).expect(201)).body as Priced;
      expect(intent).toMatchObject({ currency: 'USD', totalCents: price(STANDARD, 'USD') });
    });

    it('refuses a currency it does not sell in, naming the field and the codes', async () => {
      for (const currency of ['XYZ', 'eur', 5]) {
        const res = await createIntent(t, { currency }).expect(400);
        expect(problems(res.body)).toEqual([`currency must be one of ${CURRENCIES.join(', ')}`]);
      }
    });

    it('refuses a product not sold in the currency, naming it', async () => {
      const cartItems = [
        { id: STANDARD, quantity: 1 },
        { id: DOLLARS_ONLY.id, quantity: 1 },
      ];
      const res = await createIntent(t, { currency: 'EUR', cartItems, billing: GERMANY, consents: CONSENTS });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Office 2024 Dollars Only (office-2024-dollars-only) is not sold in EUR');
      await createIntent(t, { cartItems }).expect(201);
    });

    it('refuses the same Idempotency-Key with another currency, and answers the same order with the same', async () => {
      const key = { 'idempotency-key': `currencies-${Date.now()}` };
      const body = { currency: 'EUR', billing: GERMANY, consents: CONSENTS };
      const first = (await createIntent(t, body, key).expect(201)).body as Priced;
      const other = await createIntent(t, { ...body, currency: 'GBP' }, key).expect(409);
      expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
      const again = (await createIntent(t, body, key).expect(201)).body as Priced;
      expect(again).toMatchObject({ orderId: first.orderId, currency: 'EUR' });
    });

    it('answers the same order to a retry that names the default currency, or writes its fields in another order', async () => {
      const key = { 'idempotency-key': `default-currency-${Date.now()}` };
      const body = { billing: GERMANY, consents: CONSENTS, cartItems: [{ id: STANDARD, quantity: 1 }] };
      const first = (await createIntent(t, body, key).expect(201)).body as Priced;
      expect(first.currency).toBe('USD');
      const named = (await createIntent(t, { ...body, currency: 'USD' }, key).expect(201)).body as Priced;
      expect(named.orderId).toBe(first.orderId);
      const reordered = { cartItems: body.cartItems, currency: 'USD', consents: CONSENTS, billing: GERMANY };
      expect(((await createIntent(t, reordered, key).expect(201)).body as Priced).orderId).toBe(
        first.orderId,
      );
      await createIntent(t, { ...body, currency: 'EUR' }, key).expect(409);
    });

    it("never changes an order's currency: a checkout in another currency replaces it, and it can no longer be paid", async () => {
      const dollars = (await createIntent(t, { billing: GERMANY, consents: CONSENTS }).expect(201))
        .body as Priced;
      const euros = (
        await createIntent(t, {
          currency: 'EUR',
          billing: GERMANY,
          consents: CONSENTS,
          replacesOrder: { orderId: dollars.orderId, clientSecret: dollars.clientSecret },
        }).expect(201)
      ).body as Priced;
      expect(euros.orderId).not.toBe(dollars.orderId);
      expect(euros).toMatchObject({ currency: 'EUR', subtotalCents: price(STANDARD, 'EUR') });
      expect(await orderOf(t, dollars.orderId)).toMatchObject({ currency: 'USD', status: 'cancelled' });
      await confirm(dollars).expect(409);
      expect(await t.db.getRepository(LicenseKey).countBy({ orderId: dollars.orderId })).toBe(0);
    });

    it('takes a percentage coupon in any currency, rounded to whole yen in JPY', async () => {
      await createCoupon({ code: 'YEN7', percentOff: 7 }).expect(201);
      const res = createIntent(t, {
        currency: 'JPY',
        cartItems: [{ id: PRO_PLUS, quantity: 1 }],
        billing: JAPAN,
        couponCode: 'YEN7',
      });
      // 7 % of ¥7,980 = 558.6 → ¥559; 10 % of 7980 − 559 = 742.1 → ¥742.
      expect((await res.expect(201)).body).toMatchObject({
        currency: 'JPY',
        subtotalCents: 7980,
        discountCents: 559,
        tax: 742,
        totalCents: 7980 - 559 + 742,
      });
    });

    it('takes a fixed-amount coupon off orders in its currency only', async () => {
      const created = await createCoupon({ code: 'EURO5', amountOffCents: 500, currency: 'EUR' }).expect(201);
      expect(created.body).toMatchObject({ percentOff: null, amountOffCents: 500, currency: 'EUR' });
      expect((await validate('euro5', 'EUR').expect(200)).body).toEqual({
        code: 'EURO5',
        discount: 0,
        amountOffCents: 500,
        currency: 'EUR',
      });
      const refusal = 'This coupon takes €5.00 off orders in EUR only; it does not apply in USD';
      expect((await validate('EURO5', 'USD').expect(422)).body.message).toBe(refusal);

      const euros = createIntent(t, {
        currency: 'EUR',
        billing: GERMANY,
        consents: CONSENTS,
        couponCode: 'EURO5',
      });
      // €37.99 − €5.00 = €32.99; 19 % of 3299 = 626.81 → 627.
      expect((await euros.expect(201)).body).toMatchObject({
        currency: 'EUR',
        subtotalCents: 3799,
        discountCents: 500,
        tax: 627,
        totalCents: 3299 + 627,
      });
      const dollars = await createIntent(t, { couponCode: 'EURO5' }).expect(422);
      expect(dollars.body.message).toBe(refusal);
      // The refused checkout holds nothing: the one hold is the euro order's.
      expect(await t.db.getRepository(Coupon).findOneByOrFail({ code: 'EURO5' })).toMatchObject({
        heldCount: 1,
      });
      expect(await t.db.getRepository(Order).countBy({ couponCode: 'EURO5' })).toBe(1);
    });

    it('refuses a total the discount brings below the smallest payment in its currency, holding nothing', async () => {
      await createCoupon({ code: 'FREE', percentOff: 100 }).expect(201);
      const free = await createIntent(t, { couponCode: 'FREE' }).expect(422);
      expect(free.body.message).toBe(
        'The total after the discount, $0.00, is less than the smallest payment possible in USD, $0.50: ' +
          'remove the coupon or add to the cart',
      );
      // A Standard key in yen less all but ¥40 of it: under Stripe's ¥50.
      const yenPrice = price(STANDARD, 'JPY');
      await createCoupon({ code: 'YEN40', amountOffCents: yenPrice - 40, currency: 'JPY' }).expect(201);
      const yen = await createIntent(t, { currency: 'JPY', couponCode: 'YEN40' }).expect(422);
      expect(yen.body.message).toBe(
        'The total after the discount, ¥40, is less than the smallest payment possible in JPY, ¥50: ' +
          'remove the coupon or add to the cart',
      );
      // ¥50 exactly can be paid.
      await createCoupon({ code: 'YEN50', amountOffCents: yenPrice - 50, currency: 'JPY' }).expect(201);
      expect(
        (await createIntent(t, { currency: 'JPY', couponCode: 'YEN50' }).expect(201)).body,
      ).toMatchObject({ currency: 'JPY', totalCents: 50 });
      for (const code of ['FREE', 'YEN40'])
        expect(await t.db.getRepository(Coupon).findOneByOrFail({ code })).toMatchObject({ heldCount: 0 });
      expect(await t.db.getRepository(Order).countBy({ couponCode: In(['FREE', 'YEN40']) })).toBe(0);
    });

    it('keeps a coupon one kind: a percentage, or an amount with its currency', async () => {
      const kind =
        'A coupon takes either percentOff, or amountOffCents with its currency (a fixed amount in that currency)';
      for (const body of [
        { code: 'BOTH', percentOff: 10, amountOffCents: 500, currency: 'EUR' },
        { code: 'NOCURRENCY', amountOffCents: 500 },
        { code: 'ONLYCURRENCY', currency: 'EUR' },
        { code: 'NOTHING' },
      ]) {
        const res = await createCoupon(body).expect(400);
        expect(problems(res.body)).toEqual([kind]);
      }
      const bad = await createCoupon({ code: 'YEN', amountOffCents: 500, currency: 'YEN' }).expect(400);
      expect(problems(bad.body)).toEqual([`currency must be one of ${CURRENCIES.join(', ')}`]);

      const coupon = (
        await createCoupon({ code: 'POUND3', amountOffCents: 300, currency: 'GBP' }).expect(201)
      ).body as { id: number };
      const put = (body: object) =>
        t.http().put(`/api/admin/coupons/${coupon.id}`).set('authorization', admin).send(body);
      expect((await put({ percentOff: 20 }).expect(200)).body).toMatchObject({
        percentOff: 20,
        amountOffCents: null,
        currency: null,
      });
      expect(problems((await put({ amountOffCents: 400 }).expect(400)).body)).toEqual([kind]);
      expect((await put({ amountOffCents: 400, currency: 'JPY' }).expect(200)).body).toMatchObject({
        percentOff: null,
        amountOffCents: 400,
        currency: 'JPY',
      });
    });

    it("upgrades the orders written in Stripe's lower case to upper case, and defaults new ones to USD", async () => {
      const order = (await createIntent(t, { currency: 'GBP', billing: UK, consents: CONSENTS }).expect(201))
        .body as Priced;
      const runner = t.db.createQueryRunner();
      const migrate = async (step: 'up' | 'down') => {
        await runner.beforeMigration();
        await new UpperCaseCurrencies1766300000200()[step](runner);
        await runner.afterMigration();
      };
      const currencyOf = async () =>
        (
          (await runner.query(`SELECT currency FROM orders WHERE id = '${order.orderId}'`)) as {
            currency: string;
          }[]
        )[0]!.currency;
      // The order's last change stays what it was (MariaDB would set it to the upgrade's time).
      const lastChange = async () =>
        (await t.db.getRepository(Order).findOneByOrFail({ id: order.orderId })).updatedAt.getTime();
      const changedAt = await lastChange();
      await new Promise((resolve) => setTimeout(resolve, 10));
      try {
        await migrate('down');
        expect(await currencyOf()).toBe('gbp');
        await migrate('up');
        expect(await currencyOf()).toBe('GBP');
        expect(await lastChange()).toBe(changedAt);
        if (DRIVER === 'sqlite') {
          // The orders table was rebuilt for its new default: its search indexes keep their NOCASE.
          const indexes = (await runner.query(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name IN ('IDX_orders_customerName', 'IDX_orders_billingLastName')",
          )) as { sql: string }[];
          expect(indexes.map((index) => index.sql)).toEqual([
            expect.stringContaining('COLLATE NOCASE'),
            expect.stringContaining('COLLATE NOCASE'),
          ]);
        }
      } finally {
        await runner.release();
      }
      expect((await t.db.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
    });
  });

  describe('through the Stripe stand-in', () => {
    let t: StripeTestApp;
    beforeAll(async () => (t = await startStripeTestApp(10, TAXED)));
    afterAll(() => t.close());
    afterEach(() => jest.restoreAllMocks());

    const checkout = async (currency: Currency, billing: object) => {
      const res = createIntent(t, {
        currency,
        cartItems: [{ id: PRO_PLUS, quantity: 1 }],
        billing,
        consents: CONSENTS,
      });
      const intent = (await res.expect(201)).body as Priced;
      const { providerPaymentId } = await orderOf(t, intent.orderId);
      return { intent, paymentIntentId: providerPaymentId! };
    };
    const keys = (orderId: string) => t.db.getRepository(LicenseKey).countBy({ orderId });

    it.each([
      // €49.99 + 19 % (949.81 → 950).
      ['EUR', GERMANY, 4999 + 950],
      // £42.99 + 20 % (859.8 → 860).
      ['GBP', UK, 4299 + 860],
      // ¥7,980 + 10 % (798): whole yen, as Stripe counts JPY.
      ['JPY', JAPAN, 7980 + 798],
    ] as const)(
      "asks Stripe for the %s total in Stripe's lower case, and delivers on its webhook",
      async (currency, billing, total) => {
        const { intent, paymentIntentId } = await checkout(currency, billing);
        expect(intent).toMatchObject({ currency, totalCents: total });
        expect(t.stripe.intents.get(paymentIntentId)).toMatchObject({
          amount: total,
          currency: currency.toLowerCase(),
        });
        const paid = t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId));
        await postWebhook(t, paid).expect(200);
        expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'completed' });
        expect(await keys(intent.orderId)).toBe(1);
      },
    );

    it('refuses and logs a payment in another currency or of another amount: the order stays unpaid', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
      const { intent, paymentIntentId } = await checkout('EUR', GERMANY);
      const total = intent.totalCents;
      for (const other of [
        { currency: 'usd' },
        { currency: 'gbp' },
        { amount: total - 1, amount_received: total - 1 },
      ]) {
        const event = t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId, other));
        await postWebhook(t, event).expect(200);
      }
      expect(await orderOf(t, intent.orderId)).toMatchObject({
        paymentStatus: 'pending',
        status: 'processing',
      });
      expect(await keys(intent.orderId)).toBe(0);
      const logged = errors.mock.calls.map(([message]) => String(message));
      const refused = `for order ${intent.orderId} of ${total} EUR: not applied, needs review`;
      expect(logged).toEqual(
        expect.arrayContaining([
          `Payment ${paymentIntentId} of ${total} USD ${refused}`,
          `Payment ${paymentIntentId} of ${total} GBP ${refused}`,
          `Payment ${paymentIntentId} of ${total - 1} EUR ${refused}`,
        ]),
      );
      // Stripe's own answer, in its currency and amount, pays it.
      const paid = t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId));
      await postWebhook(t, paid).expect(200);
      expect(await orderOf(t, intent.orderId)).toMatchObject({ paymentStatus: 'completed' });
    });
  });
});
