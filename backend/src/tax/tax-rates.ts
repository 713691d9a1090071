import { createRequire } from 'node:module';

/** A country's VAT as sales-tax records it: a rate (0.19), and the rates that applied before a date. */
interface RecordedRate {
  type: string;
  rate: number;
  before?: Record<string, { type: string; rate: number }>;
}

/**
 * The standard rates, kept by the `sales-tax` package (its data file, with each change's date), read once.
 * Only the data is used: the package's own place-of-supply logic treats a sale from outside the EU as an
 * export free of VAT, which is wrong for electronically supplied services.
 */
const RECORDED = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as Record<
  string,
  RecordedRate
>;

/**
 * The countries whose VAT the store charges on its own data: the EU's 27 member states (VAT on
 * electronically supplied services at the buyer's rate, declared through the One-Stop Shop) and the UK.
 * Any other country is 0 until the owner sets its rate (TAX_RATE_OVERRIDES).
 */
export const VAT_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB',
] as const; // prettier-ignore

/** The EU's member states (VAT_COUNTRIES without the UK): their sales go into the One-Stop-Shop return. */
export const EU_COUNTRIES: readonly string[] = VAT_COUNTRIES.filter((country) => country !== 'GB');

/** A rate in basis points (1900 = 19 %), so that every amount stays in integers. */
export type BasisPoints = number;

/** "19" or "25.5": a rate as a percentage, as the API and the documents show it. */
export function percentOf(rate: BasisPoints): number {
  return rate / 100;
}

/**
 * The standard rate of `country` on `at` (a rate that changed applies from its date): the recorded VAT of
 * the EU's member states and the UK, or the owner's `overrides` (which win), else 0.
 */
export function standardRate(
  country: string,
  at: Date,
  overrides: Readonly<Record<string, BasisPoints>> = {},
): BasisPoints {
  if (country in overrides) return overrides[country]!;
  if (!(VAT_COUNTRIES as readonly string[]).includes(country)) return 0;
  const recorded = RECORDED[country];
  if (!recorded || recorded.type !== 'vat') throw new Error(`No VAT rate recorded for ${country}`);
  // The earliest change still ahead of `at` says what applied until then; none ahead: the current rate.
  const ahead = Object.entries(recorded.before ?? {})
    .map(([date, rate]) => ({ from: new Date(date), rate }))
    .filter(({ from }) => at < from)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
  const rate = ahead[0]?.rate.rate ?? recorded.rate;
  return Math.round(rate * 10_000);
}
