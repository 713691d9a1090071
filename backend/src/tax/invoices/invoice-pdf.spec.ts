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
  currency: 'usd',
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
        'EUR 7.11',
        'Converted at the ECB reference rate of 2026-11-19: 1 EUR = 1.0823 USD.',
      ])
        expect(text).toContain(fact);
      const without = pdfText(
        await renderTaxDocumentPdf(issued(invoiceFor(ORDER, SELLER), 'invoice', 'X'), null),
      );
      expect(without).not.toContain('EUR');
    });

    it('writes a unit price that does not divide evenly to four decimals at most', () => {
      expect(unitPrice(4049, 1)).toBe('$40.49');
      expect(unitPrice(6805, 2)).toBe('$34.025');
      expect(unitPrice(10000, 3)).toBe('$33.3333');
      expect(unitPrice(8098, 2)).toBe('$40.49');
    });
  });
});
