import type { EntitySubscriberInterface } from 'typeorm';
import { runInTransaction } from '../src/database/transactions.js';
import { OutboxCipher } from '../src/emails/outbox-cipher.js';
import { ACCESS_LINK_REQUEST_KIND } from '../src/account/account.service.js';
import { OutboxEmail } from '../src/emails/entities/outbox-email.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { Refund } from '../src/payments/entities/refund.entity.js';
import { ExchangeRate } from '../src/tax/entities/exchange-rate.entity.js';
import { TaxDocument, TaxDocumentSeries } from '../src/tax/entities/tax-document.entity.js';
import { addDays, toEuroCents } from '../src/tax/returns/quarters.js';
import { allocateNumber } from '../src/tax/invoices/document-numbers.js';
import { InvoicesService, NO_INVOICE_YET } from '../src/tax/invoices/invoices.service.js';
import { creditNoteTax } from '../src/tax/tax-math.js';
import {
  BILLING,
  createIntent,
  PRO_PLUS,
  shopperAddress,
  STANDARD,
  type Intent,
  CONSENTS,
  GERMANY,
  TAX_CART,
} from './support/checkout.js';
import { binary, pdfText } from './support/pdf.js';
import { signIn } from './support/staff.js';
import {
  orderOf,
  postWebhook,
  startStripeTestApp,
  stripeCheckout,
  type StripeTestApp,
} from './support/stripe-app.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { ViesStandIn } from './support/vies-stand-in.js';

const SELLER = {
  SELLER_NAME: 'Licence Store Ltd',
  SELLER_ADDRESS: '1 Harbour Road\\nDublin D02 XY45',
  SELLER_COUNTRY: 'IE',
  SELLER_VAT_NUMBER: 'IE6388047V',
};
const YEAR = new Date().getUTCFullYear();
const FULL_REFUND = { reason: 'Customer asked', revokeKeys: true, notifyCustomer: true };

const documentsOf = (t: TestApp, orderId: string) =>
  t.db.getRepository(TaxDocument).find({ where: { orderId }, order: { issuedAt: 'ASC', sequence: 'ASC' } });
const invoiceOf = (t: TestApp, orderId: string) =>
  t.db.getRepository(TaxDocument).findOneByOrFail({ orderId, kind: 'invoice' });
const creditNotesOf = async (t: TestApp, orderId: string) =>
  (await documentsOf(t, orderId)).filter((d) => d.kind === 'credit-note');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** GET a PDF route: the answer, its body as bytes. */
const getPdf = (t: TestApp, path: string, authorization?: string) => {
  const req = t.http().get(path);
  if (authorization) req.set('authorization', authorization);
  return req.buffer(true).parse(binary);
};

/** A sign-in link to the customer's licence page, asked for as a customer does, read from the outbox. */
async function customerToken(t: TestApp, email: string): Promise<string> {
  await t
    .http()
    .post('/api/account/link')
    .set('x-forwarded-for', shopperAddress())
    .send({ email })
    .expect(202);
  const mails = await t.db
    .getRepository(OutboxEmail)
    .find({ where: { to: email.toLowerCase(), kind: ACCESS_LINK_REQUEST_KIND }, order: { id: 'DESC' } });
  const text = t.app.get(OutboxCipher).open(mails[0]!.text);
  return `Bearer ${decodeURIComponent(/\/account\?token=(\S+)/.exec(text)![1]!)}`;
}

/** Every invoice's sequence in this year's series, in order: gapless means 1..n. */
const invoiceSequences = async (t: TestApp) =>
  (
    await t.db.getRepository(TaxDocument).find({
      select: { sequence: true },
      where: { kind: 'invoice', year: YEAR },
      order: { sequence: 'ASC' },
    })
  ).map((d) => d.sequence);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Invoices and credit notes (issue #20, section 5). */
describe(`invoices and credit notes on ${DRIVER}`, () => {
  describe('VAT added (TAX_MODE=exclusive), paid through Stripe', () => {
    let t: StripeTestApp;
    let admin: string;
    let support: string;

    beforeAll(async () => {
      t = await startStripeTestApp(40, { TAX_MODE: 'exclusive', ...SELLER });
      admin = await signIn(t, 'admin', 'invoicer');
      support = await signIn(t, 'support');
    });
    afterAll(() => t.close());

    const detail = async (orderId: string) =>
      (await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200)).body;
    const refund = (orderId: string, body: object) =>
      t
        .http()
        .post(`/api/admin/orders/${orderId}/refunds`)
        .set('authorization', admin)
        .send(body)
        .expect(201);

    async function paidOrder(body: Record<string, unknown> = {}) {
      const { intent, paymentIntentId } = await stripeCheckout(t, {
        cartItems: [{ id: PRO_PLUS, quantity: 1 }],
        billing: GERMANY,
        consents: CONSENTS,
        ...body,
      });
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
      ).expect(200);
      return { orderId: intent.orderId, paymentIntentId, order: await orderOf(t, intent.orderId) };
    }

    it('issues none before the payment, then the first of the year with the order’s amounts, linked from the delivery e-mail', async () => {
      const email = 'first.buyer@example.com';
      const { intent, paymentIntentId } = await stripeCheckout(t, {
        cartItems: TAX_CART,
        billing: { ...GERMANY, email, firstName: 'Greta', lastName: 'Invoiced' },
        couponCode: 'SAVE10',
        consents: CONSENTS,
      });
      const orderId = intent.orderId;
      const customer = await customerToken(t, email);

      // Unpaid: no invoice, and its PDF is a 404 that says why, for staff and for the customer.
      expect(await documentsOf(t, orderId)).toEqual([]);
      expect(await detail(orderId)).toMatchObject({ invoiceNumber: null, creditNotes: [] });
      for (const [path, auth] of [
        [`/api/admin/orders/${orderId}/invoice.pdf`, admin],
        [`/api/account/orders/${orderId}/invoice.pdf`, customer],
      ] as const) {
        const none = await t.http().get(path).set('authorization', auth).expect(404);
        expect(none.body).toMatchObject({ statusCode: 404, message: NO_INVOICE_YET });
      }

      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
      ).expect(200);
      const order = await orderOf(t, orderId);
      expect(order).toMatchObject({ paymentStatus: 'completed', taxCents: 5540, totalCents: 34697 });

      const [invoice, ...more] = await documentsOf(t, orderId);
      expect(more).toEqual([]);
      expect(invoice).toMatchObject({
        kind: 'invoice',
        number: `${YEAR}-000001`,
        year: YEAR,
        sequence: 1,
        invoiceId: null,
        refundId: null,
        currency: 'USD',
        taxMode: 'exclusive',
        taxCountry: 'DE',
        taxRateBasisPoints: 1900,
        reverseCharge: false,
        netCents: 34697 - 5540,
        taxCents: 5540,
        totalCents: 34697,
      });
      // Each line after its share of the $32.40 off (810 and 2430), with the tax the checkout stored for it.
      expect(invoice!.details.lines).toEqual([
        {
          description: 'Office 2024 Standard',
          quantity: 2,
          unitPriceCents: 4049,
          netCents: 8098 - 810,
          taxCents: 1385,
          totalCents: 8098 - 810 + 1385,
        },
        {
          description: 'Office 2024 Home & Business',
          quantity: 1,
          unitPriceCents: 24299,
          netCents: 24299 - 2430,
          taxCents: 4155,
          totalCents: 24299 - 2430 + 4155,
        },
      ]);
      expect(invoice!.details.lines.map((l) => l.taxCents)).toEqual(order.orderItems.map((i) => i.taxCents));
      expect(sum(invoice!.details.lines.map((l) => l.totalCents))).toBe(order.totalCents);
      expect(sum(invoice!.details.lines.map((l) => l.taxCents))).toBe(order.taxCents);
      expect(sum(invoice!.details.lines.map((l) => l.netCents))).toBe(invoice!.netCents);
      expect(invoice!.details).toMatchObject({
        seller: {
          name: 'Licence Store Ltd',
          address: '1 Harbour Road\nDublin D02 XY45',
          country: 'IE',
          vatNumber: 'IE6388047V',
        },
        buyer: {
          name: 'Greta Invoiced',
          company: null,
          address: GERMANY.address,
          city: 'Berlin',
          zipCode: '10115',
          country: 'DE',
          email,
          vatNumber: null,
        },
        discountCents: 3240,
        notes: ['VAT at 19% (DE) is added to the prices.'],
      });

      // The delivery e-mail says where it is.
      const mail = await t.db.getRepository(OutboxEmail).findOneByOrFail({ orderId, kind: 'order-delivery' });
      expect(t.app.get(OutboxCipher).open(mail.text)).toContain(
        `Invoice ${YEAR}-000001 is on your licence page: ${t.config.publicUrl}/login`,
      );

      // The back office and the licence page name it.
      expect(await detail(orderId)).toMatchObject({ invoiceNumber: `${YEAR}-000001`, creditNotes: [] });
      const [listed] = (await t.http().get('/api/account/orders').set('authorization', customer).expect(200))
        .body;
      expect(listed).toMatchObject({ id: orderId, invoiceNumber: `${YEAR}-000001`, creditNotes: [] });

      // Its PDF, for staff (both roles) and for its customer: the same file.
      const pdfs = [];
      for (const [path, auth] of [
        [`/api/admin/orders/${orderId}/invoice.pdf`, admin],
        [`/api/admin/orders/${orderId}/invoice.pdf`, support],
        [`/api/account/orders/${orderId}/invoice.pdf`, customer],
      ] as const) {
        const res = await getPdf(t, path, auth).expect(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${YEAR}-000001.pdf"`);
        pdfs.push(res.body as Buffer);
      }
      expect(pdfs[1]!.equals(pdfs[0]!)).toBe(true);
      expect(pdfs[2]!.equals(pdfs[0]!)).toBe(true);
      expect(pdfs[0]!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdfs[0]!);
      for (const fact of [
        'Invoice',
        `${YEAR}-000001`,
        'Greta Invoiced',
        email,
        'Licence Store Ltd',
        'Dublin D02 XY45',
        'VAT number: IE6388047V',
        'Office 2024 Standard',
        // The net unit price: the line's net after its share of the discount, over its 2 units (#34).
        'Unit price (net)',
        '$36.44',
        '$72.88',
        'VAT 19% (DE)',
        '$55.40',
        '$346.97',
        'Discount (already taken off the lines)',
        'VAT at 19% (DE) is added to the prices.',
      ])
        expect(text).toContain(fact);
    });

    it('serves an order’s PDF to its customer and its staff only', async () => {
      const { orderId } = await paidOrder({ billing: { ...GERMANY, email: 'owner@example.com' } });
      await paidOrder({ billing: { ...GERMANY, email: 'someone.else@example.com' } });
      const stranger = await customerToken(t, 'someone.else@example.com');
      const path = `/api/account/orders/${orderId}/invoice.pdf`;
      const foreign = await t.http().get(path).set('authorization', stranger).expect(404);
      expect(foreign.body.message).toBe('No such order among your orders');
      await t.http().get(path).expect(401);
      await t.http().get(path).set('authorization', 'Bearer forged').expect(401);
      // A staff token is not a customer's, nor the other way round.
      await t.http().get(path).set('authorization', admin).expect(401);
      await t
        .http()
        .get(`/api/admin/orders/${orderId}/invoice.pdf`)
        .set('authorization', stranger)
        .expect(401);
      await t.http().get(`/api/admin/orders/${orderId}/invoice.pdf`).expect(401);
      await t.http().get(`/api/admin/orders/not-an-id/invoice.pdf`).set('authorization', admin).expect(404);
      const unknown = '00000000-0000-4000-8000-000000000000';
      await t.http().get(`/api/admin/orders/${unknown}/invoice.pdf`).set('authorization', admin).expect(404);
      await t
        .http()
        .get(`/api/account/orders/${unknown}/invoice.pdf`)
        .set('authorization', stranger)
        .expect(404);
      const missing = await t
        .http()
        .get(`/api/admin/orders/${orderId}/credit-notes/${unknown}.pdf`)
        .set('authorization', admin)
        .expect(404);
      expect(missing.body.message).toBe(`Credit note ${unknown} of order ${orderId} not found`);
    });

    it('gives a paid order held for a refund its invoice too', async () => {
      const { intent, paymentIntentId } = await stripeCheckout(t, {
        cartItems: [{ id: PRO_PLUS, quantity: 1 }],
        billing: GERMANY,
        consents: CONSENTS,
      });
      await t
        .http()
        .put(`/api/admin/orders/${intent.orderId}`)
        .set('authorization', admin)
        .send({ status: 'cancelled' })
        .expect(200);
      // The card was charged meanwhile: the payment is recorded, the order not delivered.
      await postWebhook(
        t,
        t.stripe.event('payment_intent.succeeded', t.stripe.succeeded(paymentIntentId)),
      ).expect(200);
      const order = await orderOf(t, intent.orderId);
      expect(order).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'completed',
        refundDue: 'order-cancelled',
      });
      expect(await invoiceOf(t, intent.orderId)).toMatchObject({
        totalCents: order.totalCents,
        taxCents: order.taxCents,
      });
    });

    it('credits a refund with a credit note against the invoice, with its PDF', async () => {
      const { orderId, order } = await paidOrder({ billing: { ...GERMANY, email: 'refunded@example.com' } });
      const invoice = await invoiceOf(t, orderId);
      const res = await refund(orderId, { ...FULL_REFUND, amountCents: 2000, revokeKeys: false });
      expect(res.body.status).toBe('succeeded');

      const [note, ...more] = await creditNotesOf(t, orderId);
      expect(more).toEqual([]);
      const taxCents = creditNoteTax(2000, order.totalCents, order.taxCents);
      expect(note).toMatchObject({
        kind: 'credit-note',
        number: `CN-${YEAR}-000001`,
        year: YEAR,
        sequence: 1,
        orderId,
        invoiceId: invoice.id,
        refundId: res.body.id,
        taxMode: 'exclusive',
        taxCountry: 'DE',
        taxRateBasisPoints: 1900,
        totalCents: 2000,
        taxCents,
        netCents: 2000 - taxCents,
      });
      expect(note!.details.lines).toEqual([
        {
          description: `Credit against invoice ${invoice.number}`,
          quantity: 1,
          unitPriceCents: 2000 - taxCents,
          netCents: 2000 - taxCents,
          taxCents,
          totalCents: 2000,
        },
      ]);
      expect(note!.details.notes[0]).toBe(
        `Corrects invoice ${invoice.number} of ${invoice.issuedAt.toISOString().slice(0, 10)}: $20.00 credited.`,
      );
      expect(note!.details.buyer).toEqual(invoice.details.buyer);

      const body = await detail(orderId);
      expect(body.invoiceNumber).toBe(invoice.number);
      expect(body.creditNotes).toEqual([
        {
          id: note!.id,
          number: `CN-${YEAR}-000001`,
          issuedAt: note!.issuedAt.toISOString(),
          totalCents: 2000,
          taxCents,
          refundId: res.body.id,
        },
      ]);
      const customer = await customerToken(t, 'refunded@example.com');
      const [listed] = (await t.http().get('/api/account/orders').set('authorization', customer).expect(200))
        .body;
      expect(listed.creditNotes).toEqual([
        {
          id: note!.id,
          number: `CN-${YEAR}-000001`,
          issuedAt: note!.issuedAt.toISOString(),
          totalCents: 2000,
        },
      ]);

      const paths = [
        [`/api/admin/orders/${orderId}/credit-notes/${note!.id}.pdf`, support],
        [`/api/account/orders/${orderId}/credit-notes/${note!.id}.pdf`, customer],
      ] as const;
      for (const [path, auth] of paths) {
        const pdf = await getPdf(t, path, auth).expect(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.headers['content-disposition']).toBe(
          `attachment; filename="credit-note-CN-${YEAR}-000001.pdf"`,
        );
        const text = pdfText(pdf.body as Buffer);
        for (const fact of [
          'Credit note',
          `CN-${YEAR}-000001`,
          'Corrects invoice:',
          `${invoice.number} of ${invoice.issuedAt.toISOString().slice(0, 10)}`,
          'Credited to',
          'Total credited',
          '$20.00',
          'VAT 19% (DE)',
        ])
          expect(text).toContain(fact);
      }
      // Another order's credit note is not this order's.
      const other = await paidOrder();
      await t
        .http()
        .get(`/api/admin/orders/${other.orderId}/credit-notes/${note!.id}.pdf`)
        .set('authorization', admin)
        .expect(404);
      await t.http().get(paths[1][0]).expect(401);
    });

    it('credits exactly the invoice’s tax over two partial refunds and the rest', async () => {
      const { orderId, order } = await paidOrder({ cartItems: [{ id: PRO_PLUS, quantity: 3 }] });
      const invoice = await invoiceOf(t, orderId);
      await refund(orderId, { ...FULL_REFUND, revokeKeys: false, amountCents: 1001 });
      await refund(orderId, { ...FULL_REFUND, revokeKeys: false, amountCents: 3333 });
      await refund(orderId, { ...FULL_REFUND, revokeKeys: false });
      expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });

      const notes = await creditNotesOf(t, orderId);
      expect(notes.map((n) => n.totalCents)).toEqual([1001, 3333, order.totalCents - 4334]);
      expect(sum(notes.map((n) => n.totalCents))).toBe(invoice.totalCents);
      expect(sum(notes.map((n) => n.taxCents))).toBe(invoice.taxCents);
      expect(sum(notes.map((n) => n.netCents))).toBe(invoice.netCents);
      // Consecutive numbers in the credit notes' own series.
      const [first] = notes;
      expect(notes.map((n) => n.sequence)).toEqual([
        first!.sequence,
        first!.sequence + 1,
        first!.sequence + 2,
      ]);
      expect(notes.every((n) => n.invoiceId === invoice.id)).toBe(true);
      // Each one the share of the tax left: the first two rounded half up, the last whatever remained.
      expect(notes[0]!.taxCents).toBe(creditNoteTax(1001, order.totalCents, order.taxCents));
      expect(notes[1]!.taxCents).toBe(
        creditNoteTax(3333, order.totalCents - 1001, order.taxCents - notes[0]!.taxCents),
      );
    });

    it('issues one credit note per refund, however often its webhooks come', async () => {
      const { orderId, paymentIntentId, order } = await paidOrder();
      const made = t.stripe.dashboardRefund(paymentIntentId, 1500);
      const refunded = t.stripe.event('charge.refunded', t.stripe.charge(paymentIntentId));
      await postWebhook(t, refunded).expect(200);
      await postWebhook(t, refunded).expect(200);
      await postWebhook(t, t.stripe.event('charge.refunded', t.stripe.charge(paymentIntentId))).expect(200);
      await postWebhook(t, t.stripe.event('refund.updated', made)).expect(200);
      const [row] = await t.db.getRepository(Refund).findBy({ orderId });
      expect(row).toMatchObject({ providerRefundId: made.id, status: 'succeeded', amountCents: 1500 });

      // The same refund credited again by the service itself: nothing more (its unique index backs this).
      const again = await runInTransaction(t.db, async (m) =>
        t.app
          .get(InvoicesService)
          .issueCreditNote(m, { id: orderId }, { refundId: row!.id, reason: 'again' }),
      );
      expect(again).toBeNull();
      const notes = await creditNotesOf(t, orderId);
      expect(notes.map((n) => [n.refundId, n.totalCents])).toEqual([[row!.id, 1500]]);
      expect(notes[0]!.taxCents).toBe(creditNoteTax(1500, order.totalCents, order.taxCents));
    });

    it('credits what is left when a dispute is lost', async () => {
      const { orderId, paymentIntentId, order } = await paidOrder();
      await refund(orderId, { ...FULL_REFUND, revokeKeys: false, amountCents: 1000 });
      const dispute = t.stripe.dispute(paymentIntentId, order.totalCents - 1000);
      await postWebhook(t, t.stripe.event('charge.dispute.created', dispute)).expect(200);
      expect(await creditNotesOf(t, orderId)).toHaveLength(1);
      await postWebhook(t, t.stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' })).expect(
        200,
      );
      // A replay of the outcome changes nothing.
      await postWebhook(t, t.stripe.event('charge.dispute.closed', { ...dispute, status: 'lost' })).expect(
        200,
      );
      expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });

      const invoice = await invoiceOf(t, orderId);
      const notes = await creditNotesOf(t, orderId);
      expect(notes.map((n) => [n.refundId === null, n.totalCents])).toEqual([
        [false, 1000],
        [true, order.totalCents - 1000],
      ]);
      expect(sum(notes.map((n) => n.taxCents))).toBe(invoice.taxCents);
      expect(notes[1]!.details.notes).toContain(
        `Dispute ${dispute.id} lost: the payment went back to the cardholder.`,
      );
    });

    it('keeps an issued invoice, and its PDF, as they were when the order changes', async () => {
      const { orderId } = await paidOrder({ billing: { ...GERMANY, email: 'frozen@example.com' } });
      const path = `/api/admin/orders/${orderId}/invoice.pdf`;
      const before = await invoiceOf(t, orderId);
      const pdf = (await getPdf(t, path, admin).expect(200)).body as Buffer;

      // The back office cannot edit billing: the database is changed under it.
      const order = await orderOf(t, orderId);
      await t.db.getRepository(Order).update(orderId, {
        customerName: 'Someone Else',
        billingAddress: '99 Other Street',
        billingCountry: 'FR',
        totalCents: order.totalCents + 100,
        taxCents: order.taxCents + 100,
        orderItems: order.orderItems.map((item) => ({ ...item, name: 'Renamed', unitPriceCents: 1 })),
      });
      await t
        .http()
        .put(`/api/admin/orders/${orderId}`)
        .set('authorization', admin)
        .send({ paymentStatus: 'failed' })
        .expect(409);

      expect(await invoiceOf(t, orderId)).toEqual(before);
      const after = (await getPdf(t, path, admin).expect(200)).body as Buffer;
      expect(after.equals(pdf)).toBe(true);
      expect(pdfText(after)).not.toContain('Someone Else');
    });

    it('states an EU VAT line in euros too, at the ECB rate on file, kept so a reprint is the same (#34)', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const rates = t.db.getRepository(ExchangeRate);
      // The latest rate on or before the invoice's day is used: not an older one, not a later one.
      await rates.save([
        { currency: 'USD', date: addDays(today, -6), unitsPerEuro: 1_050_000, source: 'staff' as const },
        { currency: 'USD', date: addDays(today, -1), unitsPerEuro: 1_082_300, source: 'staff' as const },
        { currency: 'GBP', date: addDays(today, -1), unitsPerEuro: 873_300, source: 'staff' as const },
        { currency: 'USD', date: addDays(today, 1), unitsPerEuro: 1_200_000, source: 'staff' as const },
      ]);
      const { orderId } = await paidOrder({ billing: { ...GERMANY, email: 'euro.vat@example.com' } });
      const { orderId: american } = await paidOrder({ billing: { ...BILLING, email: 'us.vat@example.com' } });
      const invoice = await invoiceOf(t, orderId);
      const euroCents = Number(toEuroCents(BigInt(invoice.taxCents), 1_082_300, 'USD'));
      expect(invoice.details.taxInTaxCurrency).toEqual({
        currency: 'EUR',
        taxCents: euroCents,
        rateDate: addDays(today, -1),
        unitsPerEuro: 1_082_300,
      });
      // No VAT charged in the EU, nothing to state in euros.
      expect((await invoiceOf(t, american)).details.taxInTaxCurrency).toBeUndefined();

      const path = `/api/admin/orders/${orderId}/invoice.pdf`;
      const pdf = (await getPdf(t, path, admin).expect(200)).body as Buffer;
      const text = pdfText(pdf);
      const euros = `€${Math.floor(euroCents / 100)}.${String(euroCents % 100).padStart(2, '0')}`;
      for (const fact of [
        'VAT in EUR',
        euros,
        `Converted at the ECB reference rate of ${addDays(today, -1)}: 1 EUR = 1.0823 USD.`,
      ])
        expect(text).toContain(fact);

      // The rates change or go: the invoice prints as it did.
      await rates.clear();
      expect((await getPdf(t, path, admin).expect(200)).body.equals(pdf)).toBe(true);

      // A refund's credit note states the VAT it takes back in euros, at its invoice's rate.
      await refund(orderId, FULL_REFUND);
      const [note] = await creditNotesOf(t, orderId);
      expect(note!.details.taxInTaxCurrency).toEqual({
        currency: 'EUR',
        taxCents: Number(toEuroCents(BigInt(note!.taxCents), 1_082_300, 'USD')),
        rateDate: addDays(today, -1),
        unitsPerEuro: 1_082_300,
      });
    });

    it('gives a number taken by a transaction rolled back to the next invoice: the series has no gap', async () => {
      const taken = await invoiceSequences(t);
      expect(taken).toEqual(oneTo(taken.length));
      const next = taken.length + 1;
      const nextYear = new Date(Date.UTC(YEAR + 1, 0, 1));
      await expect(
        runInTransaction(t.db, async (m) => {
          expect(await allocateNumber(m, 'invoice', new Date())).toMatchObject({
            sequence: next,
            number: `${YEAR}-${String(next).padStart(6, '0')}`,
          });
          // Each year has its series, each kind its own.
          expect(await allocateNumber(m, 'invoice', nextYear)).toEqual({
            year: YEAR + 1,
            sequence: 1,
            number: `${YEAR + 1}-000001`,
          });
          expect(await allocateNumber(m, 'credit-note', nextYear)).toMatchObject({
            number: `CN-${YEAR + 1}-000001`,
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await t.db.getRepository(TaxDocumentSeries).countBy({ series: `invoice-${YEAR + 1}` })).toBe(0);
      const { orderId } = await paidOrder();
      expect(await invoiceOf(t, orderId)).toMatchObject({ sequence: next });
      expect(await invoiceSequences(t)).toEqual(oneTo(next));
      expect(
        await t.db.getRepository(TaxDocumentSeries).findOneByOrFail({ series: `invoice-${YEAR}` }),
      ).toEqual({ series: `invoice-${YEAR}`, nextSequence: next + 1 });
    });
  });

  describe('VAT in the prices (TAX_MODE=inclusive), paid with the demo provider', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TAX_MODE: 'inclusive', TRUST_PROXY: 'loopback' })));
    afterAll(() => t.close());

    it('states the VAT the prices hold, the lines adding up to what was paid', async () => {
      const intent = (
        await createIntent(t, {
          cartItems: TAX_CART,
          billing: GERMANY,
          couponCode: 'SAVE10',
          consents: CONSENTS,
        }).expect(201)
      ).body as Intent;
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
        .expect(200);
      const order = await orderOf(t, intent.orderId);
      const invoice = await invoiceOf(t, intent.orderId);
      expect(invoice).toMatchObject({
        number: `${YEAR}-000001`,
        taxMode: 'inclusive',
        taxCountry: 'DE',
        taxRateBasisPoints: 1900,
        totalCents: order.totalCents,
        taxCents: order.taxCents,
        netCents: order.totalCents - order.taxCents,
      });
      expect(order.totalCents).toBe(32397 - 3240);
      for (const line of invoice.details.lines) expect(line.netCents + line.taxCents).toBe(line.totalCents);
      expect(invoice.details.lines.map((l) => l.totalCents)).toEqual([8098 - 810, 24299 - 2430]);
      expect(sum(invoice.details.lines.map((l) => l.taxCents))).toBe(order.taxCents);
      expect(invoice.details.notes).toEqual(['Prices include VAT at 19% (DE).']);
      const admin = await signIn(t, 'admin');
      const pdf = await getPdf(t, `/api/admin/orders/${intent.orderId}/invoice.pdf`, admin).expect(200);
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain('VAT 19% (DE)');
      expect(text).toContain('Prices include VAT at 19% (DE).');
      // No SELLER_* settings: the store's own name and office address.
      expect(text).toContain(t.config.store.name);
      expect(invoice.details.seller).toMatchObject({
        name: t.config.store.name,
        address: t.config.store.officeAddress,
        country: null,
        vatNumber: null,
      });
    });
  });

  describe('a business reverse-charged (a verified French VAT number, a seller in Ireland)', () => {
    const FRENCH_BUSINESS = {
      ...BILLING,
      country: 'FR',
      city: 'Paris',
      zipCode: '75001',
      phoneCountryCode: '+33',
      company: 'Exemple SARL',
      vatNumber: 'FR40303265045',
    };
    let vies: ViesStandIn;
    beforeAll(
      async () =>
        (vies = await ViesStandIn.start({ registered: { FR40303265045: { name: 'EXEMPLE SARL' } } })),
    );
    afterAll(() => vies.close());

    it.each(['inclusive', 'exclusive'])(
      'invoices the net price with no VAT and the reverse-charge note (TAX_MODE=%s)',
      async (mode) => {
        const t = await startTestApp({ TAX_MODE: mode, ...SELLER, ...vies.env(), TRUST_PROXY: 'loopback' });
        try {
          const intent = (
            await createIntent(t, {
              cartItems: TAX_CART,
              billing: FRENCH_BUSINESS,
              couponCode: 'SAVE10',
              consents: CONSENTS,
            }).expect(201)
          ).body as Intent & { reverseCharge: boolean; tax: number; total: number };
          expect(intent).toMatchObject({ reverseCharge: true, tax: 0 });
          await t
            .http()
            .post('/api/payments/demo/confirm')
            .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
            .expect(200);
          const order = await orderOf(t, intent.orderId);
          const invoice = await invoiceOf(t, intent.orderId);
          expect(invoice).toMatchObject({
            reverseCharge: true,
            taxCountry: 'FR',
            taxRateBasisPoints: 0,
            taxCents: 0,
            netCents: intent.total,
            totalCents: intent.total,
          });
          expect(order.totalCents).toBe(intent.total);
          expect(sum(invoice.details.lines.map((l) => l.totalCents))).toBe(intent.total);
          expect(invoice.details.buyer).toMatchObject({
            company: 'Exemple SARL',
            vatNumber: 'FR40303265045',
          });
          const admin = await signIn(t, 'admin');
          const pdf = await getPdf(t, `/api/admin/orders/${intent.orderId}/invoice.pdf`, admin).expect(200);
          const text = pdfText(pdf.body as Buffer);
          expect(text).toContain('Reverse charge');
          expect(text).toContain('FR40303265045');
        } finally {
          await t.close();
        }
      },
    );
  });

  describe('tax off (the default)', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'loopback' });
      admin = await signIn(t, 'admin');
    });
    afterAll(() => t.close());

    const pay = async (email = BILLING.email) => {
      const intent = (
        await createIntent(t, {
          cartItems: TAX_CART,
          billing: { ...BILLING, email },
          couponCode: 'SAVE10',
        }).expect(201)
      ).body as Intent;
      await t
        .http()
        .post('/api/payments/demo/confirm')
        .send({ orderId: intent.orderId, clientSecret: intent.clientSecret })
        .expect(200);
      return intent.orderId;
    };

    it('invoices the spec’s totals with no VAT at all', async () => {
      const orderId = await pay();
      const invoice = await invoiceOf(t, orderId);
      expect(invoice).toMatchObject({
        number: `${YEAR}-000001`,
        taxMode: 'off',
        taxCountry: null,
        taxRateBasisPoints: 0,
        taxCents: 0,
        netCents: 29157,
        totalCents: 29157,
      });
      expect(invoice.details.lines.map((l) => [l.netCents, l.taxCents, l.totalCents])).toEqual([
        [7288, 0, 7288],
        [21869, 0, 21869],
      ]);
      expect(invoice.details.notes).toEqual([]);
      const text = pdfText(
        (await getPdf(t, `/api/admin/orders/${orderId}/invoice.pdf`, admin).expect(200)).body as Buffer,
      );
      expect(text).toContain(`${YEAR}-000001`);
      expect(text).toContain('$291.57');
      expect(text).not.toContain('VAT');
    });

    it('issues no credit note for an order paid before invoices were issued', async () => {
      const orderId = await pay('before.invoices@example.com');
      // As an order paid before this feature: no invoice (the series row is left as it is).
      await t.db.getRepository(TaxDocument).delete({ orderId });
      const res = await t
        .http()
        .post(`/api/admin/orders/${orderId}/refunds`)
        .set('authorization', admin)
        .send(FULL_REFUND)
        .expect(201);
      expect(res.body.status).toBe('succeeded');
      expect(await orderOf(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
      expect(await documentsOf(t, orderId)).toEqual([]);
      expect(
        (await t.http().get(`/api/admin/orders/${orderId}`).set('authorization', admin).expect(200)).body,
      ).toMatchObject({ invoiceNumber: null, creditNotes: [] });
    });
  });

  describe('20 payments at once', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: 'loopback' })));
    afterAll(() => t.close());

    it('number their invoices 1 to 20, each once, with no transaction run twice', async () => {
      const intents: Intent[] = [];
      for (let i = 0; i < 20; i++)
        intents.push(
          (
            await createIntent(t, {
              cartItems: [{ id: STANDARD, quantity: 1 }],
              billing: { ...BILLING, email: `concurrent.${i}@example.com` },
            }).expect(201)
          ).body as Intent,
        );
      // A transaction refused for a collision (a deadlock, a lock wait timed out) is rolled back and run
      // again by runInTransaction: counting rollbacks shows whether any was.
      let rollbacks = 0;
      const watch: EntitySubscriberInterface = { afterTransactionRollback: () => void rollbacks++ };
      t.db.subscribers.push(watch);
      try {
        const answers = await Promise.all(
          intents.map((intent) =>
            t
              .http()
              .post('/api/payments/demo/confirm')
              .send({ orderId: intent.orderId, clientSecret: intent.clientSecret }),
          ),
        );
        expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
      } finally {
        t.db.subscribers.splice(t.db.subscribers.indexOf(watch), 1);
      }
      expect(rollbacks).toBe(0);
      const invoices = await t.db.getRepository(TaxDocument).findBy({ kind: 'invoice' });
      expect(invoices.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(oneTo(20));
      expect(new Set(invoices.map((d) => d.number)).size).toBe(20);
      expect(new Set(invoices.map((d) => d.orderId))).toEqual(new Set(intents.map((i) => i.orderId)));
      expect(
        await t.db.getRepository(TaxDocumentSeries).findOneByOrFail({ series: `invoice-${YEAR}` }),
      ).toMatchObject({ nextSequence: 21 });
    });
  });
});
