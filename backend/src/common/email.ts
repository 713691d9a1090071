import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { domainToASCII } from 'node:url';

export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const NON_ASCII_LOCAL_PART =
  'Please enter an email address without accents or non-Latin letters before the @';

/**
 * The one form of a customer's e-mail address that is stored and compared (exactly): trimmed, lower-cased,
 * and an internationalised domain in its ASCII (punycode) form, the name the mail actually goes to. So
 * `victim@cömpany.com` becomes `victim@xn--cmpany-wxa.com`, another address than `victim@company.com`.
 * A domain that has no ASCII form is left as it is, for the validation to refuse.
 */
export function canonicalEmail(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = domainToASCII(lower.slice(at + 1));
  return domain ? `${lower.slice(0, at)}@${domain}` : lower;
}

/**
 * A customer's e-mail address in a request body, validated in its canonical form (so the length is the
 * stored one). `asciiLocalPart` refuses an address whose part before the @ is not ASCII: most mail
 * systems cannot deliver to one, and the address would be a customer identity we could not write to.
 * Decorators are listed nearest the property first: with stopAtFirstError the first failure is reported.
 */
export function CustomerEmail(
  options: { asciiLocalPart?: boolean; tooLong?: string } = {},
): PropertyDecorator {
  return applyDecorators(
    IsString({ message: 'Email is required' }),
    IsNotEmpty({ message: 'Email is required' }),
    MaxLength(EMAIL_MAX_LENGTH, { message: options.tooLong ?? INVALID_EMAIL }),
    IsEmail({}, { message: INVALID_EMAIL }),
    ...(options.asciiLocalPart ? [Matches(/^[\x21-\x7e]+@/, { message: NON_ASCII_LOCAL_PART })] : []),
    Matches(/@[\x21-\x7e]+$/, { message: INVALID_EMAIL }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? canonicalEmail(value) : value)),
  );
}
