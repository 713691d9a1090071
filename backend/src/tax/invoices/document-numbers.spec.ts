import { formatNumber, seriesOf } from './document-numbers.js';

describe('document numbers', () => {
  it('number invoices 2026-000123 and credit notes CN-2026-000045, six digits at least', () => {
    expect(formatNumber('invoice', 2026, 123)).toBe('2026-000123');
    expect(formatNumber('credit-note', 2026, 45)).toBe('CN-2026-000045');
    expect(formatNumber('invoice', 2027, 1)).toBe('2027-000001');
    expect(formatNumber('invoice', 2026, 1_234_567)).toBe('2026-1234567');
  });

  it('keep a series per kind and year', () => {
    expect(seriesOf('invoice', 2026)).toBe('invoice-2026');
    expect(seriesOf('credit-note', 2026)).toBe('credit-note-2026');
    expect(seriesOf('invoice', 2027)).toBe('invoice-2027');
    // Every series name fits tax_document_series.series, every number tax_documents.number.
    expect(seriesOf('credit-note', 9999).length).toBeLessThanOrEqual(32);
    expect(formatNumber('credit-note', 9999, 99_999_999).length).toBeLessThanOrEqual(20);
  });
});
