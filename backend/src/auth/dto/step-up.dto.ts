import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** One of the two: the acting user's password, or (with two-factor on) a code from their app. */
export class StepUpDto {
  @ApiPropertyOptional({ format: 'password', maxLength: 1024, description: 'Your current password' })
  @IsOptional()
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @IsNotEmpty({ message: 'Password must not be empty' })
  @IsString({ message: 'Password must be a string' })
  password?: string;

  @ApiPropertyOptional({
    example: '123456',
    maxLength: 64,
    description: 'A code from your authenticator app (two-factor on); recovery codes are not taken here',
  })
  @IsOptional()
  @MaxLength(64, { message: 'Code must be at most 64 characters' })
  @IsNotEmpty({ message: 'Code must not be empty' })
  @IsString({ message: 'Code must be a string' })
  code?: string;
}

export class StepUpTokenDto {
  @ApiProperty({
    description:
      'Send as the X-Step-Up-Token header with the requests that need it; good for this user and this ' +
      'session only, any number of times until it expires',
  })
  stepUpToken: string;

  @ApiProperty({ example: 300, description: 'Seconds the token is good for' })
  expiresIn: number;
}
