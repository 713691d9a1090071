import { VAT_COUNTRIES } from './tax-rates.js';
import { isEuVatNumber, normaliseVatNumber, vatNumberProblem, vatPrefixOf } from './vat-numbers.js';

describe('VAT numbers', () => {
  it('are kept without spaces, dots or hyphens, upper-case, with the billing country’s prefix', () => {
    expect(normaliseVatNumber(' fr 40.303-265 045 ', 'FR')).toBe('FR40303265045');
    expect(normaliseVatNumber('40 303 265 045', 'FR')).toBe('FR40303265045');
    expect(normaliseVatNumber('811907980', 'DE')).toBe('DE811907980');
    expect(normaliseVatNumber('u13585627', 'AT')).toBe('ATU13585627');
    expect(normaliseVatNumber('980 7806 84', 'GB')).toBe('GB980780684');
    // Nothing typed stays nothing: not given.
    expect(normaliseVatNumber(' - . ', 'FR')).toBe('');
  });

  it('give Greek numbers their VAT prefix EL, not the ISO code GR', () => {
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(normaliseVatNumber('094259216', 'GR')).toBe('EL094259216');
    expect(normaliseVatNumber('GR094259216', 'GR')).toBe('EL094259216');
    expect(normaliseVatNumber('el 094 259 216', 'GR')).toBe('EL094259216');
    expect(vatNumberProblem('EL094259216', 'GR')).toBeNull();
  });

  it('keep another country’s prefix, to be refused as such', () => {
    expect(normaliseVatNumber('DE811907980', 'FR')).toBe('DE811907980');
    expect(normaliseVatNumber('XI980780684', 'GB')).toBe('XI980780684');
    // A French key of letters that make a prefix is taken only with the FR before it.
    expect(normaliseVatNumber('FR DE 811907980', 'FR')).toBe('FRDE811907980');
    expect(vatNumberProblem('FRDE811907980', 'FR')).toBeNull();
    expect(normaliseVatNumber('AB123456789', 'FR')).toBe('FRAB123456789');
    // Anywhere outside the EU and the UK nothing is added: the number is refused there.
    expect(normaliseVatNumber('12-345', 'US')).toBe('12345');
  });

  it('are refused outside the EU and the UK, with another country’s prefix, or with a wrong format', () => {
    expect(vatNumberProblem('FR40303265045', 'FR')).toBeNull();
    expect(vatNumberProblem('GB980780684', 'GB')).toBeNull();
    expect(vatNumberProblem('FR40303265045', 'US')).toBe('not-taken');
    expect(vatNumberProblem('FR40303265045', 'CH')).toBe('not-taken');
    expect(vatNumberProblem('DE811907980', 'FR')).toBe('other-country');
    // jsvat's check digits: one digit off is not a French number.
    expect(vatNumberProblem('FR40303265046', 'FR')).toBe('format');
    expect(vatNumberProblem('FR4030326504', 'FR')).toBe('format');
    expect(vatNumberProblem('GB123456789', 'GB')).toBe('format');
  });

  it('are checked with each country’s own rules', () => {
    const valid = {
      AT: 'ATU13585627',
      DE: 'DE811907980',
      IE: 'IE6388047V',
      NL: 'NL004495445B01',
      GB: 'GB980780684',
    };
    for (const [country, vatNumber] of Object.entries(valid)) {
      expect([vatNumber, vatNumberProblem(vatNumber, country)]).toEqual([vatNumber, null]);
      // The same number under another country's rules is not one of its.
      expect(vatNumberProblem(`FR${vatNumber.slice(2)}`, 'FR')).toBe('format');
    }
    for (const country of VAT_COUNTRIES)
      expect(vatNumberProblem(`${vatPrefixOf(country)}0`, country)).toBe('format');
  });

  it('are the EU’s, which VIES holds, or not (the UK’s, the One-Stop Shop’s EU numbers)', () => {
    expect(isEuVatNumber('FR40303265045')).toBe(true);
    expect(isEuVatNumber('EL094259216')).toBe(true);
    expect(isEuVatNumber('IE6388047V')).toBe(true);
    expect(isEuVatNumber('GB980780684')).toBe(false);
    expect(isEuVatNumber('EU372000041')).toBe(false);
    expect(isEuVatNumber('FR')).toBe(false);
  });
});
