import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import type { StaffMember } from '../../../staff/entities/staff-member.entity.js';
import { canonicalUsername, USERNAME_MESSAGE, USERNAME_PATTERN } from '../../../common/username.js';
import { STAFF_ROLES, type StaffRole } from '../../../common/staff-user.dto.js';

export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
/** The login form accepts passwords up to this length, so a longer one could never sign in. */
export const MAX_PASSWORD_LENGTH = 1024;
const ROLE_MESSAGE = `role must be one of ${STAFF_ROLES.join(', ')}`;
const EMAIL_MESSAGE = 'email must be an e-mail address';

/** A staff member's own address for security notices, stored trimmed and lower-case (optional). */
const StaffEmail = () =>
  applyDecorators(
    ApiPropertyOptional({
      example: 'jane@example.com',
      maxLength: 254,
      description: 'Where their security notices go (STAFF_ALERT_EMAIL gets them too)',
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim().toLowerCase() : value,
    ),
    // Nearest the property first: with stopAtFirstError the first failure is the one reported.
    IsString({ message: EMAIL_MESSAGE }),
    IsEmail({}, { message: EMAIL_MESSAGE }),
    MaxLength(254, { message: EMAIL_MESSAGE }),
    IsOptional(),
  );

/** A staff account as the back office sees it: never the password hash or the token version. */
export class AdminStaffMemberDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'jane.support' })
  username: string;

  @ApiProperty({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  role: StaffRole;

  @ApiProperty({ type: String, nullable: true, example: 'jane@example.com' })
  email: string | null;

  @ApiProperty({ description: 'Two-factor authentication is on' })
  mfaEnabled: boolean;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({ description: 'False once deactivated: the account cannot sign in' })
  active: boolean;

  @ApiProperty({ type: Date, nullable: true, description: 'When an administrator deactivated it' })
  deactivatedAt: Date | null;

  @ApiProperty({ type: Date, nullable: true, description: 'The last completed sign-in; null: never' })
  lastSignInAt: Date | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'DE',
    description: "The last sign-in's country (ISO 3166-1 alpha-2) from its address; null when unknown",
  })
  lastSignInCountry: string | null;

  static from(user: StaffMember): AdminStaffMemberDto {
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      email: user.email,
      mfaEnabled: user.mfaEnabled,
      createdAt: user.createdAt,
      active: user.deactivatedAt === null,
      deactivatedAt: user.deactivatedAt,
      lastSignInAt: user.lastSignInAt,
      lastSignInCountry: user.lastSignInCountry,
    };
  }
}

/** The enrolment code of a new account or a reset second factor: shown to the administrator this once. */
export class EnrolmentCodeDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'k7m2p-q9x4r-t3v8w-h6n5c',
    description:
      'With STAFF_MFA_REQUIRED on: hand it to the user in person (not with the password); setting up their ' +
      'second factor asks for it, once. Only its hash is kept. Null when two-factor sign-in is not required.',
  })
  enrolmentCode: string | null;

  @ApiProperty({ type: Date, nullable: true, description: 'The code stops working then (72 hours)' })
  enrolmentCodeExpiresAt: Date | null;
}

/** `POST /api/admin/staff`: the new account, and its enrolment code. */
export class CreatedStaffMemberDto extends AdminStaffMemberDto {
  @ApiProperty({ type: String, nullable: true, description: 'As in EnrolmentCodeDto: shown this once' })
  enrolmentCode: string | null;

  @ApiProperty({ type: Date, nullable: true })
  enrolmentCodeExpiresAt: Date | null;
}

export class CreateStaffMemberDto {
  @ApiProperty({
    example: 'jane.support',
    pattern: USERNAME_PATTERN.source,
    minLength: 3,
    maxLength: 100,
    description: 'Stored lower-case',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? canonicalUsername(value) : value,
  )
  // class-validator checks the decorator nearest the property first; with stopAtFirstError the first
  // failure is the one reported.
  @Matches(USERNAME_PATTERN, { message: USERNAME_MESSAGE })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username is required' })
  username: string;

  @ApiProperty({ format: 'password', minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH })
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @MinLength(MIN_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password: string;

  @ApiProperty({
    enum: STAFF_ROLES,
    enumName: 'StaffRole',
    description: '`admin` needs step-up (X-Step-Up-Token)',
  })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;

  @StaffEmail()
  email?: string;
}

/** Any of them; a role or password change ends every session of that user. Each needs step-up. */
export class UpdateStaffMemberDto {
  @ApiPropertyOptional({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  @IsOptional()
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role?: StaffRole;

  @ApiPropertyOptional({
    format: 'password',
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
  @MinLength(MIN_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT })
  @IsString({ message: PASSWORD_TOO_SHORT })
  password?: string;

  @StaffEmail()
  email?: string;
}
