/**
 * Tax (#20): off by default, as the spec has it ("Taxes and fees $0.00"); the owner turns it on. Read with
 * the other settings (app-config.ts).
 */

/** `off`: no tax; `inclusive`: prices include the buyer's country's tax; `exclusive`: it is added to them. */
export const TAX_MODES = ['off', 'inclusive', 'exclusive'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export interface TaxConfig {
  /** TAX_MODE (default `off`). */
  mode: TaxMode;
  /** SELLER_COUNTRY: the seller's own country (ISO 3166-1 alpha-2), on invoices; empty when not set. */
  sellerCountry: string | null;
  /** SELLER_VAT_NUMBER: the seller's VAT number, on invoices. */
  sellerVatNumber: string | null;
  /** SELLER_NAME: the seller as invoices name it; null: the store's name (STORE_NAME). */
  sellerName: string | null;
  /**
   * SELLER_ADDRESS: the seller's address on invoices, free text whose `\n` (typed as such in a .env file)
   * breaks a line; null: the office address (OFFICE_ADDRESS).
   */
  sellerAddress: string | null;
  /**
   * TAX_RATE_OVERRIDES (`CH=8.1,NO=25`): rates in percent that replace the recorded ones or add countries
   * the store does not charge by itself (any outside the EU and the UK), in basis points here.
   */
  rateOverrides: Record<string, number>;
  /**
   * Where business buyers' EU VAT numbers are checked (#20 §4): VAT_VALIDATION_URL, the base of VIES's REST
   * API (`https://ec.europa.eu/taxation_customs/vies/rest-api`), null when not set (numbers then stay
   * unverified: the consumer rate); VAT_VALIDATION_TIMEOUT_MS (3000), how long an answer is waited for.
   */
  vatValidation: { url: string | null; timeoutMs: number };
}

type Env = Record<string, string | undefined>;

/** The longest seller name and address an invoice prints (they are frozen into each one). */
const SELLER_NAME_MAX = 200;
const SELLER_ADDRESS_MAX = 500;

export function taxConfig(env: Env, problems: string[]): TaxConfig {
  const rawMode = env.TAX_MODE?.trim().toLowerCase() || 'off';
  const mode = (TAX_MODES as readonly string[]).includes(rawMode) ? (rawMode as TaxMode) : 'off';
  if (mode !== rawMode)
    problems.push(`TAX_MODE must be one of ${TAX_MODES.join(', ')} (got "${env.TAX_MODE}")`);

  const sellerCountry = env.SELLER_COUNTRY?.trim().toUpperCase() || null;
  if (sellerCountry && !/^[A-Z]{2}$/.test(sellerCountry))
    problems.push(`SELLER_COUNTRY must be a two-letter country code (got "${env.SELLER_COUNTRY}")`);
  const sellerVatNumber = env.SELLER_VAT_NUMBER?.trim().replace(/\s+/g, '').toUpperCase() || null;
  if (sellerVatNumber && !/^[A-Z0-9]{4,20}$/.test(sellerVatNumber))
    problems.push(`SELLER_VAT_NUMBER must be 4 to 20 letters and digits (got "${env.SELLER_VAT_NUMBER}")`);

  const sellerName = env.SELLER_NAME?.trim() || null;
  if (sellerName && sellerName.length > SELLER_NAME_MAX)
    problems.push(`SELLER_NAME must be at most ${SELLER_NAME_MAX} characters`);
  const sellerAddress =
    env.SELLER_ADDRESS?.replace(/\\n/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n') || null;
  if (sellerAddress && sellerAddress.length > SELLER_ADDRESS_MAX)
    problems.push(`SELLER_ADDRESS must be at most ${SELLER_ADDRESS_MAX} characters`);

  const rateOverrides: Record<string, number> = {};
  for (const entry of (env.TAX_RATE_OVERRIDES ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Z]{2,3})=(\d{1,2}(?:\.\d{1,2})?)$/.exec(entry.toUpperCase());
    if (!match) {
      problems.push(`TAX_RATE_OVERRIDES must be COUNTRY=percent pairs, e.g. CH=8.1,NO=25 (got "${entry}")`);
      continue;
    }
    rateOverrides[match[1]!] = Math.round(Number(match[2]) * 100);
  }
  return {
    mode,
    sellerCountry,
    sellerVatNumber,
    sellerName,
    sellerAddress,
    rateOverrides,
    vatValidation: vatValidation(env, problems),
  };
}

function vatValidation(env: Env, problems: string[]): TaxConfig['vatValidation'] {
  const url = env.VAT_VALIDATION_URL?.trim().replace(/\/+$/, '') || null;
  const protocol = url && URL.canParse(url) ? new URL(url).protocol : null;
  if (url && protocol !== 'http:' && protocol !== 'https:')
    problems.push(
      `VAT_VALIDATION_URL must be an http(s) URL such as https://ec.europa.eu/taxation_customs/vies/rest-api (got "${env.VAT_VALIDATION_URL}")`,
    );
  const rawTimeout = env.VAT_VALIDATION_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : 3000;
  const timeoutOk = Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= 60_000;
  if (!timeoutOk)
    problems.push(`VAT_VALIDATION_TIMEOUT_MS must be a whole number from 100 to 60000 (got "${rawTimeout}")`);
  return { url, timeoutMs: timeoutOk ? timeoutMs : 3000 };
}
