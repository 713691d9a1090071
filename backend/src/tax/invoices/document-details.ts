import { formatMoney } from '../../common/money.js';
import type { Order } from '../../orders/entities/order.entity.js';
import { amountOf, currencyOf } from '../../orders/order-currency.js';
import type { TaxDocument, TaxDocumentLine, TaxDocumentParty } from '../entities/tax-document.entity.js';
import { toEuroCents } from '../returns/quarters.js';
import { shareDiscount } from '../tax-math.js';
import { EU_COUNTRIES, percentOf } from '../tax-rates.js';

/** What a document states, apart from its number and date: frozen into its row when it is issued. */
export type DocumentContent = Pick<
  TaxDocument,
  | 'currency'
  | 'taxMode'
  | 'taxCountry'
  | 'taxRateBasisPoints'
  | 'reverseCharge'
  | 'netCents'
  | 'taxCents'
  | 'totalCents'
  | 'details'
>;

/** The order's fields an invoice is drawn from. */
export type InvoicedOrder = Pick<
  Order,
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'billingCompany'
  | 'billingAddress'
  | 'billingCity'
  | 'billingZipCode'
  | 'billingCountry'
  | 'vatNumber'
  | 'orderItems'
  | 'subtotalCents'
  | 'discountCents'
  | 'totalCents'
  | 'currency'
  | 'taxMode'
  | 'taxRateBasisPoints'
  | 'taxCountry'
  | 'taxCents'
  | 'reverseCharge'
>;

export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

/** How the tax was charged, as a document states it; null with tax off (a document then has no VAT). */
export function taxNote(
  doc: Pick<DocumentContent, 'taxMode' | 'taxCountry' | 'taxRateBasisPoints' | 'reverseCharge'>,
): string | null {
  if (doc.taxMode === 'off') return null;
  if (doc.reverseCharge) return REVERSE_CHARGE_NOTE;
  if (doc.taxRateBasisPoints === 0) return 'No VAT is charged on this sale.';
  const rate = `VAT at ${percentOf(doc.taxRateBasisPoints)}%${doc.taxCountry ? ` (${doc.taxCountry})` : ''}`;
  return doc.taxMode === 'inclusive' ? `Prices include ${rate}.` : `${rate} is added to the prices.`;
}

/** A rate of the ECB: 1 EUR = unitsPerEuro / 1,000,000 units of a currency, published on `date`. */
export interface EuroRate {
  date: string;
  unitsPerEuro: number;
}

/**
 * The currency a document's VAT must also be stated in when the document is in another (#34), or null:
 * EUR for VAT charged in an EU member state (the One-Stop-Shop declares it in euros). None for a
 * reverse charge or a document without VAT: there is no VAT amount to state.
 */
export function taxCurrencyOf(
  doc: Pick<DocumentContent, 'currency' | 'taxMode' | 'taxCountry' | 'reverseCharge' | 'taxCents'>,
): string | null {
  if (doc.taxMode === 'off' || doc.reverseCharge || doc.taxCents === 0) return null;
  if (!doc.taxCountry || !EU_COUNTRIES.includes(doc.taxCountry)) return null;
  return doc.currency.toUpperCase() === 'EUR' ? null : 'EUR';
}

/** The content with its VAT also stated in euros at `rate` (half up), the rate kept with it. */
export function withTaxInEuros(content: DocumentContent, rate: EuroRate): DocumentContent {
  return {
    ...content,
    details: {
      ...content.details,
      taxInTaxCurrency: {
        currency: 'EUR',
        taxCents: Number(toEuroCents(BigInt(content.taxCents), rate.unitsPerEuro, currencyOf(content))),
        rateDate: rate.date,
        unitsPerEuro: rate.unitsPerEuro,
      },
    },
  };
}

/** Lines, their net, tax and total added up. */
function sum(lines: readonly TaxDocumentLine[], field: 'netCents' | 'taxCents' | 'totalCents'): number {
  return lines.reduce((total, line) => total + line[field], 0);
}

/**
 * A paid order's invoice: a line per item at its price after its share of what the order took off (the
 * coupon's discount, shared as the checkout shared it; for a reverse-charged order in `inclusive` mode,
 * also the VAT its prices contained), with the tax the checkout stored for it. The lines add up to the
 * order's total and tax exactly; an order whose stored amounts disagree is refused (an Error), rather
 * than given an invoice that does not state what was charged.
 */
export function invoiceFor(order: InvoicedOrder, seller: TaxDocumentParty): DocumentContent {
  const exclusive = order.taxMode === 'exclusive';
  const gross = order.orderItems.map((item) => item.unitPriceCents * item.quantity);
  const charged = exclusive ? order.totalCents - order.taxCents : order.totalCents;
  const taken = gross.reduce((total, cents) => total + cents, 0) - charged;
  if (taken < 0) throw new Error(`Order ${order.id} charged more than its lines: no invoice`);
  const shares = shareDiscount(gross, taken);
  const lines = order.orderItems.map((item, i): TaxDocumentLine => {
    const amount = gross[i]! - shares[i]!;
    const taxCents = order.taxMode === 'off' ? 0 : (item.taxCents ?? 0);
    return {
      description: item.name,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      netCents: exclusive ? amount : amount - taxCents,
      taxCents,
      totalCents: exclusive ? amount + taxCents : amount,
    };
  });
  if (sum(lines, 'totalCents') !== order.totalCents || sum(lines, 'taxCents') !== order.taxCents)
    throw new Error(`Order ${order.id}: its lines do not add up to its total and tax: no invoice`);
  const content = {
    currency: order.currency,
    taxMode: order.taxMode,
    taxCountry: order.taxMode === 'off' ? null : order.taxCountry,
    taxRateBasisPoints: order.taxMode === 'off' ? 0 : order.taxRateBasisPoints,
    reverseCharge: order.reverseCharge,
  };
  const note = taxNote(content);
  return {
    ...content,
    netCents: sum(lines, 'netCents'),
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    details: {
      seller,
      buyer: {
        name: order.customerName,
        company: order.billingCompany,
        address: order.billingAddress,
        city: order.billingCity,
        zipCode: order.billingZipCode,
        country: order.billingCountry,
        email: order.customerEmail,
        vatNumber: order.vatNumber,
      },
      lines,
      discountCents: order.discountCents,
      notes: note ? [note] : [],
    },
  };
}

/** What a credit note takes back, and why (`reason`, printed on it). */
export interface Credit {
  totalCents: number;
  taxCents: number;
  reason: string;
}

/**
 * A credit note of `invoice`: its parties, tax and notes as the invoice stated them, and what it takes
 * back. One that takes back a whole invoice nothing was credited from yet repeats its lines; any other
 * is one line against the invoice.
 */
export function creditNoteFor(
  invoice: TaxDocument,
  credit: Credit,
  creditedBefore: { totalCents: number },
): DocumentContent {
  const netCents = credit.totalCents - credit.taxCents;
  const whole = creditedBefore.totalCents === 0 && credit.totalCents === invoice.totalCents;
  const lines: TaxDocumentLine[] = whole
    ? invoice.details.lines
    : [
        {
          description: `Credit against invoice ${invoice.number}`,
          quantity: 1,
          unitPriceCents: invoice.taxMode === 'exclusive' ? netCents : credit.totalCents,
          netCents,
          taxCents: credit.taxCents,
          totalCents: credit.totalCents,
        },
      ];
  const note = taxNote(invoice);
  const content: DocumentContent = {
    currency: invoice.currency,
    taxMode: invoice.taxMode,
    taxCountry: invoice.taxCountry,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    reverseCharge: invoice.reverseCharge,
    netCents,
    taxCents: credit.taxCents,
    totalCents: credit.totalCents,
    details: {
      seller: invoice.details.seller,
      buyer: invoice.details.buyer,
      lines,
      ...(whole ? { discountCents: invoice.details.discountCents } : {}),
      notes: [
        `Corrects invoice ${invoice.number} of ${invoice.issuedAt.toISOString().slice(0, 10)}: ` +
          `${formatMoney(amountOf(credit.totalCents, invoice))} credited.`,
        credit.reason,
        ...(note ? [note] : []),
      ],
    },
  };
  // The VAT taken back is stated in euros at the rate its invoice stated it at.
  const euros = invoice.details.taxInTaxCurrency;
  return euros
    ? withTaxInEuros(content, { date: euros.rateDate, unitsPerEuro: euros.unitsPerEuro })
    : content;
}
