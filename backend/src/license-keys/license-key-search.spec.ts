import { licenseKeySearchParts, licenseKeySearchTokens } from './license-key-search.js';

describe('licenseKeySearchTokens', () => {
  it("gives each group's 3-, 4- and 5-character prefix", () => {
    expect(licenseKeySearchTokens('ABCDE-12345-FGHIJ-67890-KLMNO')).toEqual([
      'ABC',
      'ABCD',
      'ABCDE',
      '123',
      '1234',
      '12345',
      'FGH',
      'FGHI',
      'FGHIJ',
      '678',
      '6789',
      '67890',
      'KLM',
      'KLMN',
      'KLMNO',
    ]);
  });

  it('gives a prefix two groups share once, and nothing shorter than three characters', () => {
    const tokens = licenseKeySearchTokens('ABCDE-ABCXY-ABCDE-22222-33333');
    expect(tokens.filter((t) => t === 'ABC')).toHaveLength(1);
    expect(tokens.filter((t) => t === 'ABCDE')).toHaveLength(1);
    expect(tokens).toContain('ABCXY');
    expect(tokens).toHaveLength(11);
    expect(tokens.every((t) => t.length >= 3 && t.length <= 5)).toBe(true);
  });
});

describe('licenseKeySearchParts', () => {
  it('splits on hyphens and spaces: each part a group typed from its start', () => {
    expect(licenseKeySearchParts('ABCDE')).toEqual(['ABCDE']);
    expect(licenseKeySearchParts('FGH')).toEqual(['FGH']);
    expect(licenseKeySearchParts('ABCDE-FGH')).toEqual(['ABCDE', 'FGH']);
    expect(licenseKeySearchParts(' ABCDE  FGHIJ-KLM ')).toEqual(['ABCDE', 'FGHIJ', 'KLM']);
    expect(licenseKeySearchParts('ABC-ABC')).toEqual(['ABC']);
  });

  it('leaves out parts of one or two characters, and is no search when nothing else is left', () => {
    expect(licenseKeySearchParts('ABCDE-F')).toEqual(['ABCDE']);
    expect(licenseKeySearchParts('AB')).toBeNull();
    expect(licenseKeySearchParts('A-BC')).toBeNull();
    expect(licenseKeySearchParts('')).toBeNull();
    expect(licenseKeySearchParts(' - ')).toBeNull();
  });

  it('is no search for text that cannot be part of a key', () => {
    expect(licenseKeySearchParts('OFFICE 2024')).toBeNull();
    expect(licenseKeySearchParts('HOME & BUSINESS')).toBeNull();
    expect(licenseKeySearchParts('ABCDE_FGHIJ')).toBeNull();
    expect(licenseKeySearchParts('AAA-BBB-CCC-DDD-EEE-FFF')).toBeNull();
  });
});
