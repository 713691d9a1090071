import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CustomerEmail, EMAIL_MAX_LENGTH } from '../../common/email.js';
import { CONTACT_CATEGORIES, type ContactCategory } from '../entities/message.entity.js';

export const CONTACT_LIMITS = { name: 200, email: EMAIL_MAX_LENGTH, subject: 300, message: 5000 } as const;

/** Leading and trailing white space removed. */
const Trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** One line: every run of white space, line breaks included, becomes one space. */
const OneLine = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value,
  );

/** An empty choice ("" or null from a select left alone) means no category. */
const OptionalChoice = () =>
  Transform(({ value }: { value: unknown }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return text === '' || text === null ? undefined : text;
  });

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first
// failure is the one reported, so "is required" comes before the format and length rules.
export class CreateContactMessageDto {
  @ApiProperty({ example: 'Jane Doe', maxLength: CONTACT_LIMITS.name })
  @OneLine()
  @MaxLength(CONTACT_LIMITS.name, { message: `Name must be at most ${CONTACT_LIMITS.name} characters` })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;

  @ApiProperty({ example: 'jane@example.com', format: 'email', maxLength: CONTACT_LIMITS.email })
  @CustomerEmail({ tooLong: `Email must be at most ${CONTACT_LIMITS.email} characters` })
  email: string;

  @ApiProperty({ example: 'Activation question', maxLength: CONTACT_LIMITS.subject })
  @OneLine()
  @MaxLength(CONTACT_LIMITS.subject, {
    message: `Subject must be at most ${CONTACT_LIMITS.subject} characters`,
  })
  @IsNotEmpty({ message: 'Subject is required' })
  @IsString({ message: 'Subject is required' })
  subject: string;

  // Inline, as contact.e2e-spec reads it; the same values are the ContactCategory schema (AdminMessageDto).
  @ApiPropertyOptional({ enum: CONTACT_CATEGORIES, example: 'licensing' })
  @OptionalChoice()
  @IsOptional()
  @IsIn(CONTACT_CATEGORIES, { message: `Category must be one of ${CONTACT_CATEGORIES.join(', ')}` })
  category?: ContactCategory;

  @ApiProperty({
    example: 'My key says it was already activated.',
    maxLength: CONTACT_LIMITS.message,
  })
  @Trim()
  @MaxLength(CONTACT_LIMITS.message, {
    message: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  })
  @IsNotEmpty({ message: 'Message is required' })
  @IsString({ message: 'Message is required' })
  message: string;
}

/** The answer names no message: a sequential id would tell how many messages the store has. */
export class ContactCreatedDto {
  @ApiProperty({ enum: [true], description: 'The message is stored and support is notified' })
  received: true;
}
