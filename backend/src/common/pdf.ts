import { StreamableFile } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import { CURRENCIES, formatMoney, money, type Currency } from './money.js';

/** A character the standard fonts cannot print (WinAnsiEncoding: printable Latin-1, € and a few more). */
const UNPRINTABLE = /[^\u0020-\u00ff€]/;

/** The currency signs formatMoney writes that the standard fonts lack (the rupee's), with their codes. */
const UNPRINTABLE_SIGNS = CURRENCIES.map((currency): [string, Currency] => [
  formatMoney(money(0, currency)).replace(/[\d.,\s-]/g, ''),
  currency,
]).filter(([sign]) => UNPRINTABLE.test(sign));

/**
 * `text` as the store's PDFs print it in the standard fonts: a currency sign they lack written as the
 * currency's code (`₹3,399.00` is `INR 3,399.00`); `$`, `€`, `£` and `¥` print as they are.
 */
export function printable(text: string): string {
  return UNPRINTABLE_SIGNS.reduce((out, [sign, code]) => out.replaceAll(sign, `${code}\u00a0`), text);
}

/**
 * An A4 PDF that `draw` writes, as one Buffer. Content streams are not compressed (`compress: false`): the
 * documents are small, and their text stays searchable by simple tools. With `info.CreationDate` set the
 * bytes depend on the drawing alone (pdfkit dates the file and derives its ID from that date), so a
 * document drawn twice from the same record is the same file.
 */
export function renderPdf(
  info: PDFKit.DocumentInfo,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A PDF answered as a download named `fileName` (Content-Disposition: attachment). */
export function pdfAttachment(pdf: Buffer, fileName: string): StreamableFile {
  return new StreamableFile(pdf, {
    type: 'application/pdf',
    disposition: `attachment; filename="${fileName}"`,
    length: pdf.length,
  });
}
