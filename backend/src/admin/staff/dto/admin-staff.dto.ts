import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import type { StaffMember } from '../../../staff/entities/staff-member.entity.js';
import { canonicalUsername, USERNAME_MESSAGE, USERNAME_PATTERN } from '../../../common/username.js';
import { STAFF_ROLES, type StaffRole } from '../../../common/staff-user.dto.js';

export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
/** The login form accepts passwords up to this length, so a longer one could never sign in. */
export const MAX_PASSWORD_LENGTH = 1024;
const ROLE_MESSAGE = `role must be one of ${STAFF_ROLES.join(', ')}`;

/** A staff account as the back office sees it: never the password hash or the token version. */
export class AdminStaffMemberDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'jane.support' })
  username: string;

  @ApiProperty({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  role: StaffRole;

  @ApiProperty({ description: 'Two-factor authentication is on' })
  mfaEnabled: boolean;

  @ApiProperty()
  createdAt: Date;

  static from(user: StaffMember): AdminStaffMemberDto {
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      mfaEnabled: user.mfaEnabled,
      createdAt: user.createdAt,
    };
  }
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

  @ApiProperty({ enum: STAFF_ROLES, enumName: 'StaffRole' })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;
}

/** Either or both; changing one ends every session of that user. */
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
}
