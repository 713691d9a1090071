import { addressHasPostcode, companyNamesMatch, companyNameTokens, disclosed } from './company-names.js';

describe('company names typed against those VIES has registered', () => {
  it('reads VIES’s "---" and empty values as not disclosed', () => {
    expect(disclosed('---')).toBeNull();
    expect(disclosed(' - ')).toBeNull();
    expect(disclosed('')).toBeNull();
    expect(disclosed(undefined)).toBeNull();
    expect(disclosed(42)).toBeNull();
    expect(disclosed(' ACME SARL ')).toBe('ACME SARL');
  });

  it('drops case, accents, punctuation, spacing and the legal forms at the end', () => {
    expect(companyNameTokens('  Société  Générale S.A. ')).toEqual(['societe', 'generale']);
    expect(companyNameTokens('Müller & Söhne GmbH & Co. KG')).toEqual(['muller', 'and', 'sohne']);
    expect(companyNameTokens('Łódź Software sp. z o.o.')).toEqual(['lodz', 'software']);
    expect(companyNameTokens('A.B.C. Trading B.V.')).toEqual(['abc', 'trading']);
    expect(companyNameTokens('Straße AG')).toEqual(['strasse']);
    // A name that is only a legal form keeps its last word.
    expect(companyNameTokens('SA')).toEqual(['sa']);
  });

  it.each([
    ['Acme SARL', 'ACME S.A.R.L.'],
    ['acme', 'ACME SARL'],
    ['Acmé  s.à r.l', 'ACME SARL'],
    ['Bäckerei Schmidt GmbH', 'BACKEREI SCHMIDT'],
    ['Rossi & Figli S.p.A.', 'ROSSI & FIGLI SPA'],
    ['Widgets Ltd.', 'WIDGETS LIMITED'],
    ['Van der Berg B.V.', 'VAN DER BERG BV'],
    ['Micro Soft Ireland', 'MICROSOFT IRELAND'],
    ['Trading Nordic AB', 'NORDIC TRADING AB'],
  ])('matches %s with %s', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(true);
  });

  it.each([
    ['Someone Else Ltd', 'ACME SARL'],
    ['Acme', 'ACME FRANCE SARL'],
    ['Acne SARL', 'ACME SARL'],
    ['SARL', 'ACME SARL'],
    ['', 'ACME SARL'],
    ['...', 'ACME SARL'],
  ])('does not match %s with %s', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(false);
  });

  it('finds the billing postcode in the registered address, spacing and case aside', () => {
    expect(addressHasPostcode('8 RUE DE LA PAIX\n75002 PARIS', '75002')).toBe(true);
    expect(addressHasPostcode('1 HIGH ST\nLONDON N1 9GU', 'n19gu')).toBe(true);
    expect(addressHasPostcode('8 RUE DE LA PAIX\n75002 PARIS', '13001')).toBe(false);
    expect(addressHasPostcode('somewhere', ' ')).toBeNull();
  });
});
