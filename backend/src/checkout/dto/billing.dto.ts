import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { CustomerEmail, EMAIL_MAX_LENGTH } from '../../common/email.js';
import { parsePhoneNumber } from '../../common/phone-numbers.js';
import { PRINTABLE_TEXT, PrintableText } from '../../common/printable-text.js';
import { VAT_COUNTRIES } from '../../tax/tax-rates.js';
import {
  normaliseVatNumber,
  vatNumberProblem,
  vatPrefixOf,
  type VatNumberProblem,
} from '../../tax/vat-numbers.js';
import { COUNTRIES, COUNTRY_CODES, PHONE_KEYS } from '../countries.js';

const ZIP_CODE = /^[A-Za-z0-9 -]{3,10}$/;

/**
 * Each country's phone prefix, which the checkout preselects with it. @nestjs/swagger writes an `x-` key of
 * ApiProperty into the schema as it is, though its options type leaves such keys out.
 */
const PHONE_KEY_BY_COUNTRY = {
  'x-phoneKeys': Object.fromEntries(COUNTRIES.map((c) => [c.code, c.phoneKey])),
} as ApiPropertyOptions;

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** Optional text: trimmed, and not given when empty (or null). */
const optionalText = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || undefined : (value ?? undefined),
);

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/**
 * What a buyer is told of a VAT number refused for its billing country (tax/vat-numbers.ts), in the words of
 * the form (the storefront shows them on its field): no field path such as `billing.vatNumber` (#34).
 */
const VAT_NUMBER_REFUSED: Record<VatNumberProblem, (vatNumber: string, country: string) => string> = {
  'not-taken': () => 'A VAT number can be given only by a business billed in the EU or the UK',
  'other-country': (vatNumber, country) =>
    `VAT number ${vatNumber} does not start with ${vatPrefixOf(country)}, the prefix of ${countryName(country)}, the billing country`,
  format: (vatNumber, country) => `${vatNumber} is not a valid VAT number for ${countryName(country)}`,
};

const refusal = ({ value, object }: ValidationArguments) => {
  const { country } = object as BillingDto;
  // An unknown country is the country field's error alone.
  if (typeof value !== 'string' || !(COUNTRY_CODES as readonly string[]).includes(country)) return null;
  const problem = vatNumberProblem(value, country);
  return problem && VAT_NUMBER_REFUSED[problem](value, country);
};

/** A VAT number the billing country's format accepts (tax/vat-numbers.ts), else the reason. */
const VatNumberForCountry = ValidateBy({
  name: 'vatNumberForCountry',
  validator: {
    validate: (_value, args) => !refusal(args!),
    defaultMessage: (args) => refusal(args!) ?? '',
  },
});

/**
 * A phone number valid in its country's numbering plan (common/phone-numbers.ts): international with a
 * leading `+`, else national for the chosen phone code. An unknown phone code is that field's error alone.
 */
const PhoneNumberForCountry = ValidateBy({
  name: 'phoneNumberForCountry',
  validator: {
    validate: (value, { object }: ValidationArguments) => {
      const { phoneCountryCode, country } = object as BillingDto;
      if (typeof value !== 'string') return false;
      if (!value.startsWith('+') && !(PHONE_KEYS as readonly string[]).includes(phoneCountryCode))
        return true;
      return parsePhoneNumber(value, phoneCountryCode, country) !== null;
    },
    defaultMessage: () => 'Please enter a valid phone number',
  },
});

/**
 * The billing form, validated with the spec's rules and messages (section 5, "Billing"). Decorators run
 * from the property upwards and only the first failure per field is reported, so "required" comes first.
 */
export class BillingDto {
  @ApiProperty({
    example: 'jane@example.com',
    format: 'email',
    maxLength: EMAIL_MAX_LENGTH,
    description: 'Stored lower-case, an internationalised domain in its ASCII form; ASCII before the @',
  })
  @CustomerEmail({ asciiLocalPart: true })
  email: string;

  @ApiProperty({ example: 'Jane', minLength: 2, maxLength: 100, pattern: PRINTABLE_TEXT.source })
  @trim
  @PrintableText('First name', 'billing.firstName')
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @MinLength(2, { message: 'First name must be at least 2 characters' })
  @IsNotEmpty({ message: 'First name is required' })
  @IsString({ message: 'First name is required' })
  firstName: string;

  @ApiProperty({ example: 'Doe', minLength: 2, maxLength: 100, pattern: PRINTABLE_TEXT.source })
  @trim
  @PrintableText('Last name', 'billing.lastName')
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @MinLength(2, { message: 'Last name must be at least 2 characters' })
  @IsNotEmpty({ message: 'Last name is required' })
  @IsString({ message: 'Last name is required' })
  lastName: string;

  @ApiProperty({ example: '12 Market Street', minLength: 5, maxLength: 300, pattern: PRINTABLE_TEXT.source })
  @trim
  @PrintableText('Street address', 'billing.address')
  @MaxLength(300, { message: 'Street address must be at most 300 characters' })
  @MinLength(5, { message: 'Please enter a complete address' })
  @IsNotEmpty({ message: 'Street address is required' })
  @IsString({ message: 'Street address is required' })
  address: string;

  @ApiProperty({ example: 'Pune', minLength: 2, maxLength: 100, pattern: PRINTABLE_TEXT.source })
  @trim
  @PrintableText('City', 'billing.city')
  @MaxLength(100, { message: 'City must be at most 100 characters' })
  @MinLength(2, { message: 'City must be at least 2 characters' })
  @IsNotEmpty({ message: 'City is required' })
  @IsString({ message: 'City is required' })
  city: string;

  @ApiProperty({
    enum: COUNTRY_CODES,
    enumName: 'CountryCode',
    // Each code's name, by position, in the CountryCode schema.
    'x-enumNames': COUNTRIES.map((c) => c.name),
    ...PHONE_KEY_BY_COUNTRY,
    example: 'IN',
  })
  @IsIn(COUNTRY_CODES, { message: `Country must be one of ${COUNTRY_CODES.join(', ')}` })
  @IsNotEmpty({ message: 'Country is required' })
  @IsString({ message: 'Country is required' })
  country: string;

  @ApiProperty({
    example: '411001',
    pattern: ZIP_CODE.source,
    description: '3 to 10 letters, digits, spaces or hyphens (trimmed)',
  })
  @trim
  @Matches(ZIP_CODE, { message: 'Please enter a valid postal code' })
  @IsNotEmpty({ message: 'Postal code is required' })
  @IsString({ message: 'Postal code is required' })
  zipCode: string;

  @ApiProperty({ enum: PHONE_KEYS, enumName: 'PhoneKey', example: '+91' })
  @IsIn(PHONE_KEYS, { message: 'Please select country code' })
  @IsString({ message: 'Please select country code' })
  phoneCountryCode: string;

  @ApiProperty({
    example: '98765 43210',
    maxLength: 30,
    description:
      "A number valid in its country's numbering plan (libphonenumber): national, for the country of " +
      '`phoneCountryCode` (the billing country when it has that code), or international with a leading `+`. ' +
      'Digits with spaces, parentheses, hyphens, dots or slashes; stored in E.164 (`+919876543210`), with ' +
      "the number's own country code",
  })
  @trim
  @PhoneNumberForCountry
  @MaxLength(30, { message: 'Please enter a valid phone number' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @IsString({ message: 'Phone number is required' })
  phone: string;

  @ApiPropertyOptional({
    example: 'Acme SARL',
    minLength: 2,
    maxLength: 200,
    pattern: PRINTABLE_TEXT.source,
    description: "A business buyer's company name (trimmed; empty: not given); required with a VAT number",
  })
  @optionalText
  @ValidateIf((billing: BillingDto) => billing.company !== undefined || billing.vatNumber !== undefined)
  @PrintableText('Company name', 'billing.company')
  @MaxLength(200, { message: 'Company name must be at most 200 characters' })
  @MinLength(2, { message: 'Company name must be at least 2 characters' })
  @IsString({ message: 'Company name must be text' })
  @IsDefined({ message: 'Company name is required with a VAT number: the company it is registered to' })
  company?: string;

  @ApiPropertyOptional({
    example: 'FR40303265045',
    maxLength: 20,
    description:
      "A business buyer's VAT number, for buyers billed in one of `x-countries` (the EU and the UK). Stored " +
      "without spaces, dots or hyphens, upper-case, with its country's prefix (added when left out; EL for " +
      'Greece); its format is checked per country, and an EU number with VIES where the store has it: a ' +
      "verified number from another member state than the seller's is reverse-charged (no VAT). Needs `company`",
    'x-countries': VAT_COUNTRIES,
  } as ApiPropertyOptions)
  @Transform(({ value, obj }: { value: unknown; obj: { country?: unknown } }) =>
    typeof value === 'string'
      ? normaliseVatNumber(value, String(obj.country)) || undefined
      : (value ?? undefined),
  )
  @IsOptional()
  @VatNumberForCountry
  @MaxLength(20, { message: 'VAT number must be at most 20 characters' })
  @IsString({ message: 'VAT number must be text' })
  vatNumber?: string;
}
