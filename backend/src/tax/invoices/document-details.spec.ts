import type { TaxDocument } from '../entities/tax-document.entity.js';
import { taxLines } from '../tax-math.js';
import { creditNoteFor, invoiceFor, REVERSE_CHARGE_NOTE, type InvoicedOrder } from './document-details.js';

const SELLER = {
  name: 'Licence Store Ltd',
  address: '1 Harbour Road',
  country: 'IE',
  vatNumber: 'IE6388047V',
};

/** Two Standard ($40.49) and one Home & Business ($242.99), priced as the checkout prices them. */
function order(mode: InvoicedOrder['taxMode'], discountCents = 3240, rate = 1900): InvoicedOrder {
  const items = [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
    {
      productId: 'office-2024-home-business',
      name: 'Office 2024 Home & Business',
      quantity: 1,
      unitPriceCents: 24299,
    },
  ];
  const taxed = taxLines([8098, 24299], discountCents, rate, mode);
  return {
    id: 'order-1',
    customerName: 'Greta Invoiced',
    customerEmail: 'greta@example.com',
    billingCompany: 'Invoiced GmbH',
    billingAddress: 'Hauptstraße 1',
    billingCity: 'Berlin',
    billingZipCode: '10115',
    billingCountry: 'DE',
    vatNumber: null,
    orderItems: items.map((item, i) => ({ ...item, taxCents: taxed.lineTaxCents[i] })),
    subtotalCents: 32397,
    discountCents,
    totalCents: taxed.totalCents,
    currency: 'USD',
    taxMode: mode,
    taxRateBasisPoints: mode === 'off' ? 0 : rate,
    taxCountry: mode === 'off' ? null : 'DE',
    taxCents: taxed.taxCents,
    reverseCharge: false,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('an invoice’s content', () => {
  it.each(['exclusive', 'inclusive', 'off'] as const)(
    'adds up to the order’s total and tax exactly (%s)',
    (mode) => {
      const o = order(mode);
      const invoice = invoiceFor(o, SELLER);
      const { lines } = invoice.details;
      expect(sum(lines.map((l) => l.totalCents))).toBe(o.totalCents);
      expect(sum(lines.map((l) => l.taxCents))).toBe(o.taxCents);
      expect(sum(lines.map((l) => l.netCents))).toBe(invoice.netCents);
      expect(invoice.netCents + invoice.taxCents).toBe(invoice.totalCents);
      for (const line of lines) expect(line.netCents + line.taxCents).toBe(line.totalCents);
      expect(invoice).toMatchObject({ totalCents: o.totalCents, taxCents: o.taxCents, taxMode: mode });
    },
  );

  it('takes each line’s share of the discount, and the tax the checkout stored for it', () => {
    const invoice = invoiceFor(order('exclusive'), SELLER);
    expect(invoice.details.lines.map((l) => [l.netCents, l.taxCents, l.totalCents])).toEqual([
      [8098 - 810, 1385, 8098 - 810 + 1385],
      [24299 - 2430, 4155, 24299 - 2430 + 4155],
    ]);
    expect(invoice.details).toMatchObject({
      seller: SELLER,
      buyer: { name: 'Greta Invoiced', company: 'Invoiced GmbH', country: 'DE', email: 'greta@example.com' },
      discountCents: 3240,
      notes: ['VAT at 19% (DE) is added to the prices.'],
    });
    expect(invoiceFor(order('inclusive'), SELLER).details.notes).toEqual(['Prices include VAT at 19% (DE).']);
    const off = invoiceFor(order('off'), SELLER);
    expect(off).toMatchObject({ taxCountry: null, taxRateBasisPoints: 0, taxCents: 0 });
    expect(off.details.notes).toEqual([]);
    expect(invoiceFor(order('exclusive', 0, 0), SELLER).details.notes).toEqual([
      'No VAT is charged on this sale.',
    ]);
  });

  it('states the reverse charge, and a business’s net price when the list prices held VAT', () => {
    // Inclusive prices, reverse-charged: the buyer paid the list prices less the 19 % they contain.
    const reverse = {
      ...order('inclusive', 0, 0),
      totalCents: 32397 - 5173,
      reverseCharge: true,
      vatNumber: 'DE129273398',
    };
    const invoice = invoiceFor(reverse, SELLER);
    expect(invoice).toMatchObject({ reverseCharge: true, taxCents: 0, totalCents: 27224, netCents: 27224 });
    expect(sum(invoice.details.lines.map((l) => l.totalCents))).toBe(27224);
    expect(invoice.details.notes).toEqual([REVERSE_CHARGE_NOTE]);
    expect(invoice.details.buyer.vatNumber).toBe('DE129273398');
    expect(REVERSE_CHARGE_NOTE).toBe(
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
    );
  });

  it('is refused for an order whose stored amounts disagree', () => {
    const o = order('exclusive');
    expect(() =>
      invoiceFor({ ...o, taxCents: o.taxCents + 1, totalCents: o.totalCents + 1 }, SELLER),
    ).toThrow('its lines do not add up to its total and tax');
    expect(() => invoiceFor({ ...o, totalCents: 40_000 + o.taxCents }, SELLER)).toThrow(
      'charged more than its lines',
    );
  });
});

describe('a credit note’s content', () => {
  const invoice = {
    ...invoiceFor(order('exclusive'), SELLER),
    id: 'invoice-1',
    kind: 'invoice',
    number: '2026-000007',
    issuedAt: new Date('2026-11-20T10:00:00Z'),
  } as TaxDocument;

  it('repeats the lines of an invoice it takes back whole', () => {
    const credit = {
      totalCents: invoice.totalCents,
      taxCents: invoice.taxCents,
      reason: 'Refund of everything.',
    };
    const note = creditNoteFor(invoice, credit, { totalCents: 0 });
    expect(note.details.lines).toEqual(invoice.details.lines);
    expect(note).toMatchObject({
      totalCents: 34697,
      taxCents: 5540,
      netCents: 34697 - 5540,
      taxMode: 'exclusive',
    });
    expect(note.details.notes).toEqual([
      'Corrects invoice 2026-000007 of 2026-11-20: $346.97 credited.',
      'Refund of everything.',
      'VAT at 19% (DE) is added to the prices.',
    ]);
  });

  it('is one line against the invoice otherwise', () => {
    const note = creditNoteFor(
      invoice,
      { totalCents: 2000, taxCents: 319, reason: 'Part.' },
      { totalCents: 0 },
    );
    expect(note.details.lines).toEqual([
      {
        description: 'Credit against invoice 2026-000007',
        quantity: 1,
        unitPriceCents: 1681,
        netCents: 1681,
        taxCents: 319,
        totalCents: 2000,
      },
    ]);
    expect(note.details.buyer).toEqual(invoice.details.buyer);
    expect(note.details.discountCents).toBeUndefined();
    // The rest, after that part: still one line, though it ends the invoice.
    const rest = { totalCents: invoice.totalCents - 2000, taxCents: invoice.taxCents - 319, reason: 'Rest.' };
    expect(creditNoteFor(invoice, rest, { totalCents: 2000 }).details.lines).toHaveLength(1);
  });

  it('states what it credits in the invoice’s currency (#35)', () => {
    const inYen = { ...invoice, currency: 'JPY', totalCents: 6000, taxCents: 0 } as TaxDocument;
    const yen = creditNoteFor(inYen, { totalCents: 6000, taxCents: 0, reason: 'Refund.' }, { totalCents: 0 });
    expect(yen.currency).toBe('JPY');
    expect(yen.details.notes[0]).toBe('Corrects invoice 2026-000007 of 2026-11-20: ¥6,000 credited.');
    const inEuros = { ...invoice, currency: 'EUR', totalCents: 3799, taxCents: 607 } as TaxDocument;
    const euros = creditNoteFor(
      inEuros,
      { totalCents: 3799, taxCents: 607, reason: 'R.' },
      { totalCents: 0 },
    );
    expect(euros.details.notes[0]).toBe('Corrects invoice 2026-000007 of 2026-11-20: €37.99 credited.');
  });
});
