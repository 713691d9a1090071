import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { StaffUserDto } from '../../common/staff-user.dto.js';
import { canonicalUsername } from '../../common/username.js';

export class LoginDto {
  @ApiProperty({ example: 'admin', maxLength: 100, description: 'Any letter case' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? canonicalUsername(value) : value,
  )
  // class-validator checks the decorator nearest the property first; with stopAtFirstError the
  // first failure is the one reported.
  @MaxLength(100, { message: 'Username must be at most 100 characters' })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username is required' })
  username: string;

  @ApiProperty({ example: 'admin-dev-password', format: 'password', maxLength: 1024 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password: string;
}

export class LoginResponseDto {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ description: 'JWT (HS256, 8 hours) to send as Authorization: Bearer' })
  token: string;

  @ApiProperty({ type: StaffUserDto })
  user: StaffUserDto;
}

/** The answer to a correct password when the user has two-factor authentication on. */
export class MfaChallengeResponseDto {
  @ApiProperty({ example: false })
  success: false;

  @ApiProperty({ example: true })
  mfaRequired: true;

  @ApiProperty({ description: 'Send back with the code to POST /api/admin/login/mfa; valid 5 minutes' })
  challenge: string;
}

export class LoginMfaDto {
  @ApiProperty({ maxLength: 2048, description: 'The challenge POST /api/admin/login answered' })
  @MaxLength(2048, { message: 'Challenge must be at most 2048 characters' })
  @IsNotEmpty({ message: 'Challenge is required' })
  @IsString({ message: 'Challenge is required' })
  challenge: string;

  @ApiProperty({
    example: '123456',
    maxLength: 64,
    description: 'A code from the authenticator app, or a recovery code',
  })
  @MaxLength(64, { message: 'Code must be at most 64 characters' })
  @IsNotEmpty({ message: 'Code is required' })
  @IsString({ message: 'Code is required' })
  code: string;
}
