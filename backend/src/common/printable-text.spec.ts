import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PrintableText } from './printable-text.js';

class Named {
  @PrintableText('Company name', 'billing.company')
  company: unknown;
}

const problems = (company: unknown) =>
  validateSync(plainToInstance(Named, { company })).flatMap((e) => Object.values(e.constraints ?? {}));

describe('PrintableText', () => {
  it.each([
    ['a tab', 'Acme\tLtd'],
    ['a NUL', 'Acme\u0000Ltd'],
    ['a form feed', 'Acme\fLtd'],
    ['a newline', 'Acme Ltd\nPaid in full'],
    ['a carriage return', 'Acme\rLtd'],
    ['DEL', 'Acme\u007fLtd'],
    ['a C1 control (NEL)', 'Acme\u0085Ltd'],
    ['a line separator', 'Acme\u2028Ltd'],
    ['a right-to-left override', 'Acme \u202egnp.exe'],
    ['a left-to-right embedding', 'Acme \u202aLtd'],
    ['a pop directional formatting', 'Acme\u202cLtd'],
    ['a first-strong isolate', 'Acme \u2068Ltd\u2069'],
    ['a right-to-left mark', 'Acme\u200fLtd'],
    ['a left-to-right mark', 'Acme\u200eLtd'],
    ['an Arabic letter mark', 'Acme\u061cLtd'],
  ])('refuses %s, naming the field', (_what, company) => {
    expect(problems(company)).toEqual([
      'Company name must not contain control characters (tabs, line breaks) or text-direction marks (billing.company)',
    ]);
  });

  it.each([
    'Atelier Dupont SARL',
    'Müller & Söhne GmbH',
    'شركة الأمل',
    'זאב כהן בע"מ',
    'Ōkubo 大久保 株式会社',
    // A zero-width non-joiner and joiner, as Persian and Indic names are spelled.
    'می\u200cخواهم',
    'क्\u200dष',
  ])('accepts %j', (company) => {
    expect(problems(company)).toEqual([]);
  });

  it('leaves other types to the type checks', () => {
    expect(problems(42)).toEqual([]);
    expect(problems(undefined)).toEqual([]);
  });
});
