import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { AuditEntry } from '../src/audit/entities/audit-entry.entity.js';
import { Order } from '../src/orders/entities/order.entity.js';
import { ExchangeRate } from '../src/tax/entities/exchange-rate.entity.js';
import { TaxDocument, type TaxDocumentParty } from '../src/tax/entities/tax-document.entity.js';
import { OSS_COLUMNS, REGISTER_COLUMNS, UK_COLUMNS } from '../src/tax/returns/tax-returns.service.js';
import { STANDARD } from './support/checkout.js';
import { signIn } from './support/staff.js';
import { DRIVER, startTestApp, type TestApp } from './support/test-app.js';
import { problems } from './support/problems.js';

/** The ECB's history file as published (eurofxref-hist.csv): newest first, N/A cells, trailing commas. */
const ECB_HISTORY = [
  'Date,USD,JPY,CYP,GBP,',
  '2027-01-04,1.0901,163.01,N/A,0.8655,',
  '2026-12-31,1.0823,162.34,N/A,0.8512,',
  '2026-12-30,1.0799,161.9,N/A,0.8490,',
  '',
].join('\n');

/** The day's file (eurofxref.csv), for a day of an earlier quarter. */
const ECB_DAY = 'Date, USD, GBP, \n30 September 2026, 1.1000, 0.8800, \n';

/** A CSV download parsed back: its rows, header first, after checking how it was sent. */
function table(res: Response, fileName: string): string[][] {
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(res.text.startsWith('\uFEFF')).toBe(true);
  return parse(res.text, { bom: true }) as string[][];
}

describe(`tax returns (#20 §6) on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let support: string;
  const docs = new Map<string, TaxDocument>();

  /** A paid order to hang documents on (the foreign key wants one). */
  const order = () =>
    t.db.getRepository(Order).save(
      t.db.getRepository(Order).create({
        customerName: 'Returns Test',
        customerEmail: 'returns@example.com',
        billingFirstName: 'Returns',
        billingLastName: 'Test',
        billingAddress: '1 Main Street',
        billingCity: 'Springfield',
        billingCountry: 'DE',
        billingZipCode: '12345',
        billingPhoneCountryCode: '+49',
        billingPhone: '5550100',
        subtotalCents: 4049,
        totalCents: 4049,
        status: 'fulfilled',
        paymentStatus: 'completed',
        orderItems: [
          { productId: STANDARD, name: 'Office 2024 Standard', quantity: 1, unitPriceCents: 4049 },
        ],
      }),
    );

  /**
   * Inserts an issued document as the issuing code would leave it: by default an invoice to a German
   * consumer at 19 % added to the price, in dollars. The number says the kind, year and sequence.
   */
  async function issue(
    number: string,
    issuedAt: string,
    [netCents, taxCents]: [number, number],
    fields: Partial<TaxDocument> = {},
    buyer: Partial<TaxDocumentParty> = {},
  ): Promise<TaxDocument> {
    const [year, sequence] = number.replace('CN-', '').split('-').map(Number) as [number, number];
    const repo = t.db.getRepository(TaxDocument);
    const document = await repo.save(
      repo.create({
        kind: number.startsWith('CN-') ? 'credit-note' : 'invoice',
        number,
        year,
        sequence,
        orderId: fields.orderId ?? (await order()).id,
        invoiceId: null,
        refundId: null,
        issuedAt: new Date(issuedAt),
        currency: 'USD',
        taxMode: 'exclusive',
        taxCountry: 'DE',
        taxRateBasisPoints: 1900,
        reverseCharge: false,
        netCents,
        taxCents,
        totalCents: netCents + taxCents,
        details: {
          seller: { name: 'Office Licence Store', country: 'IE', vatNumber: 'IE1234567T' },
          buyer: { name: 'Jane Doe', country: fields.taxCountry ?? 'DE', ...buyer },
          lines: [],
          notes: [],
        },
        ...fields,
      }),
    );
    docs.set(number, document);
    return document;
  }

  beforeAll(async () => {
    // The seller is in Ireland: Irish sales are domestic, outside the OSS return.
    t = await startTestApp({ SELLER_COUNTRY: 'IE', TRUST_PROXY: 'loopback' });
    admin = await signIn(t, 'admin');
    support = await signIn(t, 'support');

    // 2026-Q3's last moment, then 2026-Q4's documents, then 2027-Q1's first moment.
    await issue('2026-000001', '2026-09-30T23:59:59.999Z', [1000, 190]);
    const de = await issue('2026-000002', '2026-10-05T09:00:00Z', [8098, 1539]);
    await issue('2026-000003', '2026-11-12T10:00:00Z', [24299, 4617]);
    await issue('CN-2026-000001', '2026-12-01T08:00:00Z', [8098, 1539], {
      orderId: de.orderId,
      invoiceId: de.id,
    });
    const reverseCharged = { taxCountry: 'FR', taxRateBasisPoints: 0, reverseCharge: true };
    await issue('2026-000004', '2026-11-20T12:00:00Z', [24299, 0], reverseCharged, {
      name: 'Marie Curie',
      company: 'Société Exemple SARL',
      vatNumber: 'FR40303265045',
    });
    // A buyer whose name and company a spreadsheet would run as formulas.
    const uk = { taxCountry: 'GB', taxRateBasisPoints: 2000 };
    await issue('2026-000005', '2026-12-31T23:59:59.999Z', [4049, 810], uk, {
      name: '=HYPERLINK("http://evil.example","x")',
      company: '+44 Ltd',
    });
    await issue('2026-000006', '2026-10-10T12:00:00Z', [4049, 0], {
      taxCountry: 'US',
      taxRateBasisPoints: 0,
    });
    await issue('2026-000007', '2026-10-11T12:00:00Z', [4049, 931], {
      taxCountry: 'IE',
      taxRateBasisPoints: 2300,
    });
    // Finland's 25.5 % in the price: $40.49 holds $8.23.
    const finnish = {
      taxCountry: 'FI',
      taxRateBasisPoints: 2550,
      taxMode: 'inclusive' as const,
      totalCents: 4049,
    };
    await issue('2026-000008', '2026-10-02T12:00:00Z', [3226, 823], finnish);
    // Tax off: no country, no rate, in no return.
    const off = { taxCountry: null, taxRateBasisPoints: 0, taxMode: 'off' as const };
    await issue('2026-000009', '2026-10-03T12:00:00Z', [4049, 0], off);
    // Documents in euros and in pounds need no rate to be in euros or in pounds.
    await issue('2026-000012', '2026-10-20T12:00:00Z', [1000, 190], { currency: 'eur' });
    await issue('2026-000013', '2026-10-21T12:00:00Z', [1000, 200], { ...uk, currency: 'gbp' });
    await issue('2027-000001', '2027-01-01T00:00:00.000Z', [5000, 950]);
  });
  afterAll(() => t.close());

  const get = (url: string, authorization = admin) => t.http().get(url).set('authorization', authorization);
  const importRates = (body: string, type = 'text/csv') =>
    t
      .http()
      .post('/api/admin/exchange-rates/import')
      .set('authorization', admin)
      .set('content-type', type)
      .send(body);

  describe('exchange rates', () => {
    it('refuses an import with a problem, whole, naming its line', async () => {
      const res = await importRates('Date,USD,GBP\n2026-12-31,1.0823,0.8512\n2026-12-30,1.0799,0\n').expect(
        400,
      );
      expect(res.body.message).toBe('Line 3: GBP "0" is not a rate above 0 (such as 1.0823)');
      expect(await t.db.getRepository(ExchangeRate).count()).toBe(0);
      const bad = await importRates('Date,USD\n31 Dec 2026,1.08\n').expect(400);
      expect(bad.body.message).toBe('Line 2: "31 Dec 2026" is not a date (2026-12-31, or 31 December 2026)');
      await importRates(JSON.stringify({ csv: 'Date,USD\n2026-12-31,"1.08\n' }), 'application/json').expect(
        400,
      );
      await importRates(ECB_HISTORY, 'text/plain').expect(415);
    });

    it("imports the ECB's files as published, as text/csv or JSON {csv}, replacing a day's rate", async () => {
      // Staff typed one in before: the ECB's figure replaces it.
      await t
        .http()
        .post('/api/admin/exchange-rates')
        .set('authorization', admin)
        .send({ currency: 'usd', date: '2026-12-31', rate: '1.1' })
        .expect(201);
      const history = await importRates(ECB_HISTORY).expect(200);
      expect(history.body).toEqual({
        rates: 9,
        dates: 3,
        notAvailable: 3,
        currencies: ['USD', 'JPY', 'CYP', 'GBP'],
        from: '2026-12-30',
        to: '2027-01-04',
      });
      const day = await importRates(JSON.stringify({ csv: ECB_DAY }), 'application/json').expect(200);
      expect(day.body).toMatchObject({ rates: 2, dates: 1, from: '2026-09-30', to: '2026-09-30' });

      const list = await get(
        '/api/admin/exchange-rates?filter={"currency":"USD"}&sort=["date","ASC"]',
      ).expect(200);
      expect(list.headers['content-range']).toBe('exchange-rates 0-3/4');
      type Row = { date: string; rate: string; unitsPerEuro: number; source: string };
      expect(list.body.map((r: Row) => [r.date, r.rate, r.unitsPerEuro, r.source])).toEqual([
        ['2026-09-30', '1.1', 1_100_000, 'ecb-import'],
        ['2026-12-30', '1.0799', 1_079_900, 'ecb-import'],
        ['2026-12-31', '1.0823', 1_082_300, 'ecb-import'],
        ['2027-01-04', '1.0901', 1_090_100, 'ecb-import'],
      ]);
      expect(await t.db.getRepository(ExchangeRate).count()).toBe(11);
      const audit = await t.db.getRepository(AuditEntry).findBy({ action: 'exchange-rates.import' });
      expect(audit).toHaveLength(2);
    });

    it('lets an admin enter, correct and delete a rate, with clear refusals', async () => {
      const post = (body: object) =>
        t.http().post('/api/admin/exchange-rates').set('authorization', admin).send(body);
      const created = await post({ currency: 'chf', date: '2026-12-31', rate: ' 0.9301 ' }).expect(201);
      expect(created.body).toMatchObject({
        currency: 'CHF',
        date: '2026-12-31',
        rate: '0.9301',
        unitsPerEuro: 930_100,
        source: 'staff',
      });
      expect(
        (await post({ currency: 'CHF', date: '2026-12-31', rate: '0.93' }).expect(409)).body.message,
      ).toBe('A rate for CHF on 2026-12-31 exists already: edit that one');
      const refusals = await Promise.all(
        [
          { currency: 'EUR', date: '2026-12-31', rate: '1' },
          { currency: 'CHF', date: '2026-02-30', rate: '1' },
          { currency: 'CHF', date: '2026-12-30', rate: '0' },
          { currency: 'CHF', date: '2026-12-30', rate: '1.0000001' },
          { currency: 'SWISS', date: '2026-12-30', rate: '1' },
          { currency: 'CHF', date: '2026-12-30', rate: 0.93 },
          { currency: 'CHF', date: '2026-12-30' },
        ].map(async (body) => problems((await post(body).expect(400)).body)),
      );
      expect(refusals).toEqual([
        ['EUR needs no rate: amounts in euros are not converted'],
        ['Date must be a day such as 2026-12-31'],
        ['Rate must be a number above 0 such as 1.0823 (what 1 EUR is in the currency)'],
        ['Rate must be a number above 0 such as 1.0823 (what 1 EUR is in the currency)'],
        ['Currency must be a three-letter code such as USD'],
        ['Rate must be a number above 0 such as 1.0823 (what 1 EUR is in the currency)'],
        ['Rate is required'],
      ]);

      const id = created.body.id as number;
      const put = (body: object) =>
        t.http().put(`/api/admin/exchange-rates/${id}`).set('authorization', admin).send(body);
      expect((await put({ rate: '0.9311' }).expect(200)).body).toMatchObject({
        rate: '0.9311',
        date: '2026-12-31',
      });
      expect((await put({ date: '2026-12-30' }).expect(200)).body).toMatchObject({
        rate: '0.9311',
        date: '2026-12-30',
      });
      await put({}).expect(400);
      await t.http().delete(`/api/admin/exchange-rates/${id}`).set('authorization', admin).expect(200);
      await get(`/api/admin/exchange-rates/${id}`).expect(404);
      await get('/api/admin/exchange-rates/abc').expect(404);
      expect(
        (await t.db.getRepository(AuditEntry).findBy({ resource: 'exchange-rates' })).map((a) => a.action),
      ).toEqual(
        expect.arrayContaining(['exchange-rates.create', 'exchange-rates.update', 'exchange-rates.delete']),
      );
    });
  });

  describe('the returns', () => {
    it('answers the OSS return: member states and rates, less credit notes, in USD and EUR', async () => {
      const rows = table(
        await get('/api/admin/tax/returns/oss.csv?quarter=2026-Q4').expect(200),
        'oss-2026-Q4.csv',
      );
      expect(rows).toEqual([
        [...OSS_COLUMNS],
        // DE: 80.98 + 242.99 − 80.98 (the credit note); € at 1.0823: 24299 / 1.0823 = 22451.26…
        ['oss', 'DE', '19', 'EUR', '10.00', '1.90', '', '1', '10.00', '1.90', '1', '0'],
        ['oss', 'DE', '19', 'USD', '242.99', '46.17', '2026-12-31', '1.0823', '224.51', '42.66', '2', '1'],
        ['oss', 'FI', '25.5', 'USD', '32.26', '8.23', '2026-12-31', '1.0823', '29.81', '7.60', '1', '0'],
        [
          'reverse-charge',
          'FR',
          '0',
          'USD',
          '242.99',
          '0.00',
          '2026-12-31',
          '1.0823',
          '224.51',
          '0.00',
          '1',
          '0',
        ],
        ['domestic', 'IE', '23', 'USD', '40.49', '9.31', '2026-12-31', '1.0823', '37.41', '8.60', '1', '0'],
      ]);
    });

    it('answers the UK figures in USD and in GBP at the cross rate of the same day', async () => {
      const rows = table(
        await get('/api/admin/tax/returns/uk.csv?quarter=2026-Q4').expect(200),
        'uk-2026-Q4.csv',
      );
      expect(rows).toEqual([
        [...UK_COLUMNS],
        ['2026-Q4', 'GBP', '10.00', '2.00', '1', '0', '', '', '', '', '10.00', '2.00'],
        // 4049 × 0.8512 / 1.0823 = 3184.43…; 810 × … = 637.04…; 0.8512 / 1.0823 = 0.78647325…
        [
          '2026-Q4',
          'USD',
          '40.49',
          '8.10',
          '1',
          '0',
          '2026-12-31',
          '1.0823',
          '0.8512',
          '0.786473',
          '31.84',
          '6.37',
        ],
      ]);
    });

    it('takes euros as they are and converts pounds, dollars and yen at their ECB rate (#35)', async () => {
      // 2028-Q2 ends on Friday 30 June 2028: 1 EUR = 1.1000 USD = 160.00 JPY = 0.8500 GBP.
      await importRates('Date,USD,JPY,GBP,\n2028-06-30,1.1000,160.00,0.8500,\n').expect(200);
      // Sales to German consumers at 19 %, in four currencies (yen have no minor unit: 6000 is ¥6,000).
      await issue('2028-000001', '2028-04-03T12:00:00Z', [10_000, 1900], { currency: 'EUR' });
      await issue('2028-000002', '2028-05-04T12:00:00Z', [8500, 1615], { currency: 'GBP' });
      await issue('2028-000003', '2028-05-05T12:00:00Z', [5500, 1045], { currency: 'USD' });
      await issue('2028-000004', '2028-06-06T12:00:00Z', [6000, 1140], { currency: 'JPY' });
      const rows = table(
        await get('/api/admin/tax/returns/oss.csv?quarter=2028-Q2').expect(200),
        'oss-2028-Q2.csv',
      );
      expect(rows.slice(1)).toEqual([
        // €100.00 and €19.00: euros need no rate.
        ['oss', 'DE', '19', 'EUR', '100.00', '19.00', '', '1', '100.00', '19.00', '1', '0'],
        // £85.00 / 0.85 = €100.00; £16.15 / 0.85 = €19.00.
        ['oss', 'DE', '19', 'GBP', '85.00', '16.15', '2028-06-30', '0.85', '100.00', '19.00', '1', '0'],
        // ¥6,000 / 160 = €37.50; ¥1,140 / 160 = €7.125, half up €7.13.
        ['oss', 'DE', '19', 'JPY', '6000', '1140', '2028-06-30', '160', '37.50', '7.13', '1', '0'],
        // $55.00 / 1.1 = €50.00; $10.45 / 1.1 = €9.50.
        ['oss', 'DE', '19', 'USD', '55.00', '10.45', '2028-06-30', '1.1', '50.00', '9.50', '1', '0'],
      ]);
      // Germany's totals in euros: taxable 100 + 100 + 37.50 + 50 = €287.50, VAT 19 + 19 + 7.13 + 9.50 = €54.63.
      const euros = (column: number) =>
        rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
      expect([euros(8), euros(9)]).toEqual([28_750, 5463]);
      // The register writes the yen invoice in whole yen.
      const register = table(
        await get('/api/admin/tax/returns/register.csv?quarter=2028-Q2').expect(200),
        'register-2028-Q2.csv',
      );
      expect(register.find((row) => row[1] === '2028-000004')!.slice(12, 16)).toEqual([
        '6000',
        '1140',
        '7140',
        'JPY',
      ]);
    });

    it("is a 409 saying what to do while the quarter's rate is missing", async () => {
      // 2026-Q2 ends on Tuesday 30 June: no rate from then to 10 July (one of 2026-Q3 is no use).
      await issue('2026-000010', '2026-06-15T12:00:00Z', [1000, 190]);
      await issue('2026-000011', '2026-06-16T12:00:00Z', [1000, 200], {
        taxCountry: 'GB',
        taxRateBasisPoints: 2000,
      });
      for (const file of ['oss', 'uk']) {
        const res = await get(`/api/admin/tax/returns/${file}.csv?quarter=2026-Q2`).expect(409);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body.message).toBe(
          "No ECB rate for USD on or after 2026-06-30: enter it under Exchange rates (or import the ECB's file)",
        );
      }
      // 2026-Q3 ends on 30 September, whose rates the day's file brought.
      const q3 = table(
        await get('/api/admin/tax/returns/oss.csv?quarter=2026-Q3').expect(200),
        'oss-2026-Q3.csv',
      );
      expect(q3.slice(1)).toEqual([
        ['oss', 'DE', '19', 'USD', '10.00', '1.90', '2026-09-30', '1.1', '9.09', '1.73', '1', '0'],
      ]);
    });

    it('counts yen as yen, which have no minor unit: in the files and converted (#35)', async () => {
      // ¥6,000 to a German consumer with ¥1,140 of VAT, and to a British one with ¥1,200; 2025-06-30's rates.
      const yen = { currency: 'JPY' };
      await issue('2025-000001', '2025-05-10T12:00:00Z', [6000, 1140], yen);
      await issue('2025-000002', '2025-05-11T12:00:00Z', [6000, 1200], {
        ...yen,
        taxCountry: 'GB',
        taxRateBasisPoints: 2000,
      });
      await t.db.getRepository(ExchangeRate).save([
        { currency: 'JPY', date: '2025-06-30', unitsPerEuro: 160_500_000, source: 'staff' as const },
        { currency: 'GBP', date: '2025-06-30', unitsPerEuro: 851_200, source: 'staff' as const },
      ]);
      const oss = table(
        await get('/api/admin/tax/returns/oss.csv?quarter=2025-Q2').expect(200),
        'oss-2025-Q2.csv',
      );
      // 6000 / 160.5 = €37.38…; 1140 / 160.5 = €7.10…
      expect(oss.slice(1)).toEqual([
        ['oss', 'DE', '19', 'JPY', '6000', '1140', '2025-06-30', '160.5', '37.38', '7.10', '1', '0'],
      ]);
      const uk = table(
        await get('/api/admin/tax/returns/uk.csv?quarter=2025-Q2').expect(200),
        'uk-2025-Q2.csv',
      );
      // 6000 × 0.8512 / 160.5 = £31.82…; 1200 × … = £6.36…; 0.8512 / 160.5 = 0.0053034…
      expect(uk.slice(1)).toEqual([
        [
          '2025-Q2',
          'JPY',
          '6000',
          '1200',
          '1',
          '0',
          '2025-06-30',
          '160.5',
          '0.8512',
          '0.005303',
          '31.82',
          '6.36',
        ],
      ]);
      const [header, ...register] = table(
        await get('/api/admin/tax/returns/register.csv?quarter=2025-Q2').expect(200),
        'register-2025-Q2.csv',
      );
      const columns = ['Net', 'Tax', 'Total', 'Currency'].map((name) => header!.indexOf(name));
      expect(register.map((row) => columns.map((i) => row[i]))).toEqual([
        ['6000', '1140', '7140', 'JPY'],
        ['6000', '1200', '7200', 'JPY'],
      ]);
    });

    it('answers a quarter without documents with the header alone, needing no rate', async () => {
      for (const file of ['oss', 'uk', 'register']) {
        const res = await get(`/api/admin/tax/returns/${file}.csv?quarter=2025-Q1`).expect(200);
        expect(table(res, `${file}-2025-Q1.csv`)).toHaveLength(1);
      }
    });

    it('lists every document of the quarter in the register: invoices then credit notes, in number order', async () => {
      const res = await get('/api/admin/tax/returns/register.csv?quarter=2026-Q4').expect(200);
      const rows = table(res, 'register-2026-Q4.csv');
      expect(rows[0]).toEqual([...REGISTER_COLUMNS]);
      expect(rows.slice(1).map((row) => row[1])).toEqual([
        '2026-000002',
        '2026-000003',
        '2026-000004',
        '2026-000005',
        '2026-000006',
        '2026-000007',
        '2026-000008',
        '2026-000009',
        '2026-000012',
        '2026-000013',
        'CN-2026-000001',
      ]);
      const de = docs.get('2026-000002')!;
      const byNumber = new Map(rows.map((row) => [row[1], row]));
      expect(byNumber.get('CN-2026-000001')).toEqual([
        'credit-note', 'CN-2026-000001', '2026-12-01T08:00:00.000Z', de.orderId, '2026-000002', 'Jane Doe', '', '',
        'DE', 'DE', 'exclusive', '19', '-80.98', '-15.39', '-96.37', 'USD', 'no',
      ]); // prettier-ignore
      expect(byNumber.get('2026-000004')!.slice(5)).toEqual([
        'Marie Curie', 'Société Exemple SARL', 'FR40303265045', 'FR', 'FR', 'exclusive', '0', '242.99', '0.00',
        '242.99', 'USD', 'yes',
      ]); // prettier-ignore
      // A buyer's text never reaches a spreadsheet as a formula.
      expect(byNumber.get('2026-000005')!.slice(2, 7)).toEqual([
        '2026-12-31T23:59:59.999Z',
        docs.get('2026-000005')!.orderId,
        '',
        '\'=HYPERLINK("http://evil.example","x")',
        "'+44 Ltd",
      ]);
      expect(byNumber.get('2026-000009')!.slice(9, 12)).toEqual(['', 'off', '0']);
      const audit = await t.db.getRepository(AuditEntry).findBy({ action: 'tax-returns.register' });
      expect(audit.map((a) => a.resourceId)).toContain('2026-Q4');
    });

    it('streams a long register page after page', async () => {
      // 1,201 more invoices on one day of 2026-Q1: three pages of 500.
      const { id: orderId } = await order();
      const repo = t.db.getRepository(TaxDocument);
      const many = Array.from({ length: 1201 }, (_, i) =>
        repo.create({
          ...docs.get('2026-000003')!,
          id: randomUUID(),
          orderId,
          number: `2026-${String(100 + i).padStart(6, '0')}`,
          sequence: 100 + i,
          issuedAt: new Date(Date.UTC(2026, 1, 2, 0, 0, 0, i)),
        }),
      );
      for (let i = 0; i < many.length; i += 200) await repo.insert(many.slice(i, i + 200));
      const rows = table(
        await get('/api/admin/tax/returns/register.csv?from=2026-02-01&to=2026-02-28').expect(200),
        'register-2026-02-01-to-2026-02-28.csv',
      );
      expect(rows).toHaveLength(1202);
      expect(rows.slice(1).map((row) => row[1])).toEqual(many.map((doc) => doc.number));
    });

    it('takes the register of days from and to, both included', async () => {
      const rows = table(
        await get('/api/admin/tax/returns/register.csv?from=2026-12-01&to=2026-12-31').expect(200),
        'register-2026-12-01-to-2026-12-31.csv',
      );
      expect(rows.slice(1).map((row) => row[1])).toEqual(['2026-000005', 'CN-2026-000001']);
    });

    it('refuses a bad period with a 400 naming it', async () => {
      const message = async (url: string) => (await get(url).expect(400)).body.message as string;
      for (const file of ['oss', 'uk', 'register']) {
        for (const query of ['', '?quarter=2026-Q5', '?quarter=Q4-2026', '?quarter=2026-Q4&quarter=2026-Q3'])
          // The query's checks and the returns' own 400 (a quarter left out) answer one message alike.
          expect(await message(`/api/admin/tax/returns/${file}.csv${query}`)).toBe(
            'quarter must look like 2026-Q4',
          );
      }
      expect(await message('/api/admin/tax/returns/register.csv?from=2026-10-01')).toBe(
        'to must be a day such as 2026-10-01',
      );
      expect(await message('/api/admin/tax/returns/register.csv?from=2026-10-01&to=2026-02-30')).toBe(
        'to must be a day such as 2026-10-01',
      );
      expect(await message('/api/admin/tax/returns/register.csv?from=2026-10-02&to=2026-10-01')).toBe(
        'to must not be before from',
      );
      expect(
        await message('/api/admin/tax/returns/register.csv?quarter=2026-Q4&from=2026-10-01&to=2026-10-02'),
      ).toBe('Send either quarter, or from and to, not both');
      expect(await message('/api/admin/tax/returns/oss.csv?quarter=2026-Q4&from=2026-10-01')).toBe(
        'property from should not exist',
      );
    });

    it('is for administrators only: 403 for support, 401 without a token', async () => {
      for (const url of [
        '/api/admin/tax/returns/oss.csv?quarter=2026-Q4',
        '/api/admin/tax/returns/uk.csv?quarter=2026-Q4',
        '/api/admin/tax/returns/register.csv?quarter=2026-Q4',
        '/api/admin/exchange-rates',
      ]) {
        await get(url, support).expect(403);
        await t.http().get(url).expect(401);
      }
      await t
        .http()
        .post('/api/admin/exchange-rates/import')
        .set('authorization', support)
        .set('content-type', 'text/csv')
        .send(ECB_DAY)
        .expect(403);
    });
  });

  it('keeps the tax evidence: an order with a tax document cannot be deleted', async () => {
    const { orderId } = docs.get('2026-000002')!;
    await expect(t.db.getRepository(Order).delete({ id: orderId })).rejects.toThrow();
    await expect(t.db.getRepository(Order).existsBy({ id: orderId })).resolves.toBe(true);
  });
});
