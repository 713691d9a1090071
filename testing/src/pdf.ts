/** The encoding of pdfkit's standard fonts: Latin-1, and € – ‘ ’ … in the bytes Latin-1 leaves to controls. */
const WIN_ANSI = new TextDecoder('windows-1252');

/**
 * The text drawn in an uncompressed PDF, one text run a line: pdfkit writes each run as hex strings inside
 * a TJ array (its standard fonts encode each character as one byte of WinAnsiEncoding). The store's PDFs
 * (dispute evidence, invoices, credit notes) are written uncompressed for this.
 */
export function pdfText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map(([, items]) =>
      [...items!.matchAll(/<([0-9a-f]*)>/gi)]
        .map(([, hex]) => WIN_ANSI.decode(Buffer.from(hex!, 'hex')))
        .join(''),
    )
    .join('\n');
}
