import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { CustomerEmail } from '../../common/email.js';
import { COUNTRY_CODES, PHONE_KEYS } from '../countries.js';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * The billing form, validated with the spec's rules and messages (section 5, "Billing"). Decorators run
 * from the property upwards and only the first failure per field is reported, so "required" comes first.
 */
export class BillingDto {
  @ApiProperty({
    example: 'jane@example.com',
    description: 'Stored lower-case, an internationalised domain in its ASCII form; ASCII before the @',
  })
  @CustomerEmail({ asciiLocalPart: true })
  email: string;

  @ApiProperty({ example: 'Jane' })
  @trim
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @MinLength(2, { message: 'First name must be at least 2 characters' })
  @IsNotEmpty({ message: 'First name is required' })
  @IsString({ message: 'First name is required' })
  firstName: string;

  @ApiProperty({ example: 'Doe' })
  @trim
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @MinLength(2, { message: 'Last name must be at least 2 characters' })
  @IsNotEmpty({ message: 'Last name is required' })
  @IsString({ message: 'Last name is required' })
  lastName: string;

  @ApiProperty({ example: '12 Market Street' })
  @trim
  @MaxLength(300, { message: 'Street address must be at most 300 characters' })
  @MinLength(5, { message: 'Please enter a complete address' })
  @IsNotEmpty({ message: 'Street address is required' })
  @IsString({ message: 'Street address is required' })
  address: string;

  @ApiProperty({ example: 'Pune' })
  @trim
  @MaxLength(100, { message: 'City must be at most 100 characters' })
  @MinLength(2, { message: 'City must be at least 2 characters' })
  @IsNotEmpty({ message: 'City is required' })
  @IsString({ message: 'City is required' })
  city: string;

  @ApiProperty({ enum: COUNTRY_CODES, example: 'IN' })
  @IsIn(COUNTRY_CODES, { message: `Country must be one of ${COUNTRY_CODES.join(', ')}` })
  @IsNotEmpty({ message: 'Country is required' })
  @IsString({ message: 'Country is required' })
  country: string;

  @ApiProperty({ example: '411001', description: '3 to 10 letters, digits, spaces or hyphens' })
  @trim
  @Matches(/^[A-Za-z0-9 -]{3,10}$/, { message: 'Please enter a valid postal code' })
  @IsNotEmpty({ message: 'Postal code is required' })
  @IsString({ message: 'Postal code is required' })
  zipCode: string;

  @ApiProperty({ enum: PHONE_KEYS, example: '+91' })
  @IsIn(PHONE_KEYS, { message: 'Please select country code' })
  @IsString({ message: 'Please select country code' })
  phoneCountryCode: string;

  @ApiProperty({ example: '98765 43210', description: 'At least 10 digits, spaces, hyphens or parentheses' })
  @trim
  @Matches(/^[0-9 ()-]{10,20}$/, { message: 'Please enter a valid phone number' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @IsString({ message: 'Phone number is required' })
  phone: string;
}
