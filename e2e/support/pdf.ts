/**
 * The text drawn in an uncompressed PDF (the store's PDFs are written with `compress: false`): pdfkit writes
 * it as hex strings inside TJ arrays; one line of the result per TJ.
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
