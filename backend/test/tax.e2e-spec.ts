import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { TaxDocument } from '../src/tax/entities/tax-document.entity.js';
import {
  BILLING,
  createIntent,
  PRO_PLUS,
  STANDARD,
  type Intent,
  CONSENTS,
  GERMANY,
  TAX_CART,
} from './support/checkout.js';
import {
  orderOf as stripeOrderOf,
  postWebhook,
  startStripeTestApp,
  type StripeTestApp,
} from './support/stripe-app.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';

const UK = { ...BILLING, country: 'GB', city: 'London', zipCode: 'N1 9GU', phoneCountryCode: '+44' };
const US = { ...BILLING, country: 'US', city: 'Boston', zipCode: '02110', phoneCountryCode: '+1' };
/** An address DB-IP places in Germany. */
const GERMAN_IP = '85.214.132.117';
const FINLAND = { ...BILLING, country: 'FI', city: 'Helsinki', zipCode: '00100', phoneCountryCode: '+358' };

type Priced = Intent & {
  subtotal: number;
  discount: number;
  tax: number;
  taxRate: number;
  taxMode: string;
  total: number;
  totalCents: number;
};

const orderOf = (t: TestApp, id: string) => t.db.getRepository(Order).findOneByOrFail({ id });

describe(`tax by the buyer's country on ${DRIVER}`, () => {
  describe('off (the default): the spec’s totals, to the cent', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.close());

    it('charges no tax anywhere, and says so', async () => {
      for (const billing of [BILLING, GERMANY]) {
        const body = (
          await createIntent(t, {
            cartItems: TAX_CART,
            billing,
            couponCode: 'SAVE10',
            consents: CONSENTS,
          }).expect(201)
        ).body as Priced;
        expect(body).toMatchObject({
          subtotalCents: 32397,
          discountCents: 3240,
          totalCents: 29157,
          subtotal: 32397,
          discount: 3240,
          tax: 0,
          taxRate: 0,
          taxMode: 'off',
          total: 29157,
        });
        expect(await orderOf(t, body.orderId)).toMatchObject({
          taxMode: 'off',
          taxRateBasisPoints: 0,
          taxCountry: null,
          taxCents: 0,
          totalCents: 29157,
        });
      }
    });

    it('tells the storefront that tax is off, so its cart keeps "Taxes and fees $0.00"', async () => {
      const res = await t.http().get('/api/store-config').expect(200);
      expect(res.body.taxMode).toBe('off');
    });

    it('lists no tax rate', async () => {
      const res = await t.http().get('/api/tax-rates').expect(200);
      expect(res.body).toEqual({ taxMode: 'off', rates: [] });
    });
  });

  describe('added to the price (TAX_MODE=exclusive), paid through Stripe', () => {
    let t: StripeTestApp;
    beforeAll(
      async () => (t = await startStripeTestApp(0, { TAX_MODE: 'exclusive', TAX_RATE_OVERRIDES: 'AU=10' })),
    );
    afterAll(() => t.close());

    it('adds the German rate per line after the discount, and Stripe is asked for the total with it', async () => {
      const body = (
        await createIntent(t, {
          cartItems: TAX_CART,
          billing: GERMANY,
          couponCode: 'SAVE10',
          consents: CONSENTS,
        }).expect(201)
      ).body as Priced;
      // The discount shared 810 / 2430; (8098 − 810) × 19 % = 1384.72 → 1385; (24299 − 2430) × 19 % =
      // 4155.11 → 4155.
      expect(body).toMatchObject({ subtotal: 32397, discount: 3240, tax: 5540, taxRate: 19, total: 34697 });
      expect(body.totalCents).toBe(34697);
      const order = await orderOf(t, body.orderId);
      expect(order).toMatchObject({
        taxMode: 'exclusive',
        taxRateBasisPoints: 1900,
        taxCountry: 'DE',
        taxCents: 5540,
        totalCents: 34697,
      });
      expect(order.orderItems.map((item) => item.taxCents)).toEqual([1385, 4155]);
      const intentId = body.clientSecret.split('_secret_')[0]!;
      expect(t.stripe.intents.get(intentId)!.amount).toBe(34697);
    });

    it('charges the UK’s 20 %, Finland’s 25.5 %, an owner’s rate where set, and nothing elsewhere', async () => {
      const one = [{ id: STANDARD, quantity: 1 }];
      const uk = (await createIntent(t, { cartItems: one, billing: UK, consents: CONSENTS }).expect(201))
        .body as Priced;
      expect(uk).toMatchObject({ tax: 810, taxRate: 20, total: 4859 }); // 809.8
      const fi = (await createIntent(t, { cartItems: one, billing: FINLAND, consents: CONSENTS }).expect(201))
        .body as Priced;
      expect(fi).toMatchObject({ tax: 1032, taxRate: 25.5, total: 5081 }); // 1032.495
      const australia = {
        ...BILLING,
        country: 'AU',
        city: 'Sydney',
        zipCode: '2000',
        phoneCountryCode: '+61',
      };
      const au = (await createIntent(t, { cartItems: one, billing: australia }).expect(201)).body as Priced;
      expect(au).toMatchObject({ tax: 405, taxRate: 10, total: 4454 }); // 404.9
      const india = (await createIntent(t, { cartItems: one }).expect(201)).body as Priced;
      expect(india).toMatchObject({ tax: 0, taxRate: 0, total: 4049 });
      expect(await orderOf(t, india.orderId)).toMatchObject({ taxMode: 'exclusive', taxCountry: 'IN' });
    });

    it('publishes the rate a consumer of each checkout country pays, without signing in, cached for an hour (#34)', async () => {
      const res = await t.http().get('/api/tax-rates').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const rates = Object.fromEntries(
        (res.body.rates as { country: string; rate: number }[]).map(({ country, rate }) => [country, rate]),
      );
      expect(res.body.taxMode).toBe('exclusive');
      expect(rates).toMatchObject({ DE: 19, FR: 20, GB: 20, FI: 25.5, AU: 10, HU: 27, LU: 17 });
      // The 27 member states, the UK and the owner's Australia; none where nothing is charged.
      expect(Object.keys(rates)).toHaveLength(29);
      for (const elsewhere of ['US', 'IN', 'CA', 'JP', 'SG', 'UAE'])
        expect(rates).not.toHaveProperty(elsewhere);
    });
  });

  describe('in the price (TAX_MODE=inclusive)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TAX_MODE: 'inclusive' })));
    afterAll(() => t.close());

    it('tells the storefront that tax is on, so its cart says tax is worked out at checkout', async () => {
      const res = await t.http().get('/api/store-config').expect(200);
      expect(res.body.taxMode).toBe('inclusive');
    });

    it('keeps the total the shopper saw and records the tax it holds', async () => {
      const body = (
        await createIntent(t, {
          cartItems: [{ id: STANDARD, quantity: 1 }],
          billing: GERMANY,
          consents: CONSENTS,
        }).expect(201)
      ).body as Priced;
      // 4049 − 4049 / 1.19 (3402.52 → 3403) = 646.
      expect(body).toMatchObject({
        subtotal: 4049,
        tax: 646,
        taxRate: 19,
        taxMode: 'inclusive',
        total: 4049,
      });

      // Paid: the receipt in the delivery e-mail states the tax it held.
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: body.orderId, clientSecret: body.clientSecret })
        .expect(200);
      const mail = await t.db
        .getRepository(OutboxEmail)
        .findOneByOrFail({ orderId: body.orderId, kind: 'order-delivery' });
      expect(t.app.get(OutboxCipher).open(mail.text)).toMatch(
        /Subtotal: \$40\.49\s+VAT DE 19% \(included\): \$6\.46\s+Total paid: \$40\.49/,
      );
    });
  });

  describe('the evidence of where the buyer is (billing, card, checkout address)', () => {
    let t: StripeTestApp;
    let admin: string;
    // The fraud rule that compares countries is off: what holds the orders here is the tax evidence alone.
    beforeAll(async () => {
      t = await startStripeTestApp(10, { TAX_MODE: 'inclusive', HOLD_COUNTRY_MISMATCH: 'false' });
      admin = await signIn(t, 'admin', 'tax-reviewer');
    });
    afterAll(() => t.close());

    /** A German buyer's card payment of one Professional Plus, from `ip`, with a card of `cardCountry`. */
    async function pay(cardCountry: string, ip?: string) {
      const intent = (
        await createIntent(
          t,
          { cartItems: [{ id: PRO_PLUS, quantity: 1 }], billing: GERMANY, consents: CONSENTS },
          ip ? { 'x-forwarded-for': ip } : {},
        ).expect(201)
      ).body as Priced;
      const { providerPaymentId } = await stripeOrderOf(t, intent.orderId);
      t.stripe.chargeRisk.set(providerPaymentId!, { cardCountry });
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(providerPaymentId!)),
      ).expect(200);
      return orderOf(t, intent.orderId);
    }

    it('delivers when two countries agree, whatever the third says', async () => {
      // Billed in Germany, a German card, an address in the UK: two agree.
      const order = await pay('DE', '81.2.69.160');
      expect(order).toMatchObject({
        status: 'fulfilled',
        billingCountry: 'DE',
        cardCountry: 'DE',
        checkoutIpCountry: 'GB',
        taxCountry: 'DE',
        taxRateBasisPoints: 1900,
        holdReasons: null,
      });
    });

    it('holds the order for review when no two agree, taxed at the billing rate until staff decide', async () => {
      for (const ip of [undefined, '81.2.69.160']) {
        // A French card for a German billing address (and a UK address, or a private one: unknown).
        const order = await pay('FR', ip);
        expect(order).toMatchObject({
          status: 'on_hold',
          paymentStatus: 'completed',
          holdReasons: ['tax-evidence'],
          taxCountry: 'DE',
          taxRateBasisPoints: 1900,
        });
        const detail = await t
          .http()
          .get(`/api/admin/orders/${order.id}`)
          .set('authorization', admin)
          .expect(200);
        expect(detail.body).toMatchObject({
          holdReasons: ['tax-evidence'],
          evidence: { billingCountry: 'DE', cardCountry: 'FR', checkoutIpCountry: ip ? 'GB' : null },
        });
      }
    });

    it('lets staff decide the tax country: the VAT in the amount paid is figured again and the invoice replaced', async () => {
      const held = await pay('FR');
      const review = (body: object) =>
        t.http().post(`/api/admin/orders/${held.id}/review`).set('authorization', admin).send(body);
      // Only a country the evidence gives, and only with an approval.
      expect((await review({ decision: 'approve', taxCountry: 'GB' }).expect(400)).body.message).toContain(
        "taxCountry must be one of the countries the order's evidence gives: DE, FR",
      );
      await review({ decision: 'reject', taxCountry: 'FR' }).expect(400);
      await review({ decision: 'approve', taxCountry: 'france' }).expect(400);
      expect(await orderOf(t, held.id)).toMatchObject({ status: 'on_hold', taxCountry: 'DE' });

      await review({ decision: 'approve', taxCountry: 'fr' }).expect(200);
      // 5399 paid, VAT included: at 20 % 5399 − 5399 / 1.2 (4499.17 → 4499) = 900; it was 862 at 19 %.
      const order = await orderOf(t, held.id);
      expect(order).toMatchObject({
        status: 'fulfilled',
        totalCents: 5399,
        taxCountry: 'FR',
        taxRateBasisPoints: 2000,
        taxCents: 900,
      });
      expect(order.orderItems.map((item) => item.taxCents)).toEqual([900]);
      const documents = await t.db
        .getRepository(TaxDocument)
        .find({ where: { orderId: held.id }, order: { issuedAt: 'ASC', sequence: 'ASC' } });
      expect(documents.map((d) => [d.kind, d.taxCountry, d.taxCents, d.totalCents])).toEqual([
        ['invoice', 'DE', 862, 5399],
        ['credit-note', 'DE', 862, 5399],
        ['invoice', 'FR', 900, 5399],
      ]);
      expect(documents[1]!.invoiceId).toBe(documents[0]!.id);
      const detail = await t
        .http()
        .get(`/api/admin/orders/${held.id}`)
        .set('authorization', admin)
        .expect(200);
      expect(detail.body).toMatchObject({
        invoiceNumber: documents[2]!.number,
        creditNotes: [{ number: documents[1]!.number }],
        taxCountry: 'FR',
        taxRate: 20,
      });
      // The same decision again changes nothing.
      await review({ decision: 'approve', taxCountry: 'FR' }).expect(200);
      expect(await t.db.getRepository(TaxDocument).countBy({ orderId: held.id })).toBe(3);
    });
  });

  describe('two pieces of evidence agreeing on another country than the billing one (#32)', () => {
    /** A US-billed buyer pays one Professional Plus with a German card from a German address. */
    async function payFromGermany(t: StripeTestApp) {
      const intent = (
        await createIntent(
          t,
          { cartItems: [{ id: PRO_PLUS, quantity: 1 }], billing: US, consents: CONSENTS },
          { 'x-forwarded-for': GERMAN_IP },
        ).expect(201)
      ).body as Priced;
      const { providerPaymentId } = await stripeOrderOf(t, intent.orderId);
      t.stripe.chargeRisk.set(providerPaymentId!, { cardCountry: 'DE' });
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(providerPaymentId!)),
      ).expect(200);
      return orderOf(t, intent.orderId);
    }

    const detailOf = async (t: TestApp, admin: string, id: string) =>
      (await t.http().get(`/api/admin/orders/${id}`).set('authorization', admin).expect(200)).body as {
        holdReasons: string[];
        evidence: object;
        taxCountry: string;
        taxRate: number;
      };

    describe('VAT included in the prices', () => {
      let t: StripeTestApp;
      let admin: string;
      beforeAll(async () => {
        t = await startStripeTestApp(10, { TAX_MODE: 'inclusive', HOLD_COUNTRY_MISMATCH: 'false' });
        admin = await signIn(t, 'admin', 'evidence-reviewer');
      });
      afterAll(() => t.close());

      it('holds the order for its tax evidence, shows what decided it, and staff tax it in Germany', async () => {
        const held = await payFromGermany(t);
        expect(held).toMatchObject({
          status: 'on_hold',
          paymentStatus: 'completed',
          holdReasons: ['tax-evidence'],
          billingCountry: 'US',
          cardCountry: 'DE',
          checkoutIpCountry: 'DE',
          taxCountry: 'US',
          taxCents: 0,
          totalCents: 5399,
        });
        expect(await detailOf(t, admin, held.id)).toMatchObject({
          holdReasons: ['tax-evidence'],
          evidence: {
            billingCountry: 'US',
            cardCountry: 'DE',
            checkoutIpCountry: 'DE',
            agreedCountry: 'DE',
            agreeing: ['card', 'checkoutAddress'],
          },
        });
        await t
          .http()
          .post(`/api/admin/orders/${held.id}/review`)
          .set('authorization', admin)
          .send({ decision: 'approve', taxCountry: 'DE' })
          .expect(200);
        // The price stays; the 19 % it holds: 5399 − 5399 / 1.19 (4537.0 → 4537) = 862.
        expect(await orderOf(t, held.id)).toMatchObject({
          status: 'fulfilled',
          totalCents: 5399,
          taxCountry: 'DE',
          taxRateBasisPoints: 1900,
          taxCents: 862,
        });
        const documents = await t.db
          .getRepository(TaxDocument)
          .find({ where: { orderId: held.id }, order: { issuedAt: 'ASC', sequence: 'ASC' } });
        expect(documents.map((d) => [d.kind, d.taxCountry, d.taxCents, d.totalCents])).toEqual([
          ['invoice', 'US', 0, 5399],
          ['credit-note', 'US', 0, 5399],
          ['invoice', 'DE', 862, 5399],
        ]);
      });
    });

    describe('VAT added to the prices', () => {
      let t: StripeTestApp;
      let admin: string;
      beforeAll(async () => {
        t = await startStripeTestApp(10, { TAX_MODE: 'exclusive' });
        admin = await signIn(t, 'admin', 'evidence-reviewer');
      });
      afterAll(() => t.close());

      it('holds it for its tax evidence as well as the countries; Germany’s rate is offered as a refund and a new order', async () => {
        const held = await payFromGermany(t);
        expect(held).toMatchObject({ status: 'on_hold', taxCountry: 'US', taxCents: 0, totalCents: 5399 });
        expect(held.holdReasons).toEqual(expect.arrayContaining(['country-mismatch', 'tax-evidence']));
        const review = (body: object) =>
          t.http().post(`/api/admin/orders/${held.id}/review`).set('authorization', admin).send(body);
        // At 19 % on top the buyer would owe 5399 + 1025.81 (→ 1026): never taken from them silently.
        const refused = await review({ decision: 'approve', taxCountry: 'DE' }).expect(409);
        expect(refused.body).toMatchObject({
          statusCode: 409,
          refundAndReorder: true,
          taxCountry: 'DE',
          paidCents: 5399,
          owedCents: 6425,
          message:
            "VAT was added to this order: at DE's rate (19%) the buyer would owe $10.26 more than was paid. " +
            'Refund the order (reject) and ask the buyer to order again.',
        });
        expect(await orderOf(t, held.id)).toMatchObject({ status: 'on_hold', taxCountry: 'US', taxCents: 0 });
        expect(await t.db.getRepository(TaxDocument).countBy({ orderId: held.id })).toBe(1);
        // The offer taken: refunded in full, the invoice credited.
        const rejected = await review({ decision: 'reject' }).expect(200);
        expect(rejected.body).toMatchObject({ status: 'cancelled', refund: { status: expect.any(String) } });
      });
    });

    describe('tax off', () => {
      let t: StripeTestApp;
      beforeAll(async () => (t = await startStripeTestApp(10, { HOLD_COUNTRY_MISMATCH: 'false' })));
      afterAll(() => t.close());

      it('holds nothing for tax', async () => {
        expect(await payFromGermany(t)).toMatchObject({ status: 'fulfilled', holdReasons: null });
      });
    });
  });
});
