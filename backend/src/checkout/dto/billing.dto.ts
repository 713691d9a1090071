import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { CustomerEmail, EMAIL_MAX_LENGTH } from '../../common/email.js';
import { COUNTRIES, COUNTRY_CODES, PHONE_KEYS } from '../countries.js';

const ZIP_CODE = /^[A-Za-z0-9 -]{3,10}$/;
const PHONE = /^[0-9 ()-]{10,20}$/;

/**
 * Each country's phone prefix, which the checkout preselects with it. @nestjs/swagger writes an `x-` key of
 * ApiProperty into the schema as it is, though its options type leaves such keys out.
 */
const PHONE_KEY_BY_COUNTRY = {
  'x-phoneKeys': Object.fromEntries(COUNTRIES.map((c) => [c.code, c.phoneKey])),
} as ApiPropertyOptions;

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

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

  @ApiProperty({ example: 'Jane', minLength: 2, maxLength: 100 })
  @trim
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @MinLength(2, { message: 'First name must be at least 2 characters' })
  @IsNotEmpty({ message: 'First name is required' })
  @IsString({ message: 'First name is required' })
  firstName: string;

  @ApiProperty({ example: 'Doe', minLength: 2, maxLength: 100 })
  @trim
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @MinLength(2, { message: 'Last name must be at least 2 characters' })
  @IsNotEmpty({ message: 'Last name is required' })
  @IsString({ message: 'Last name is required' })
  lastName: string;

  @ApiProperty({ example: '12 Market Street', minLength: 5, maxLength: 300 })
  @trim
  @MaxLength(300, { message: 'Street address must be at most 300 characters' })
  @MinLength(5, { message: 'Please enter a complete address' })
  @IsNotEmpty({ message: 'Street address is required' })
  @IsString({ message: 'Street address is required' })
  address: string;

  @ApiProperty({ example: 'Pune', minLength: 2, maxLength: 100 })
  @trim
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
    pattern: PHONE.source,
    description: '10 to 20 digits, spaces, hyphens or parentheses (trimmed)',
  })
  @trim
  @Matches(PHONE, { message: 'Please enter a valid phone number' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @IsString({ message: 'Phone number is required' })
  phone: string;
}
