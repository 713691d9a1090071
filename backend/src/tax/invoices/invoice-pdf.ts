import { formatMoney, minorUnitDigits, money, type Currency, type Money } from '../../common/money.js';
import { printable, renderPdf } from '../../common/pdf.js';
import { currencyOf } from '../../orders/order-currency.js';
import type { TaxDocument, TaxDocumentParty } from '../entities/tax-document.entity.js';
import { formatRate } from '../returns/quarters.js';
import { percentOf } from '../tax-rates.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * The lines' columns: where each starts, how wide it is, how it is aligned; with tax off, no net and VAT.
 * With tax, the unit price is the net one, so that Qty × Unit price = Net and Net + VAT = Total (#34).
 */
const TAXED: Column[] = [
  { title: 'Description', x: 50, width: 165, align: 'left' },
  { title: 'Qty', x: 215, width: 35, align: 'right' },
  { title: 'Unit price (net)', x: 250, width: 90, align: 'right' },
  { title: 'Net', x: 340, width: 65, align: 'right' },
  { title: 'VAT', x: 405, width: 60, align: 'right' },
  { title: 'Total', x: 465, width: 80, align: 'right' },
];
const UNTAXED: Column[] = [
  { title: 'Description', x: 50, width: 315, align: 'left' },
  { title: 'Qty', x: 365, width: 35, align: 'right' },
  { title: 'Unit price', x: 400, width: 65, align: 'right' },
  { title: 'Total', x: 465, width: 80, align: 'right' },
];

const regions = new Intl.DisplayNames('en', { type: 'region' });
/** Other names an address may end with, beside the English name and the code. */
const ALSO_CALLED: Record<string, string[]> = { US: ['USA', 'U.S.A.'], GB: ['UK', 'U.K.', 'Great Britain'] };

/** A country code's English name (`DE` → Germany); the text as it is when it is no code. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The country as its own line, by name; none when the address's last line already ends with it (an
 * OFFICE_ADDRESS such as "Anderson, SC, United States" with SELLER_COUNTRY=US named it twice, #34).
 */
function countryLine(country: string | null, addressLines: readonly string[]): string | null {
  if (!country) return null;
  const name = countryName(country);
  const last = (addressLines.filter((line) => line.trim()).at(-1) ?? '').trim().toLowerCase();
  const names = [name, country, ...(ALSO_CALLED[country] ?? [])].map((n) => n.toLowerCase());
  return names.some((n) => last === n || last.endsWith(` ${n}`) || last.endsWith(`,${n}`)) ? null : name;
}

/** A party's lines as printed: name, company, address (lines of its own), place, country, VAT number, e-mail. */
function partyLines(party: TaxDocumentParty): string[] {
  const place = [party.zipCode, party.city].filter(Boolean).join(' ');
  const address = (party.address ?? '').split('\n');
  return [
    party.name,
    party.company,
    ...address,
    place,
    countryLine(party.country, [...address, place]),
    party.vatNumber ? `VAT number: ${party.vatNumber}` : null,
    party.email,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** An amount as the document prints it: formatMoney's text (`€37.99`, `¥6,000`), printable. */
function printed(amount: Money): string {
  return printable(formatMoney(amount));
}

/**
 * A line's net unit price: its net (after its share of any discount) over its quantity, in the currency's
 * minor units when it divides evenly, else to two more decimals at most (four for cents, two for yen), so
 * that Qty × Unit price gives the line's Net.
 */
export function unitPrice(netCents: number, quantity: number, currency: Currency): string {
  if (quantity <= 0 || netCents % quantity === 0)
    return printed(money(netCents / Math.max(quantity, 1), currency));
  const hundredths = Math.round((netCents * 100) / quantity);
  const whole = printed(money(Math.trunc(hundredths / 100), currency));
  const more = String(Math.abs(hundredths % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return more && minorUnitDigits(currency) === 0 ? `${whole}.${more}` : whole + more;
}

/**
 * An invoice or a credit note as an A4 PDF, drawn from its frozen row alone (and, for a credit note, the
 * frozen row of the invoice it corrects): the same row always gives the same file. Text stays extractable
 * (uncompressed, see renderPdf).
 */
export function renderTaxDocumentPdf(document: TaxDocument, corrects: TaxDocument | null): Promise<Buffer> {
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const info = {
    Title: `${title} ${document.number}`,
    Author: document.details.seller.name,
    CreationDate: document.issuedAt,
  };
  return renderPdf(info, (doc) => draw(doc, document, title, corrects));
}

function draw(doc: PDFKit.PDFDocument, d: TaxDocument, title: string, corrects: TaxDocument | null) {
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const label = (name: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${name}: `, { continued: true })
      .font('Helvetica')
      .text(value);

  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.5);
  label('Number', d.number);
  label('Date', day(d.issuedAt));
  label('Order', d.orderId);
  if (corrects) label('Corrects invoice', `${corrects.number} of ${day(corrects.issuedAt)}`);
  doc.moveDown(1);

  // Seller and buyer side by side.
  const top = doc.y;
  const party = (heading: string, x: number, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(heading, x, top, { width: 230 });
    doc.font('Helvetica').fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: 230 });
    return doc.y;
  };
  const end = Math.max(
    party('From', left, partyLines(d.details.seller)),
    party(d.kind === 'invoice' ? 'Bill to' : 'Credited to', 310, partyLines(d.details.buyer)),
  );
  doc.y = end + 20;

  // The lines.
  const currency = currencyOf(d);
  const amount = (cents: number) => printed(money(cents, currency));
  const taxed = d.taxMode !== 'off';
  const columns = taxed ? TAXED : UNTAXED;
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(9);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 5 })),
    );
    if (doc.y + height > bottom()) doc.addPage();
    const y = doc.y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, column.x, y, { width: column.width - 5, align: column.align });
    });
    doc.x = left;
    doc.y = y + height + 4;
  };
  row(
    columns.map((c) => c.title),
    'Helvetica-Bold',
  );
  for (const line of d.details.lines) {
    const amounts = taxed ? [line.netCents, line.taxCents, line.totalCents] : [line.totalCents];
    const unit = taxed ? unitPrice(line.netCents, line.quantity, currency) : amount(line.unitPriceCents);
    row([line.description, String(line.quantity), unit, ...amounts.map(amount)], 'Helvetica');
  }
  doc.moveDown(1);

  // The totals, right-aligned under the table.
  const total = (name: string, cents: number, bold = false, format = amount) => {
    if (doc.y + 14 > bottom()) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(name, 245, y, { width: 215, align: 'right' });
    doc.text(format(cents), 465, y, { width: 75, align: 'right' });
    doc.x = left;
  };
  const discount = d.details.discountCents ?? 0;
  if (discount > 0) total('Discount (already taken off the lines)', -discount);
  if (taxed) {
    total('Net', d.netCents);
    const country = d.taxCountry ? ` (${d.taxCountry})` : '';
    total(`VAT ${percentOf(d.taxRateBasisPoints)}%${country}`, d.taxCents);
    const inTaxCurrency = d.details.taxInTaxCurrency;
    if (inTaxCurrency) {
      const { rateDate, unitsPerEuro } = inTaxCurrency;
      const taxCurrency = currencyOf(inTaxCurrency);
      total(`VAT in ${taxCurrency}`, inTaxCurrency.taxCents, false, (cents) =>
        printed(money(cents, taxCurrency)),
      );
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(
          `Converted at the ECB reference rate of ${rateDate}: 1 EUR = ${formatRate(unitsPerEuro)} ` +
            `${currency}.`,
          left,
          doc.y + 2,
          { width: 490, align: 'right' },
        );
    }
  }
  total(d.kind === 'invoice' ? 'Total' : 'Total credited', d.totalCents, true);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Amounts in ${currency}.`, left, doc.y + 4, { width: 490, align: 'right' });

  if (d.details.notes.length) {
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(10).text('Notes', left);
    doc.font('Helvetica').fontSize(9.5);
    for (const note of d.details.notes) doc.text(printable(note), left, doc.y, { width: 495 });
  }
}
