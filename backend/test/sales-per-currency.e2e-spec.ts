import type { Test } from 'supertest';
import type { Currency } from '../src/common/money.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { ALL_PRODUCTS, SalesDay } from '../src/reports/entities/sales-day.entity.js';
import { addDays } from '../src/tax/returns/quarters.js';
import { CONSENTS, PRO_PLUS } from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { DRIVER } from './support/test-app.js';

/**
 * The dashboard, the sales report and the margins per currency, converted into USD at each day's ECB
 * rate (#35; decision 2026-11-29-figures-per-currency). Tax is off: a sale's gross is its total.
 *
 * Every key in stock is of one batch bought in euros at €10.00 a key. ECB rates of yesterday only (a sale
 * of today converts at the last earlier rate): 1 EUR = 1.1000 USD = 0.8500 GBP = 160.00 JPY.
 *
 * Worked by hand, today's sales converted into US dollar cents:
 * - USD order: its total P, as it is;
 * - EUR order €37.99: 3799 × 1.1 = 4178.9 → 4179; its €10.00 refund: 1000 × 1.1 = 1100;
 * - GBP order £32.99: 3299 × 1.1 / 0.85 = 4269.29… → 4269;
 * - JPY order ¥6,000 (no minor unit): 6000 × 1.1 / 160 = 41.25 dollars → 4125;
 * - four keys at €10.00: 4000 × 1.1 = 4400.
 */
describe(`sales per currency on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let admin: string;
  let supplierId: number;
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = addDays(today, -1);
  const KEY_COST_EUR = 1000;

  const as = (request: Test) => request.set('authorization', admin);

  beforeAll(async () => {
    t = await startStripeTestApp(10);
    admin = await signIn(t, 'admin', 'currencies');
    const supplier = await as(t.http().post('/api/admin/suppliers'))
      .send({ name: 'Euro Keys GmbH' })
      .expect(201);
    supplierId = (supplier.body as { id: number }).id;
    const batch = await as(t.http().post('/api/admin/key-batches'))
      .send({
        supplierId,
        productId: PRO_PLUS,
        invoiceReference: 'EU-1',
        costPerKeyCents: KEY_COST_EUR,
        currency: 'EUR',
      })
      .expect(201);
    // The demo keys in stock become the batch's, as if imported into it.
    await t.db
      .getRepository(LicenseKey)
      .update(
        { productId: PRO_PLUS },
        { batchId: (batch.body as { id: number }).id, costCents: KEY_COST_EUR },
      );
    // Professional Plus is sold at €37.99, £32.99 and ¥6,000; its dollar price stays the demo's.
    type Listed = { id: string; currentPriceCents: number; originalPriceCents: number };
    const listed = (await t.http().get('/api/products').expect(200)).body as Listed[];
    const dollars = listed.find((p) => p.id === PRO_PLUS)!;
    const price = (currency: Currency, cents: number) => ({
      currency,
      currentPriceCents: cents,
      originalPriceCents: cents,
    });
    await as(t.http().put(`/api/admin/products/${PRO_PLUS}/prices`))
      .send({
        prices: [
          {
            currency: 'USD',
            currentPriceCents: dollars.currentPriceCents,
            originalPriceCents: dollars.originalPriceCents,
          },
          price('EUR', 3799),
          price('GBP', 3299),
          price('JPY', 6000),
        ],
      })
      .expect(200);
    await as(t.http().post('/api/admin/exchange-rates/import'))
      .set('content-type', 'text/csv')
      .send(`Date,USD,JPY,GBP,\n${yesterday},1.1000,160.00,0.8500,\n`)
      .expect(200);
  }, 60_000);
  afterAll(() => t.close());

  /** A checkout of one Professional Plus in `currency`, paid through Stripe's webhook. */
  async function paidOrder(currency: Currency = 'USD') {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems: [{ id: PRO_PLUS, quantity: 1 }],
      consents: CONSENTS,
      currency,
    });
    await postWebhook(
      t,
      t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
    ).expect(200);
    const order = await orderOf(t, intent.orderId);
    expect(order).toMatchObject({ currency, paidAt: expect.any(Date) });
    return order;
  }

  const get = (path: string, query: Record<string, string> = {}) =>
    t.http().get(`/api/admin/${path}`).query(query).set('authorization', admin).expect(200);

  let usd: Order;
  let eur: Order;
  let gbp: Order;
  let jpy: Order;

  it('reports a day of sales in four currencies per currency and converted into dollars', async () => {
    usd = await paidOrder();
    eur = await paidOrder('EUR');
    gbp = await paidOrder('GBP');
    jpy = await paidOrder('JPY');
    await t
      .http()
      .post(`/api/admin/orders/${eur.id}/refunds`)
      .set('authorization', admin)
      .send({ amountCents: 1000, reason: 'Customer asked', revokeKeys: false, notifyCustomer: false })
      .expect(201);
    const P = usd.totalCents;

    const [day] = (await get('reports/sales', { from: today, to: today })).body;
    const figures = (gross: number, refunds: number, keyCost: number) => ({
      grossSalesCents: gross,
      refundsCents: refunds,
      netSalesCents: gross - refunds,
      taxCents: 0,
      totalSalesCents: gross - refunds,
      keyCostCents: keyCost,
      marginCents: gross - refunds - keyCost,
    });
    expect(day).toEqual({
      period: today,
      orders: 4,
      units: 4,
      ...figures(P + 4179 + 4269 + 4125, 1100, 4400),
      byCurrency: [
        { currency: 'USD', orders: 1, units: 1, ...figures(P, 0, 0) },
        // The keys' cost is in their batch's euros, whichever currency their orders were paid in.
        { currency: 'EUR', orders: 1, units: 1, ...figures(3799, 1000, 4 * KEY_COST_EUR) },
        { currency: 'GBP', orders: 1, units: 1, ...figures(3299, 0, 0) },
        { currency: 'JPY', orders: 1, units: 1, ...figures(6000, 0, 0) },
      ],
      conversion: {
        convertedTo: 'USD',
        complete: true,
        firstRateDate: yesterday,
        lastRateDate: yesterday,
        missingRates: [],
      },
    });
  });

  it('answers margins per product and per supplier in each currency and converted at the sale’s day', async () => {
    const P = usd.totalCents;
    const margin = (revenue: number, cost: number) => ({
      revenueCents: revenue,
      keyCostCents: cost,
      marginCents: revenue - cost,
    });
    const conversion = {
      convertedTo: 'USD',
      complete: true,
      firstRateDate: yesterday,
      lastRateDate: yesterday,
      missingRates: [],
    };
    const [product] = (await get('reports/margins', { from: today, to: today })).body;
    // Paid less refunded: €37.99 − €10.00, converted 4179 − 1100.
    expect(product).toEqual({
      key: PRO_PLUS,
      label: expect.stringContaining('Professional Plus'),
      unitsSold: 4,
      keysUsed: 4,
      ...margin(P + 4179 - 1100 + 4269 + 4125, 4400),
      byCurrency: [
        { currency: 'USD', ...margin(P, 0) },
        { currency: 'EUR', ...margin(3799 - 1000, 4000) },
        { currency: 'GBP', ...margin(3299, 0) },
        { currency: 'JPY', ...margin(6000, 0) },
      ],
      conversion,
    });
    // What the keys earned (before refunds, which are of money), in their orders' currencies.
    const [supplier] = (await get('reports/margins', { from: today, to: today, groupBy: 'supplier' })).body;
    expect(supplier).toEqual({
      key: String(supplierId),
      label: 'Euro Keys GmbH',
      unitsSold: 4,
      keysUsed: 4,
      ...margin(P + 4179 + 4269 + 4125, 4400),
      byCurrency: [
        { currency: 'USD', ...margin(P, 0) },
        { currency: 'EUR', ...margin(3799, 4000) },
        { currency: 'GBP', ...margin(3299, 0) },
        { currency: 'JPY', ...margin(6000, 0) },
      ],
      conversion,
    });
  });

  it("answers each order's margin in its currency, its key's euro cost converted at the payment's day", async () => {
    // Worked by hand: the €10.00 key is $11.00 (1000 × 1.1), £8.50 (1000 × 0.85), ¥1,600 (10 × 160); in the
    // euro order it is as bought. The euro order's €10.00 refund had no tax (tax is off).
    const marginOf = async (order: Order) => (await get(`orders/${order.id}`)).body.margin as object;
    const P = usd.totalCents;
    const expected = (
      currency: string,
      revenue: number,
      refunds: number,
      cost: number,
      converted: boolean,
    ) => ({
      currency,
      revenueCents: revenue,
      taxCents: 0,
      refundsCents: refunds,
      refundTaxCents: 0,
      keyCostCents: cost,
      marginCents: revenue - refunds - cost,
      keysWithoutCost: 0,
      keyCostRateDate: converted ? yesterday : null,
      keysWithoutRate: 0,
    });
    expect(await marginOf(usd)).toEqual(expected('USD', P, 0, 1100, true));
    expect(await marginOf(eur)).toEqual(expected('EUR', 3799, 1000, 1000, false));
    expect(await marginOf(gbp)).toEqual(expected('GBP', 3299, 0, 850, true));
    expect(await marginOf(jpy)).toEqual(expected('JPY', 6000, 0, 1600, true));
    // Paid on a day with no rate in the ten before it: the key's cost is left out, and said so.
    const paidAt = jpy.paidAt;
    await t.db.getRepository(Order).update(jpy.id, { paidAt: new Date(Date.now() - 40 * 86_400_000) });
    try {
      expect(await marginOf(jpy)).toEqual({ ...expected('JPY', 6000, 0, 0, false), keysWithoutRate: 1 });
    } finally {
      await t.db.getRepository(Order).update(jpy.id, { paidAt });
    }
  });

  it('shows the dashboard’s sales per currency and converted, and says when a day had no rate', async () => {
    const P = usd.totalCents;
    const sales = async () =>
      (
        await t
          .http()
          .get('/api/admin/dashboard')
          .set('authorization', admin)
          .set('cache-control', 'no-cache')
      ).body.sales;
    const figures = (gross: number, refunds: number) => ({
      grossSalesCents: gross,
      refundsCents: refunds,
      netSalesCents: gross - refunds,
      taxCents: 0,
      totalSalesCents: gross - refunds,
    });
    expect(await sales()).toEqual({
      ...figures(P + 4179 + 4269 + 4125, 1100),
      byCurrency: [
        { currency: 'USD', ...figures(P, 0) },
        { currency: 'EUR', ...figures(3799, 1000) },
        { currency: 'GBP', ...figures(3299, 0) },
        { currency: 'JPY', ...figures(6000, 0) },
      ],
      conversion: {
        convertedTo: 'USD',
        complete: true,
        firstRateDate: yesterday,
        lastRateDate: yesterday,
        missingRates: [],
      },
      asOf: expect.any(String),
    });

    // Sales in euros on two days of 2020, for which the store has no rate: counted in euros, left out of
    // the dollars, and the dollars say so.
    await t.db.getRepository(SalesDay).insert(
      ['2020-01-06', '2020-01-08'].map((day) => ({
        productId: ALL_PRODUCTS,
        day,
        currency: 'EUR',
        orders: 1,
        units: 1,
        revenueCents: 500,
      })),
    );
    const after = await sales();
    expect(after).toMatchObject({
      ...figures(P + 4179 + 4269 + 4125, 1100),
      conversion: {
        complete: false,
        missingRates: [{ currency: 'EUR', firstDay: '2020-01-06', lastDay: '2020-01-08', days: 2 }],
      },
    });
    expect(after.byCurrency[1]).toEqual({ currency: 'EUR', ...figures(3799 + 1000, 1000) });
    const [january] = (
      await get('reports/sales', { from: '2020-01-01', to: '2020-01-31', interval: 'month' })
    ).body;
    expect(january).toMatchObject({
      orders: 2,
      grossSalesCents: 0,
      byCurrency: [{ currency: 'EUR', orders: 2, grossSalesCents: 1000 }],
      conversion: { complete: false, firstRateDate: null, lastRateDate: null },
    });
  });
});
