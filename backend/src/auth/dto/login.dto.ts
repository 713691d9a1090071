import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ADMIN_ROLES, type AdminRole } from '../entities/admin-user.entity.js';
import { canonicalUsername } from '../username.js';

export class LoginDto {
  @ApiProperty({ example: 'admin', description: 'Any letter case' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? canonicalUsername(value) : value,
  )
  // class-validator checks the decorator nearest the property first; with stopAtFirstError the
  // first failure is the one reported.
  @MaxLength(100, { message: 'Username must be at most 100 characters' })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username is required' })
  username: string;

  @ApiProperty({ example: 'admin-dev-password', format: 'password' })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password: string;
}

export class StaffUserDto {
  @ApiProperty({ example: 1 })
  id: number;

  @ApiProperty({ example: 'admin' })
  username: string;

  @ApiProperty({ enum: ADMIN_ROLES })
  role: AdminRole;
}

export class LoginResponseDto {
  @ApiProperty({ example: true })
  success: true;

  @ApiProperty({ description: 'JWT (HS256, 8 hours) to send as Authorization: Bearer' })
  token: string;

  @ApiProperty({ type: StaffUserDto })
  user: StaffUserDto;
}
