import { describe, expect, it } from 'vitest';

/**
 * Every source of the storefront (its texts, pages and components), as text: what a buyer can read. Tests
 * excluded (they quote what must not be said).
 */
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** Words that would tell a buyer how the store weighs where they are for VAT (card, address, agreement). */
const EVIDENCE_RULE =
  /(card|issuing)[^.'`]{0,40}countr|countr[^.'`]{0,40}\bcard\b|geo-?ip|db-?ip|evidence|two (of|pieces)|ip address[^.'`]{0,80}(vat|tax)|(vat|tax)[^.'`]{0,80}ip address/i;

describe('what the storefront says about VAT', () => {
  it('reads its sources', () => {
    expect(SOURCES.length).toBeGreaterThan(50);
    expect(SOURCES.map(([path]) => path)).toContain('./tax.ts');
  });

  it('says nothing of how the evidence of the buyer’s country is weighed', () => {
    const telling = SOURCES.filter(([, text]) => EVIDENCE_RULE.test(text)).map(([path]) => path);
    expect(telling).toEqual([]);
  });
});
