import { checkVAT, countries, type Country } from 'jsvat';
import { EU_COUNTRIES, VAT_COUNTRIES } from './tax-rates.js';

/**
 * A business buyer's VAT number (#20 §4): its format per country is the kept `jsvat` package's (each
 * country's pattern and check digits); whether it is registered is VatNumberChecker's question.
 */

/** The prefix of `country`'s VAT numbers: its ISO code, but Greece's numbers start EL. */
export function vatPrefixOf(country: string): string | null {
  if (!(VAT_COUNTRIES as readonly string[]).includes(country)) return null;
  return country === 'GR' ? 'EL' : country;
}

/** jsvat's rules for each country the store takes VAT numbers from, by ISO code; all there, or none. */
const FORMATS = new Map<string, Country>(
  VAT_COUNTRIES.map((country) => {
    const format = countries.find((c) => c.codes[0] === country);
    if (!format) throw new Error(`jsvat has no VAT-number format for ${country}`);
    return [country, format];
  }),
);

/** The prefixes a buyer may type: the EU's, the UK's, Greece's ISO code and Northern Ireland's XI. */
const KNOWN_PREFIXES = new Set([...VAT_COUNTRIES.map((c) => vatPrefixOf(c)!), 'GR', 'XI']);

const EU_PREFIXES = new Set(EU_COUNTRIES.map((c) => vatPrefixOf(c)!));

function validFor(vatNumber: string, country: string): boolean {
  return checkVAT(vatNumber, [FORMATS.get(country)!]).isValid;
}

/**
 * A VAT number as the store keeps it: without spaces, dots or hyphens, upper-case, with its country
 * prefix; one typed without it gets the billing country's (a Greek buyer's GR becomes EL). One typed
 * with another country's prefix keeps it, to be refused as such (vatNumberProblem): a French number whose
 * two-character key is letters that make a prefix (FR DE 811907980) is taken only with its FR.
 */
export function normaliseVatNumber(typed: string, billingCountry: string): string {
  const vatNumber = typed.replace(/[\s.-]+/g, '').toUpperCase();
  const prefix = vatPrefixOf(billingCountry);
  if (!vatNumber || !prefix || vatNumber.startsWith(prefix)) return vatNumber;
  if (billingCountry === 'GR' && vatNumber.startsWith('GR')) return `EL${vatNumber.slice(2)}`;
  return KNOWN_PREFIXES.has(vatNumber.slice(0, 2)) ? vatNumber : prefix + vatNumber;
}

/**
 * Why a normalised VAT number is refused for a buyer billed in `billingCountry`, or null: `not-taken` (the
 * store takes VAT numbers from the EU's and the UK's buyers only), `other-country` (another country's
 * prefix), `format` (not a valid number of that country, as jsvat has it).
 */
export type VatNumberProblem = 'not-taken' | 'other-country' | 'format';

export function vatNumberProblem(vatNumber: string, billingCountry: string): VatNumberProblem | null {
  const prefix = vatPrefixOf(billingCountry);
  if (!prefix) return 'not-taken';
  if (!vatNumber.startsWith(prefix)) return 'other-country';
  return validFor(vatNumber, billingCountry) ? null : 'format';
}

/** A number of an EU member state (prefix EL for Greece), which VIES knows; the UK's are not. */
export function isEuVatNumber(vatNumber: string): boolean {
  return EU_PREFIXES.has(vatNumber.slice(0, 2)) && vatNumber.length > 2;
}
