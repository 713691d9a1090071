import { Backfill } from '../src/backfills/entities/backfill.entity.js';
import { runInTransaction } from '../src/database/transactions.js';
import { FulfilmentService } from '../src/fulfilment/fulfilment.service.js';
import { Backfills } from '../src/backfills/backfills.service.js';
import { LicenseKey } from '../src/license-keys/entities/license-key.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { ALL_PRODUCTS, SalesDay } from '../src/reports/entities/sales-day.entity.js';
import { SALES_DAYS_BACKFILL } from '../src/reports/sales-days-backfill.js';
import { productShares } from '../src/reports/sales-math.js';
import { KeyBatch } from '../src/suppliers/entities/key-batch.entity.js';
import { Supplier } from '../src/suppliers/entities/supplier.entity.js';
import { CONSENTS, GERMANY, PRO_PLUS, STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { DRIVER } from './support/test-app.js';

const KEY_COST = 1500;
const FIGURES = [
  'orders',
  'units',
  'revenueCents',
  'taxCents',
  'refundsCents',
  'refundTaxCents',
  'keyCostCents',
] as const;
/** The roll-up's columns (a SalesDay row). */
type Figures = Record<(typeof FIGURES)[number], number>;
const ZERO = Object.fromEntries(FIGURES.map((f) => [f, 0])) as Figures;
/** A period of the report: the sales figures as Shopify shows them (gross, refunds, net, tax, total). */
const REPORTED = [
  'orders',
  'units',
  'grossSalesCents',
  'refundsCents',
  'netSalesCents',
  'taxCents',
  'totalSalesCents',
  'keyCostCents',
  'marginCents',
] as const;
type Reported = Record<(typeof REPORTED)[number], number>;

/** What roll-up figures add to a reported period, recomputed here from their definitions. */
function reported(raw: Partial<Figures>): Reported {
  const f = { ...ZERO, ...raw };
  const gross = f.revenueCents - f.taxCents;
  const refunds = f.refundsCents - f.refundTaxCents;
  const tax = f.taxCents - f.refundTaxCents;
  return {
    orders: f.orders,
    units: f.units,
    grossSalesCents: gross,
    refundsCents: refunds,
    netSalesCents: gross - refunds,
    taxCents: tax,
    totalSalesCents: gross - refunds + tax,
    keyCostCents: f.keyCostCents,
    marginCents: gross - refunds - f.keyCostCents,
  };
}

/** The sales roll-up, the sales report, margins (issue #21 §3, §4). */
describe(`sales report on ${DRIVER}`, () => {
  let t: StripeTestApp;
  let admin: string;
  let support: string;
  let supplierId: number;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startStripeTestApp(80, { TAX_MODE: 'exclusive' });
    admin = await signIn(t, 'admin', 'reporter');
    support = await signIn(t, 'support', 'helper');
    const supplier = await t.db.getRepository(Supplier).save({ name: 'Keys Wholesale Ltd' });
    supplierId = supplier.id;
    const batch = await t.db.getRepository(KeyBatch).save({
      supplierId,
      productId: PRO_PLUS,
      invoiceReference: 'INV-1',
      costPerKeyCents: KEY_COST,
      currency: 'USD',
    });
    await t.db
      .getRepository(LicenseKey)
      .update({ productId: PRO_PLUS }, { batchId: batch.id, costCents: KEY_COST });
  }, 60_000);
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, string>, auth = admin) =>
    t.http().get(`/api/admin/reports/${path}`).query(query).set('authorization', auth);
  const todayOf = async (productId?: string): Promise<Reported> => {
    const res = await get('sales', { from: today, to: today, ...(productId && { productId }) }).expect(200);
    expect(res.body).toHaveLength(1);
    // The figures converted into USD, which here (every order in dollars) are the dollars' own.
    const { byCurrency, conversion, ...period } = res.body[0];
    expect(conversion).toMatchObject({ convertedTo: 'USD', complete: true });
    expect(byCurrency.map((c: { currency: string }) => c.currency)).toEqual(
      period.orders || period.keyCostCents ? ['USD'] : [],
    );
    return period;
  };
  /** A margins row without its per-currency figures (all in dollars here). */
  const converted = <T extends object>(row: T & { byCurrency?: unknown; conversion?: unknown }) => {
    const { byCurrency: _, conversion: __, ...rest } = row;
    return rest;
  };
  /** A reported period plus what these roll-up figures add to it. */
  const plus = (a: Reported, b: Partial<Figures>) => {
    const added = reported(b);
    return Object.fromEntries(REPORTED.map((f) => [f, a[f] + added[f]])) as Reported;
  };
  const plusRaw = (a: Figures, b: Partial<Figures>) =>
    Object.fromEntries(FIGURES.map((f) => [f, a[f] + (b[f] ?? 0)])) as Figures;

  async function checkout(cartItems = [{ id: PRO_PLUS, quantity: 1 }]) {
    const { intent, paymentIntentId } = await stripeCheckout(t, {
      cartItems,
      billing: GERMANY,
      consents: CONSENTS,
    });
    const pay = () =>
      postWebhook(t, t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId))).expect(
        200,
      );
    return { orderId: intent.orderId, pay };
  }
  async function paidOrder(cartItems?: { id: string; quantity: number }[]) {
    const { orderId, pay } = await checkout(cartItems);
    await pay();
    return orderOf(t, orderId);
  }
  const refund = (orderId: string, amountCents?: number) =>
    t
      .http()
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set('authorization', admin)
      .send({ amountCents, reason: 'Customer asked', revokeKeys: false, notifyCustomer: false })
      .expect(201);

  it('counts a purchase on its payment day, for the store and each product, with its keys’ cost and margin', async () => {
    const [store, pro, standard] = [await todayOf(), await todayOf(PRO_PLUS), await todayOf(STANDARD)];
    const order = await paidOrder([
      { id: PRO_PLUS, quantity: 2 },
      { id: STANDARD, quantity: 1 },
    ]);
    expect(order.paidAt!.toISOString().slice(0, 10)).toBe(today);
    expect(order.taxCents).toBeGreaterThan(0);

    expect(await todayOf()).toEqual({
      period: today,
      ...plus(store, {
        orders: 1,
        units: 3,
        revenueCents: order.totalCents,
        taxCents: order.taxCents,
        keyCostCents: 2 * KEY_COST,
      }),
    });
    const [proShare, standardShare] = productShares(order);
    expect(proShare!.revenueCents + standardShare!.revenueCents).toBe(order.totalCents);
    expect(await todayOf(PRO_PLUS)).toMatchObject(
      plus(pro, {
        orders: 1,
        units: 2,
        revenueCents: proShare!.revenueCents,
        taxCents: proShare!.taxCents,
        keyCostCents: 2 * KEY_COST,
      }),
    );
    // The Standard key comes from the demo stock, stored before batches: it has no cost.
    expect(await todayOf(STANDARD)).toMatchObject(
      plus(standard, {
        orders: 1,
        units: 1,
        revenueCents: standardShare!.revenueCents,
        taxCents: standardShare!.taxCents,
      }),
    );

    // Each delivered key knows what it earned: its product's part without tax, in whole cents.
    const keys = await t.db.getRepository(LicenseKey).findBy({ orderId: order.id, productId: PRO_PLUS });
    expect(keys).toHaveLength(2);
    expect(keys.reduce((sum, k) => sum + k.revenueCents!, 0)).toBe(
      proShare!.revenueCents - proShare!.taxCents,
    );

    const detail = await t
      .http()
      .get(`/api/admin/orders/${order.id}`)
      .set('authorization', admin)
      .expect(200);
    expect(detail.body.margin).toEqual({
      currency: 'USD',
      revenueCents: order.totalCents,
      taxCents: order.taxCents,
      refundsCents: 0,
      refundTaxCents: 0,
      keyCostCents: 2 * KEY_COST,
      marginCents: order.totalCents - order.taxCents - 2 * KEY_COST,
      keysWithoutCost: 1, // the Standard key
      // Keys bought in dollars for an order in dollars: nothing converted.
      keyCostRateDate: null,
      keysWithoutRate: 0,
    });
    const asSupport = await t
      .http()
      .get(`/api/admin/orders/${order.id}`)
      .set('authorization', support)
      .expect(200);
    expect(asSupport.body.margin).toBeNull();
  });

  it('counts a partial and then a full refund on their day, with their tax, which adds up to the order’s', async () => {
    const order = await paidOrder();
    const before = await todayOf();
    await refund(order.id, 1000);
    const partTax = Math.floor((2 * 1000 * order.taxCents + order.totalCents) / (2 * order.totalCents));
    expect(await todayOf()).toMatchObject(plus(before, { refundsCents: 1000, refundTaxCents: partTax }));

    await refund(order.id);
    expect(await todayOf()).toMatchObject(
      plus(before, { refundsCents: order.totalCents, refundTaxCents: order.taxCents }),
    );
    const detail = await t
      .http()
      .get(`/api/admin/orders/${order.id}`)
      .set('authorization', admin)
      .expect(200);
    expect(detail.body.margin).toMatchObject({
      refundsCents: order.totalCents,
      refundTaxCents: order.taxCents,
      marginCents: -KEY_COST,
    });
  });

  it('takes the cost of keys reserved for a held order back when it is rejected, and counts its refund', async () => {
    const before = await todayOf();
    const { orderId, pay } = await checkout();
    const { providerPaymentId } = await orderOf(t, orderId);
    t.stripe.chargeRisk.set(providerPaymentId!, { outcomeType: 'manual_review' });
    await pay();
    const order = await orderOf(t, orderId);
    expect(order.status).toBe('on_hold');
    expect(await todayOf()).toMatchObject(
      plus(before, {
        orders: 1,
        units: 1,
        revenueCents: order.totalCents,
        taxCents: order.taxCents,
        keyCostCents: KEY_COST,
      }),
    );

    await t
      .http()
      .post(`/api/admin/orders/${orderId}/review`)
      .set('authorization', admin)
      .send({ decision: 'reject' })
      .expect(200);
    expect(await t.db.getRepository(LicenseKey).countBy({ orderId })).toBe(0);
    expect(await todayOf()).toMatchObject(
      plus(before, {
        orders: 1,
        units: 1,
        revenueCents: order.totalCents,
        taxCents: order.taxCents,
        refundsCents: order.totalCents,
        refundTaxCents: order.taxCents,
      }),
    );
  });

  it('keeps the roll-up equal to the orders and refunds under 30 concurrent purchases and a refund', async () => {
    const checkouts = [];
    for (let i = 0; i < 30; i++) checkouts.push(await checkout([{ id: PRO_PLUS, quantity: 1 + (i % 2) }]));
    await Promise.all(checkouts.map((c) => c.pay()));
    await refund(checkouts[0]!.orderId, 777);

    const rows = await t.db.getRepository(SalesDay).find();
    const byKey = new Map(rows.map((r) => [`${r.productId}|${r.day}`, r]));
    const expected = new Map<string, Figures>();
    const add = (productId: string, day: string, figures: Partial<Figures>) => {
      const key = `${productId}|${day}`;
      expected.set(key, plusRaw(expected.get(key) ?? ZERO, figures));
    };
    const orders = await t.db.getRepository(Order).find();
    const paid = orders.filter((o) => o.paidAt);
    expect(paid.length).toBeGreaterThanOrEqual(32);
    for (const o of paid) {
      const day = o.paidAt!.toISOString().slice(0, 10);
      const units = o.orderItems.reduce((sum, i) => sum + i.quantity, 0);
      add(ALL_PRODUCTS, day, { orders: 1, units, revenueCents: o.totalCents, taxCents: o.taxCents });
    }
    const refunds = await t.db.getRepository(Refund).findBy({ status: 'succeeded' });
    for (const r of refunds) {
      const o = paid.find((p) => p.id === r.orderId)!;
      const before = refunds
        .filter((x) => x.orderId === r.orderId && x.createdAt < r.createdAt)
        .reduce((sum, x) => sum + x.amountCents, 0);
      const cum = (c: number) => Math.floor((2 * c * o.taxCents + o.totalCents) / (2 * o.totalCents));
      add(ALL_PRODUCTS, r.updatedAt.toISOString().slice(0, 10), {
        refundsCents: r.amountCents,
        refundTaxCents: cum(before + r.amountCents) - cum(before),
      });
    }
    const keys = await t.db.getRepository(LicenseKey).find();
    for (const k of keys.filter((k) => k.orderId)) {
      const o = paid.find((p) => p.id === k.orderId)!;
      add(ALL_PRODUCTS, o.paidAt!.toISOString().slice(0, 10), { keyCostCents: k.costCents ?? 0 });
    }
    for (const [key, figures] of expected)
      expect([key, byKey.get(key)]).toEqual([key, expect.objectContaining(figures)]);
    expect(rows.filter((r) => r.productId === ALL_PRODUCTS)).toHaveLength(expected.size);

    // A store upgrading gets the same history from the backfill its migration queues, which the report
    // and the margins say they are still computing until it is done.
    await t.db.getRepository(SalesDay).clear();
    await t.db
      .getRepository(Backfill)
      .update(
        { name: SALES_DAYS_BACKFILL },
        { state: 'pending', lastId: '', walked: 0, queuedAt: new Date(), finishedAt: null },
      );
    const backfills = t.app.get(Backfills);
    backfills.reload();
    for (const path of ['sales', 'margins']) {
      const answer = await get(path, { from: today, to: today }).expect(200);
      expect(answer.headers['x-backfill-running']).toBe(SALES_DAYS_BACKFILL);
    }
    expect(await backfills.runPending()).toBe(false);
    const sort = (list: SalesDay[]) =>
      [...list].sort((a, b) => `${a.productId}|${a.day}`.localeCompare(`${b.productId}|${b.day}`));
    expect(sort(await t.db.getRepository(SalesDay).find())).toEqual(sort(rows));
    expect((await get('sales', { from: today, to: today }).expect(200)).headers).not.toHaveProperty(
      'x-backfill-running',
    );

    // Each day's products add up to the store's.
    for (const store of rows.filter((r) => r.productId === ALL_PRODUCTS)) {
      const products = rows.filter((r) => r.productId !== ALL_PRODUCTS && r.day === store.day);
      for (const f of FIGURES.filter((f) => f !== 'orders'))
        expect([f, products.reduce((sum, r) => sum + r[f], 0)]).toEqual([f, store[f]]);
    }
  }, 120_000);

  it('groups days into ISO weeks (named by their Monday) and months, every period listed', async () => {
    await t.db.getRepository(SalesDay).insert([
      { productId: ALL_PRODUCTS, day: '2025-03-02', currency: 'USD', orders: 1, revenueCents: 100 }, // a Sunday
      {
        productId: ALL_PRODUCTS,
        day: '2025-03-03',
        currency: 'USD',
        orders: 2,
        revenueCents: 200,
        keyCostCents: 50,
      },
      {
        productId: ALL_PRODUCTS,
        day: '2025-04-30',
        currency: 'USD',
        orders: 4,
        revenueCents: 400,
        refundsCents: 40,
      },
    ]);
    const weeks = await get('sales', { from: '2025-02-26', to: '2025-03-10', interval: 'week' }).expect(200);
    expect(
      weeks.body.map((p: Reported & { period: string }) => [p.period, p.orders, p.grossSalesCents]),
    ).toEqual([
      ['2025-02-24', 1, 100],
      ['2025-03-03', 2, 200],
      ['2025-03-10', 0, 0],
    ]);
    expect(weeks.body[1]).toMatchObject({ keyCostCents: 50, marginCents: 150 });
    const months = await get('sales', { from: '2025-02-15', to: '2025-05-01', interval: 'month' }).expect(
      200,
    );
    expect(
      months.body.map((p: Reported & { period: string }) => [p.period, p.orders, p.refundsCents]),
    ).toEqual([
      ['2025-02-01', 0, 0],
      ['2025-03-01', 3, 0],
      ['2025-04-01', 4, 40],
      ['2025-05-01', 0, 0],
    ]);
    const days = await get('sales', { from: '2025-03-01', to: '2025-03-04' }).expect(200);
    expect(days.body.map((p: { period: string; orders: number }) => p.orders)).toEqual([0, 1, 2, 0]);
  });

  it('answers margins per product and per supplier', async () => {
    const byProduct = await get('margins', { from: today, to: today }).expect(200);
    const pro = converted(byProduct.body.find((r: { key: string }) => r.key === PRO_PLUS));
    const day = await todayOf(PRO_PLUS);
    const paidToday = (await t.db.getRepository(Order).find()).filter(
      (o) => o.paidAt && o.paidAt.toISOString().slice(0, 10) === today,
    );
    const keysToday = (await t.db.getRepository(LicenseKey).find()).filter(
      (k) => k.productId === PRO_PLUS && paidToday.some((o) => o.id === k.orderId),
    );
    expect(pro).toEqual({
      key: PRO_PLUS,
      label: expect.stringContaining('Professional Plus'),
      unitsSold: day.units,
      keysUsed: keysToday.length,
      revenueCents: day.netSalesCents,
      keyCostCents: day.keyCostCents,
      marginCents: day.netSalesCents - day.keyCostCents,
    });
    const bySupplier = await get('margins', { from: today, to: today, groupBy: 'supplier' }).expect(200);
    const sold = (await t.db.getRepository(LicenseKey).find()).filter((k) => k.orderId);
    const row = (keys: LicenseKey[]) => ({
      unitsSold: keys.filter((k) => k.status !== 'faulty').length,
      keysUsed: keys.length,
      revenueCents: keys.reduce((sum, k) => sum + k.revenueCents!, 0),
      keyCostCents: keys.reduce((sum, k) => sum + (k.costCents ?? 0), 0),
      marginCents: keys.reduce((sum, k) => sum + k.revenueCents! - (k.costCents ?? 0), 0),
    });
    const batched = sold.filter((k) => k.batchId);
    expect(batched.length).toBeGreaterThan(30);
    expect(bySupplier.body.map(converted)).toEqual([
      { key: String(supplierId), label: 'Keys Wholesale Ltd', ...row(batched) },
      { key: 'none', label: 'No batch', ...row(sold.filter((k) => !k.batchId)) },
    ]);
    expect(bySupplier.body[0].keyCostCents).toBe(batched.length * KEY_COST);
  });

  it('counts a replaced key as a key used, not a unit sold, and takes its cost off the margin (#34)', async () => {
    const margins = async (groupBy = 'product') =>
      (await get('margins', { from: today, to: today, groupBy }).expect(200)).body as {
        key: string;
        unitsSold: number;
        keysUsed: number;
        revenueCents: number;
        keyCostCents: number;
        marginCents: number;
      }[];
    const proOf = async () => converted((await margins()).find((r) => r.key === PRO_PLUS)!);
    const supplierOf = async () =>
      converted((await margins('supplier')).find((r) => r.key === String(supplierId))!);
    const order = await paidOrder([{ id: PRO_PLUS, quantity: 1 }]);
    const [before, supplierBefore] = [await proOf(), await supplierOf()];
    const [key] = await t.db.getRepository(LicenseKey).findBy({ orderId: order.id });
    await runInTransaction(t.db, (m) => t.app.get(FulfilmentService).replaceKey(m, key!.id));

    const after = await proOf();
    // The order still sold one unit; it used two keys, and both cost.
    expect(after).toEqual({
      ...before,
      keysUsed: before.keysUsed + 1,
      keyCostCents: before.keyCostCents + KEY_COST,
      marginCents: before.marginCents - KEY_COST,
    });
    expect(after.marginCents).toBe(after.revenueCents - after.keyCostCents);
    // The supplier delivered one more key that stands for no more units sold, and earned nothing more.
    expect(await supplierOf()).toEqual({
      ...supplierBefore,
      keysUsed: supplierBefore.keysUsed + 1,
      keyCostCents: supplierBefore.keyCostCents + KEY_COST,
      marginCents: supplierBefore.marginCents - KEY_COST,
    });
  });

  it('refuses bad ranges, unknown products and support staff with a clear answer', async () => {
    const message = async (query: Record<string, string>, path = 'sales') =>
      (await get(path, query).expect(400)).body.message;
    expect(await message({ from: '2026-02-30', to: '2026-03-01' })).toContain(
      'from: 2026-02-30 is not a day',
    );
    expect(await message({ from: '2026-3-1', to: '2026-03-01' })).toBe(
      'from must be a day such as 2026-10-01',
    );
    expect(await message({ to: '2026-03-01' } as Record<string, string>)).toBe(
      'from must be a day such as 2026-10-01',
    );
    expect(await message({ from: '2026-03-02', to: '2026-03-01' })).toBe('to must not be before from');
    expect(await message({ from: '2025-01-01', to: '2026-03-01' })).toBe(
      'The range is longer than 366 days, the most by day',
    );
    await get('sales', { from: '2025-01-01', to: '2026-03-01', interval: 'week' }).expect(200);
    expect(await message({ from: today, to: today, interval: 'year' })).toBe(
      'interval must be one of day, week, month',
    );
    expect(await message({ from: today, to: today, productId: 'office-1999' })).toBe(
      'productId: no product office-1999',
    );
    expect(await message({ from: today, to: today, groupBy: 'batch' }, 'margins')).toBe(
      'groupBy must be one of product, supplier',
    );
    await get('sales', { from: today, to: today }, support).expect(403);
    await get('margins', { from: today, to: today }, support).expect(403);
    await t.http().get('/api/admin/reports/sales').query({ from: today, to: today }).expect(401);
  });
});
