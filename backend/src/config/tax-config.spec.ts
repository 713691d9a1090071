import { taxConfig } from './tax-config.js';

const read = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { config: taxConfig(env, problems), problems };
};

describe('tax settings', () => {
  it('are off by default, as the spec has it', () => {
    expect(read({})).toEqual({
      config: {
        mode: 'off',
        sellerCountry: null,
        sellerVatNumber: null,
        sellerName: null,
        sellerAddress: null,
        rateOverrides: {},
        vatValidation: { url: null, timeoutMs: 3000 },
      },
      problems: [],
    });
  });

  it('take the mode, the seller and rate overrides in percent', () => {
    const env = {
      TAX_MODE: 'Exclusive',
      SELLER_COUNTRY: 'us',
      SELLER_VAT_NUMBER: 'EU 372 000 041',
      TAX_RATE_OVERRIDES: 'CH=8.1, NO=25,de=7',
      VAT_VALIDATION_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api/',
      VAT_VALIDATION_TIMEOUT_MS: '5000',
    };
    expect(read(env)).toEqual({
      config: {
        mode: 'exclusive',
        sellerCountry: 'US',
        sellerVatNumber: 'EU372000041',
        sellerName: null,
        sellerAddress: null,
        rateOverrides: { CH: 810, NO: 2500, DE: 700 },
        // The base without its trailing slash: the check's path is added to it.
        vatValidation: { url: 'https://ec.europa.eu/taxation_customs/vies/rest-api', timeoutMs: 5000 },
      },
      problems: [],
    });
  });

  it('take the seller’s name and address for the invoices, the address’s \\n as line breaks', () => {
    const env = {
      SELLER_NAME: '  Licence Store Ltd ',
      SELLER_ADDRESS: '1 Main Street\\n Suite 5 \\n\\nAnderson, SC 29621\nUnited States',
    };
    expect(read(env).config).toMatchObject({
      sellerName: 'Licence Store Ltd',
      sellerAddress: '1 Main Street\nSuite 5\nAnderson, SC 29621\nUnited States',
    });
    expect(read({ SELLER_NAME: ' ', SELLER_ADDRESS: '\\n' }).config).toMatchObject({
      sellerName: null,
      sellerAddress: null,
    });
  });

  it('name each wrong value', () => {
    const env = {
      TAX_MODE: 'sometimes',
      SELLER_COUNTRY: 'USA1',
      SELLER_VAT_NUMBER: '!',
      TAX_RATE_OVERRIDES: 'CH=8.1,NO',
      VAT_VALIDATION_URL: 'ec.europa.eu/vies',
      VAT_VALIDATION_TIMEOUT_MS: '3s',
      SELLER_NAME: 'x'.repeat(201),
      SELLER_ADDRESS: 'y'.repeat(501),
    };
    expect(read(env).problems).toEqual([
      'TAX_MODE must be one of off, inclusive, exclusive (got "sometimes")',
      'SELLER_COUNTRY must be a two-letter country code (got "USA1")',
      'SELLER_VAT_NUMBER must be 4 to 20 letters and digits (got "!")',
      'SELLER_NAME must be at most 200 characters',
      'SELLER_ADDRESS must be at most 500 characters',
      'TAX_RATE_OVERRIDES must be COUNTRY=percent pairs, e.g. CH=8.1,NO=25 (got "NO")',
      'VAT_VALIDATION_URL must be an http(s) URL such as https://ec.europa.eu/taxation_customs/vies/rest-api (got "ec.europa.eu/vies")',
      'VAT_VALIDATION_TIMEOUT_MS must be a whole number from 100 to 60000 (got "3s")',
    ]);
    expect(
      read({ VAT_VALIDATION_URL: 'ftp://vies.example', VAT_VALIDATION_TIMEOUT_MS: '99' }).problems,
    ).toEqual([
      'VAT_VALIDATION_URL must be an http(s) URL such as https://ec.europa.eu/taxation_customs/vies/rest-api (got "ftp://vies.example")',
      'VAT_VALIDATION_TIMEOUT_MS must be a whole number from 100 to 60000 (got "99")',
    ]);
  });
});
