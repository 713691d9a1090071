/**
 * The text drawn in an uncompressed PDF, one text run a line: pdfkit writes each run as hex strings inside
 * a TJ array (its standard fonts encode Latin-1 characters one byte each). The store's PDFs (dispute
 * evidence, invoices, credit notes) are written uncompressed for this.
 */
export function pdfText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map(([, items]) =>
      [...items!.matchAll(/<([0-9a-f]*)>/gi)]
        .map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}
