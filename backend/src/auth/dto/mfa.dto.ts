import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class MfaEnrolmentDto {
  @ApiProperty({ description: 'The TOTP secret (base32), for typing into an authenticator app' })
  secret: string;

  @ApiProperty({
    example: 'otpauth://totp/Office%20Licence%20Store:admin?secret=…&issuer=Office%20Licence%20Store',
    description: 'The same secret as a URI, for a QR code',
  })
  otpauthUrl: string;
}

export class MfaStartDto {
  @ApiPropertyOptional({
    example: 'k7m2p-q9x4r-t3v8w-h6n5c',
    maxLength: 64,
    description:
      'The enrolment code an administrator handed over (STAFF_MFA_REQUIRED): required when one was issued',
  })
  @IsOptional()
  @MaxLength(64, { message: 'Enrolment code must be at most 64 characters' })
  @IsString({ message: 'Enrolment code must be a string' })
  enrolmentCode?: string;
}

export class MfaConfirmDto {
  @ApiProperty({
    example: '123456',
    maxLength: 64,
    description: 'The current code from the authenticator app',
  })
  @MaxLength(64, { message: 'Code must be at most 64 characters' })
  @IsNotEmpty({ message: 'Code is required' })
  @IsString({ message: 'Code is required' })
  code: string;
}

export class MfaConfirmedDto {
  @ApiProperty({
    type: [String],
    description: 'Ten one-time recovery codes, shown this once (only their hashes are kept)',
  })
  recoveryCodes: string[];

  @ApiProperty({
    description:
      'A fresh token for this user: confirming ends every earlier session (they were signed in without ' +
      'the second factor), including the one that made this request',
  })
  token: string;
}

/** `GET /api/admin/me/mfa/recovery-codes`: how many of the user's recovery codes are still unused. */
export class RecoveryCodesLeftDto {
  @ApiProperty({ example: 7, description: 'Unused recovery codes (0 with two-factor sign-in off)' })
  remaining: number;

  @ApiProperty({ example: 10, description: 'How many a new set holds' })
  total: number;
}

/** `POST /api/admin/me/mfa/recovery-codes`: a new set, shown this once; the earlier codes stop working. */
export class NewRecoveryCodesDto {
  @ApiProperty({
    type: [String],
    description: 'Ten one-time recovery codes, shown this once (only their hashes are kept)',
  })
  recoveryCodes: string[];
}
