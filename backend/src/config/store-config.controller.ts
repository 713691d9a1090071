import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CatalogService } from '../catalog/catalog.service.js';
import { Public } from '../common/auth.decorators.js';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../common/money.js';
import {
  APP_CONFIG,
  checkoutPaymentProvider,
  DEV_DEFAULTS,
  PAYMENT_PROVIDER_NAMES,
  type AppConfig,
  type PaymentProviderName,
} from './app-config.js';
import { SUPPORT_HOURS } from './support-hours.js';
import { TAX_MODES, type TaxMode } from './tax-config.js';

export class DevelopmentSignInDto {
  @ApiProperty({ example: DEV_DEFAULTS.adminUsername })
  username: string;

  @ApiProperty({ example: DEV_DEFAULTS.adminPassword })
  password: string;
}

export class SupportScheduleRowDto {
  @ApiProperty({ example: SUPPORT_HOURS.schedule[1].day })
  day: string;

  @ApiProperty({ example: SUPPORT_HOURS.schedule[1].hours })
  hours: string;

  @ApiProperty({ example: SUPPORT_HOURS.schedule[1].support })
  support: string;
}

export class SupportHoursDto {
  @ApiProperty({ example: SUPPORT_HOURS.email, description: 'When e-mail to support is read' })
  email: string;

  @ApiProperty({ example: SUPPORT_HOURS.phone })
  phone: string;

  @ApiProperty({ example: SUPPORT_HOURS.summary, description: 'The week in one line' })
  summary: string;

  @ApiProperty({
    type: [SupportScheduleRowDto],
    description: 'The week in detail, one row per group of days',
  })
  schedule: SupportScheduleRowDto[];
}

export class StoreConfigDto {
  @ApiProperty({ enum: ['development', 'production', 'test'] })
  environment: AppConfig['nodeEnv'];

  @ApiProperty({ enum: PAYMENT_PROVIDER_NAMES, enumName: 'PaymentProvider' })
  paymentProvider: PaymentProviderName;

  @ApiProperty({ example: 'Office Licence Store' })
  storeName: string;

  @ApiProperty({ example: 'support@example.com' })
  supportEmail: string;

  @ApiProperty({ example: '+1 (864) 555-0142' })
  supportPhone: string;

  @ApiProperty({ example: 'Anderson, SC, United States' })
  officeAddress: string;

  @ApiProperty({ type: SupportHoursDto })
  supportHours: SupportHoursDto;

  @ApiProperty({
    example: 12,
    description: 'An order held for review is usually reviewed within this many hours (HOLD_REVIEW_HOURS)',
  })
  holdReviewHours: number;

  /** With tax on, the cart says tax is worked out at checkout (the rate is the billing country's). */
  @ApiProperty({
    enum: TAX_MODES,
    enumName: 'TaxMode',
    description: 'Tax on prices (TAX_MODE): none, included in them, or added to them',
  })
  taxMode: TaxMode;

  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    isArray: true,
    example: [...CURRENCIES],
    description:
      'The currencies sold (a price in them for at least one product), upper-case ISO 4217, the default ' +
      'first: the values GET /api/products?currency= takes',
  })
  currencies: Currency[];

  @ApiProperty({
    enum: CURRENCIES,
    enumName: 'Currency',
    example: DEFAULT_CURRENCY,
    description: 'The currency of prices and orders that name none',
  })
  defaultCurrency: Currency;

  @ApiProperty({
    type: DevelopmentSignInDto,
    nullable: true,
    description: "The development administrator's sign-in, outside production while it is still the default",
  })
  developmentSignIn: DevelopmentSignInDto | null;
}

/** What the two front ends need to know about this server, decided here rather than baked into builds. */
@ApiTags('store')
@Public()
@Controller('store-config')
export class StoreConfigController {
  private readonly answer: Omit<StoreConfigDto, 'currencies'>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: CatalogService,
  ) {
    const devSignIn =
      !config.isProduction &&
      config.admin.username === DEV_DEFAULTS.adminUsername &&
      config.admin.password === DEV_DEFAULTS.adminPassword;
    this.answer = {
      environment: config.nodeEnv,
      paymentProvider: checkoutPaymentProvider(config),
      storeName: config.store.name,
      supportEmail: config.mail.supportEmail,
      supportPhone: config.store.supportPhone,
      officeAddress: config.store.officeAddress,
      supportHours: config.store.hours,
      holdReviewHours: config.review.reviewHours,
      taxMode: config.tax.mode,
      defaultCurrency: DEFAULT_CURRENCY,
      developmentSignIn: devSignIn
        ? { username: DEV_DEFAULTS.adminUsername, password: DEV_DEFAULTS.adminPassword }
        : null,
    };
  }

  @Get()
  @ApiOperation({ summary: "The store's public settings for the storefront and the back office" })
  @ApiOkResponse({ type: StoreConfigDto })
  get(): StoreConfigDto {
    return { ...this.answer, currencies: this.catalog.soldCurrencies() };
  }
}
