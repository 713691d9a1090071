import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import {
  EXCHANGE_RATE_SOURCES,
  type ExchangeRate,
  type ExchangeRateSource,
} from '../../entities/exchange-rate.entity.js';
import { DAY_PATTERN, formatRate, RATE_PATTERN } from '../quarters.js';

/** A row of the back office's exchange rates. */
export class ExchangeRateDto {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217, upper-case' }) currency: string;
  @ApiProperty({ example: '2026-12-31', description: "The ECB's publication day" }) date: string;
  @ApiProperty({ example: '1.0823', description: '1 EUR = this many units of the currency' })
  rate: string;
  @ApiProperty({ type: 'integer', example: 1082300, description: 'The rate in millionths' })
  unitsPerEuro: number;
  @ApiProperty({ enum: EXCHANGE_RATE_SOURCES, enumName: 'ExchangeRateSource' }) source: ExchangeRateSource;
  @ApiProperty({ type: String, nullable: true, description: 'Who imported or entered it last' })
  staffUsername: string | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;

  static from(rate: ExchangeRate): ExchangeRateDto {
    return {
      id: rate.id,
      currency: rate.currency,
      date: rate.date,
      rate: formatRate(rate.unitsPerEuro),
      unitsPerEuro: rate.unitsPerEuro,
      source: rate.source,
      staffUsername: rate.staffUsername,
      createdAt: rate.createdAt,
      updatedAt: rate.updatedAt,
    };
  }
}

export const CURRENCY_MESSAGE = 'Currency must be a three-letter code such as USD';
export const DATE_MESSAGE = 'Date must be a day such as 2026-12-31';
export const RATE_MESSAGE = 'Rate must be a number above 0 such as 1.0823 (what 1 EUR is in the currency)';
const CURRENCY_PATTERN = /^[A-Za-z]{3}$/;

const UpperCase = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  );
const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** On update a field may be left out, but not sent as null. */
const IfSent = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);

// The decorator nearest the property is checked first: "is required" before the format.
export class CreateExchangeRateDto {
  @ApiProperty({ example: 'USD', pattern: CURRENCY_PATTERN.source, description: 'Stored upper-case' })
  @UpperCase()
  @Matches(CURRENCY_PATTERN, { message: CURRENCY_MESSAGE })
  @IsNotEmpty({ message: 'Currency is required' })
  @IsString({ message: 'Currency is required' })
  currency: string;

  @ApiProperty({ example: '2026-12-31', pattern: DAY_PATTERN.source })
  @Trimmed()
  @Matches(DAY_PATTERN, { message: DATE_MESSAGE })
  @IsNotEmpty({ message: 'Date is required' })
  @IsString({ message: 'Date is required' })
  date: string;

  @ApiProperty({
    example: '1.0823',
    pattern: RATE_PATTERN.source,
    description: '1 EUR = this many units of the currency, as the ECB writes it (at most 6 decimals)',
  })
  @Trimmed()
  @Matches(RATE_PATTERN, { message: RATE_MESSAGE })
  @IsString({ message: RATE_MESSAGE })
  @IsNotEmpty({ message: 'Rate is required' })
  rate: string;
}

/** Any of the fields; the source becomes `staff`. */
export class UpdateExchangeRateDto {
  @ApiPropertyOptional({ example: 'USD', pattern: CURRENCY_PATTERN.source })
  @UpperCase()
  @IfSent()
  @Matches(CURRENCY_PATTERN, { message: CURRENCY_MESSAGE })
  @IsNotEmpty({ message: 'Currency is required' })
  @IsString({ message: 'Currency is required' })
  currency?: string;

  @ApiPropertyOptional({ example: '2026-12-31', pattern: DAY_PATTERN.source })
  @Trimmed()
  @IfSent()
  @Matches(DAY_PATTERN, { message: DATE_MESSAGE })
  @IsNotEmpty({ message: 'Date is required' })
  @IsString({ message: 'Date is required' })
  date?: string;

  @ApiPropertyOptional({ example: '1.0823', pattern: RATE_PATTERN.source })
  @Trimmed()
  @IfSent()
  @Matches(RATE_PATTERN, { message: RATE_MESSAGE })
  @IsString({ message: RATE_MESSAGE })
  @IsNotEmpty({ message: 'Rate is required' })
  rate?: string;
}

/** `POST /api/admin/exchange-rates/import`: what the file held, all of it now stored. */
export class ImportExchangeRatesResultDto {
  @ApiProperty({ type: 'integer', description: 'Rates stored (added, or replacing the one of that day)' })
  rates: number;
  @ApiProperty({ type: 'integer', description: 'Days in the file' }) dates: number;
  @ApiProperty({ type: 'integer', description: 'Cells the ECB marked N/A (no rate that day), skipped' })
  notAvailable: number;
  @ApiProperty({ type: [String], example: ['USD', 'GBP'] }) currencies: string[];
  @ApiProperty({ example: '1999-01-04', description: 'The first day with a rate' }) from: string;
  @ApiProperty({ example: '2026-12-31', description: 'The last day with a rate' }) to: string;
}
