import { pdfText } from '@store/testing';
import type { TaxDocument } from '../entities/tax-document.entity.js';
import { creditNoteFor, invoiceFor, withTaxInEuros, type InvoicedOrder } from './document-details.js';
import { renderTaxDocumentPdf, unitPrice } from './invoice-pdf.js';

const ORDER: InvoicedOrder = {
  id: '3a5c46f3-34bf-4bf0-ae77-d1598184f7fe',
  customerName: 'Greta Invoiced',
  customerEmail: 'greta@example.com',
  billingCompany: null,
  billingAddress: 'Hauptstrasse 1',
  billingCity: 'Berlin',
  billingZipCode: '10115',
  billingCountry: 'DE',
  vatNumber: null,
  orderItems: [
    {
      productId: 'office-2024-standard',
      name: 'Office 2024 Standard',
      quantity: 1,
      unitPriceCents: 4049,
      taxCents: 769,
    },
  ],
  subtotalCents: 4049,
  discountCents: 0,
  totalCents: 4818,
  currency: 'USD',
  taxMode: 'exclusive',
  taxRateBasisPoints: 1900,
  taxCountry: 'DE',
  taxCents: 769,
  reverseCharge: false,
};
const SELLER = {
  name: 'Licence Store Ltd',
  address: '1 Harbour Road\nDublin',
  country: 'IE',
  vatNumber: 'IE6388047V',
};

const issued = (content: ReturnType<typeof invoiceFor>, kind: TaxDocument['kind'], number: string) =>
  ({
    ...content,
    id: `${kind}-1`,
    kind,
    number,
    orderId: ORDER.id,
    issuedAt: new Date('2026-11-20T10:00:00Z'),
  }) as TaxDocument;

describe('the invoice PDF', () => {
  const invoice = issued(invoiceFor(ORDER, SELLER), 'invoice', '2026-000007');

  it('is drawn from the row alone: the same row, the same file', async () => {
    const first = await renderTaxDocumentPdf(invoice, null);
    // As the row is read again from the database: equal values, other objects.
    const again = {
      ...invoice,
      issuedAt: new Date(invoice.issuedAt.getTime()),
      details: JSON.parse(JSON.stringify(invoice.details)) as TaxDocument['details'],
    } as TaxDocument;
    const second = await renderTaxDocumentPdf(again, null);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(second.equals(first)).toBe(true);
  });

  it('states the number, the date, both parties, the lines, the VAT and the total', async () => {
    const text = pdfText(await renderTaxDocumentPdf(invoice, null));
    for (const fact of [
      'Invoice',
      '2026-000007',
      '2026-11-20',
      ORDER.id,
      'From',
      'Licence Store Ltd',
      '1 Harbour Road',
      'Dublin',
      'VAT number: IE6388047V',
      'Bill to',
      'Greta Invoiced',
      'Hauptstrasse 1',
      '10115 Berlin',
      'Office 2024 Standard',
      '$40.49',
      '$7.69',
      'VAT 19% (DE)',
      '$48.18',
      'VAT at 19% (DE) is added to the prices.',
    ])
      expect(text).toContain(fact);
    expect(text).not.toContain('Discount');
  });

  it('names the invoice a credit note corrects', async () => {
    const credit = { totalCents: 1000, taxCents: 160, reason: 'Refund of $10.00.' };
    const note = issued(creditNoteFor(invoice, credit, { totalCents: 0 }), 'credit-note', 'CN-2026-000003');
    const text = pdfText(await renderTaxDocumentPdf(note, invoice));
    for (const fact of ['Credit note', 'CN-2026-000003', 'Corrects invoice:', '2026-000007 of 2026-11-20'])
      expect(text).toContain(fact);
    expect(text).toContain('Credited to');
    expect(text).toContain('Total credited');
    expect(text).toContain('Refund of $10.00.');
  });

  describe('#34', () => {
    /** Two units at $40.49 with German VAT inside: the lines' nets are $68.05, the VAT $12.93. */
    const INCLUSIVE: InvoicedOrder = {
      ...ORDER,
      orderItems: [{ ...ORDER.orderItems[0]!, quantity: 2, taxCents: 1293 }],
      subtotalCents: 8098,
      totalCents: 8098,
      taxCents: 1293,
      taxMode: 'inclusive',
    };
    const US_SELLER = { name: 'Office Keys Inc.', address: 'Anderson, SC, United States', country: 'US' };

    it('prints the net unit price beside the net, so Qty × Unit price = Net and Net + VAT = Total', async () => {
      const text = pdfText(
        await renderTaxDocumentPdf(issued(invoiceFor(INCLUSIVE, SELLER), 'invoice', 'X'), null),
      );
      expect(text).toContain('Unit price (net)');
      for (const amount of ['$34.025', '$68.05', '$12.93', '$80.98']) expect(text).toContain(amount);
      // The VAT-inclusive price is no longer printed as a unit price beside the net.
      expect(text).not.toContain('$40.49');
    });

    it('names each country once, by name', async () => {
      const text = pdfText(
        await renderTaxDocumentPdf(issued(invoiceFor(ORDER, US_SELLER), 'invoice', 'X'), null),
      );
      expect(text.match(/United States/g)).toHaveLength(1);
      expect(text).toContain('Anderson, SC, United States');
      expect(text).toContain('Germany');
      expect(text.split('\n')).not.toContain('US');
      expect(text.split('\n')).not.toContain('DE');
    });

    it('states the VAT in euros with the ECB rate and its day, when it keeps them', async () => {
      const content = withTaxInEuros(invoiceFor(ORDER, SELLER), {
        date: '2026-11-19',
        unitsPerEuro: 1_082_300,
      });
      // $7.69 at 1.0823 USD per euro: 710.52… euro cents.
      expect(content.details.taxInTaxCurrency).toEqual({
        currency: 'EUR',
        taxCents: 711,
        rateDate: '2026-11-19',
        unitsPerEuro: 1_082_300,
      });
      const text = pdfText(await renderTaxDocumentPdf(issued(content, 'invoice', 'X'), null));
      for (const fact of [
        'VAT in EUR',
        '€7.11',
        'Converted at the ECB reference rate of 2026-11-19: 1 EUR = 1.0823 USD.',
      ])
        expect(text).toContain(fact);
      const without = pdfText(
        await renderTaxDocumentPdf(issued(invoiceFor(ORDER, SELLER), 'invoice', 'X'), null),
      );
      expect(without).not.toContain('EUR');
    });

    it('writes a unit price that does not divide evenly to four decimals at most', () => {
      expect(unitPrice(4049, 1, 'USD')).toBe('$40.49');
      expect(unitPrice(6805, 2, 'USD')).toBe('$34.025');
      expect(unitPrice(10000, 3, 'USD')).toBe('$33.3333');
      expect(unitPrice(8098, 2, 'USD')).toBe('$40.49');
      // Yen have no decimals: two at most where a net does not divide.
      expect(unitPrice(12000, 2, 'JPY')).toBe('¥6,000');
      expect(unitPrice(10000, 3, 'JPY')).toBe('¥3,333.33');
      expect(unitPrice(10001, 2, 'JPY')).toBe('¥5,000.5');
      expect(unitPrice(7599, 2, 'EUR')).toBe('€37.995');
    });
  });

  describe('in the order’s currency (#35)', () => {
    const pdfOf = async (order: InvoicedOrder, rate?: { date: string; unitsPerEuro: number }) => {
      const content = invoiceFor(order, SELLER);
      const document = issued(rate ? withTaxInEuros(content, rate) : content, 'invoice', 'X');
      return pdfText(await renderTaxDocumentPdf(document, null));
    };
    const standard = (unitPriceCents: number, taxCents: number) => ({
      ...ORDER.orderItems[0]!,
      unitPriceCents,
      taxCents,
    });

    it('prints yen whole, with the yen sign', async () => {
      // Sold in Japan with tax off: ¥6,000.
      const text = await pdfOf({
        ...ORDER,
        billingCountry: 'JP',
        orderItems: [standard(6000, 0)],
        subtotalCents: 6000,
        totalCents: 6000,
        currency: 'JPY',
        taxMode: 'off',
        taxRateBasisPoints: 0,
        taxCountry: null,
        taxCents: 0,
      });
      expect(text).toContain('¥6,000');
      expect(text).toContain('Amounts in JPY.');
      expect(text).not.toMatch(/\$|¥6,000\.00|60\.00/);
    });

    it('states the VAT of a yen invoice in euros, converted as yen, not as hundredths of one', async () => {
      // ¥6,000 to a German consumer, 19% added: ¥1,140 of VAT, €7.10 at 160.5 yen per euro.
      const text = await pdfOf(
        {
          ...ORDER,
          orderItems: [standard(6000, 1140)],
          subtotalCents: 6000,
          totalCents: 7140,
          taxCents: 1140,
          currency: 'JPY',
        },
        { date: '2026-11-19', unitsPerEuro: 160_500_000 },
      );
      for (const fact of [
        '¥6,000',
        '¥1,140',
        '¥7,140',
        'VAT in EUR',
        '€7.10',
        'Converted at the ECB reference rate of 2026-11-19: 1 EUR = 160.5 JPY.',
        'Amounts in JPY.',
      ])
        expect(text).toContain(fact);
    });

    it('prints euros with the euro sign, and no VAT in euros again', async () => {
      // €37.99 with German VAT inside: €31.92 net, €6.07 VAT.
      const text = await pdfOf({
        ...ORDER,
        orderItems: [standard(3799, 607)],
        subtotalCents: 3799,
        totalCents: 3799,
        taxCents: 607,
        taxMode: 'inclusive',
        currency: 'EUR',
      });
      for (const fact of ['€37.99', '€31.92', '€6.07', 'Amounts in EUR.']) expect(text).toContain(fact);
      expect(text).not.toContain('VAT in EUR');
      expect(text).not.toContain('$');
    });

    it('writes a sign the standard fonts lack as the currency’s code: rupees', async () => {
      const text = await pdfOf({
        ...ORDER,
        billingCountry: 'IN',
        orderItems: [standard(339900, 0)],
        subtotalCents: 339900,
        totalCents: 339900,
        currency: 'INR',
        taxMode: 'off',
        taxRateBasisPoints: 0,
        taxCountry: null,
        taxCents: 0,
      });
      expect(text).toContain('INR\u00a03,399.00');
      expect(text).not.toContain('₹');
    });
  });
});
