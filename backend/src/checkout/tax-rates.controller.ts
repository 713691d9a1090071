import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { TAX_MODES, type TaxMode } from '../config/tax-config.js';
import { COUNTRY_CODES } from './countries.js';
import { percentOf, standardRate } from '../tax/tax-rates.js';

/** How long a client and a proxy may keep the answer: rates change on dates announced months ahead. */
const MAX_AGE_SECONDS = 3600;

export class TaxRateDto {
  @ApiProperty({ example: 'DE', description: "A checkout country's code (CountryCode)" })
  country: string;

  @ApiProperty({ example: 19, description: 'Its standard rate today, in percent (25.5 for Finland)' })
  rate: number;
}

export class TaxRatesDto {
  @ApiProperty({ enum: TAX_MODES, enumName: 'TaxMode', description: 'Tax on prices (TAX_MODE)' })
  taxMode: TaxMode;

  @ApiProperty({
    type: [TaxRateDto],
    description:
      'The checkout countries whose buyers are charged tax, with the rate a consumer pays: the EU and the UK ' +
      '(and TAX_RATE_OVERRIDES). A country not listed is charged none; none is listed with tax off. A ' +
      "business's verified EU VAT number may still be reverse-charged: checkout's answer has the order's tax",
  })
  rates: TaxRateDto[];
}

/**
 * The VAT a consumer is charged in each checkout country, so the storefront can say "incl. VAT" and show the
 * VAT of a cart as soon as the billing country is known, before the order is made (#34).
 */
@ApiTags('store')
@Public()
@Controller('tax-rates')
export class TaxRatesController {
  private cached: { hour: number; answer: TaxRatesDto } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({
    summary: "Each checkout country's consumer VAT rate today (public, cached for an hour)",
  })
  @ApiOkResponse({ type: TaxRatesDto })
  @Header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`)
  get(): TaxRatesDto {
    const now = new Date();
    const hour = Math.floor(now.getTime() / (MAX_AGE_SECONDS * 1000));
    if (this.cached?.hour !== hour) this.cached = { hour, answer: this.ratesAt(now) };
    return this.cached.answer;
  }

  private ratesAt(at: Date): TaxRatesDto {
    const { mode, rateOverrides } = this.config.tax;
    const rates =
      mode === 'off'
        ? []
        : COUNTRY_CODES.map((country) => ({ country, rate: standardRate(country, at, rateOverrides) }))
            .filter(({ rate }) => rate > 0)
            .map(({ country, rate }) => ({ country, rate: percentOf(rate) }));
    return { taxMode: mode, rates };
  }
}
