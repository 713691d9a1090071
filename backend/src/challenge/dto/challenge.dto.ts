import { ApiProperty } from '@nestjs/swagger';

/** ALTCHA's challenge parameters (Proof-of-Work v2), as altcha-lib makes and signs them. */
export class ChallengeParametersDto {
  @ApiProperty({ example: 'PBKDF2/SHA-256' })
  algorithm: string;

  @ApiProperty({ description: 'Hex' })
  nonce: string;

  @ApiProperty({ description: 'Hex' })
  salt: string;

  @ApiProperty({ description: 'PBKDF2 iterations per try', example: 5000 })
  cost: number;

  @ApiProperty({ example: 32 })
  keyLength: number;

  @ApiProperty({ description: 'Hex: the derived key of the answer starts with it' })
  keyPrefix: string;

  @ApiProperty({ description: 'Hex: the server checks a solution with it' })
  keySignature: string;

  @ApiProperty({ description: 'Seconds since the epoch', example: 1767225600 })
  expiresAt: number;
}

export class ChallengeDto {
  @ApiProperty({ type: ChallengeParametersDto })
  parameters: ChallengeParametersDto;

  @ApiProperty({ description: 'HMAC-SHA-256 of the parameters, hex' })
  signature: string;
}
