import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LICENSE_KEY_PATTERN, normalizeLicenseKey } from '../license-key-cipher.js';
import { LICENSE_KEY_STATUSES, type LicenseKeyStatus } from '../../orders/order-process.js';

export const LICENSE_KEY_FORMAT_MESSAGE = 'License key must be 5 groups of 5 letters or digits';
export const INSTANCE_ID_MAX_LENGTH = 255;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizeKey = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normalizeLicenseKey(value) : value;

// class-validator checks the decorator nearest the property first; with stopAtFirstError the first
// failure is the one reported.

/** Body of activate and deactivate. */
export class LicenseInstanceDto {
  @ApiProperty({
    example: 'ABCDE-12345-FGHIJ-67890-KLMNO',
    description: 'Trimmed and compared in upper case',
  })
  @Transform(normalizeKey)
  @Matches(LICENSE_KEY_PATTERN, { message: LICENSE_KEY_FORMAT_MESSAGE })
  @IsNotEmpty({ message: 'License key is required' })
  @IsString({ message: 'License key is required' })
  licenseKey: string;

  @ApiProperty({
    example: 'DESKTOP-7F3A9Q',
    minLength: 1,
    maxLength: INSTANCE_ID_MAX_LENGTH,
    description: 'Identifies one installation; trimmed',
  })
  @Transform(trim)
  @MaxLength(INSTANCE_ID_MAX_LENGTH, {
    message: `Instance ID must be at most ${INSTANCE_ID_MAX_LENGTH} characters`,
  })
  @IsNotEmpty({ message: 'Instance ID is required' })
  @IsString({ message: 'Instance ID is required' })
  instanceId: string;
}

/** Body of validate: the instance is optional. */
export class LicenseValidateDto {
  @ApiProperty({
    example: 'ABCDE-12345-FGHIJ-67890-KLMNO',
    description: 'Trimmed and compared in upper case',
  })
  @Transform(normalizeKey)
  @Matches(LICENSE_KEY_PATTERN, { message: LICENSE_KEY_FORMAT_MESSAGE })
  @IsNotEmpty({ message: 'License key is required' })
  @IsString({ message: 'License key is required' })
  licenseKey: string;

  @ApiPropertyOptional({
    example: 'DESKTOP-7F3A9Q',
    minLength: 1,
    maxLength: INSTANCE_ID_MAX_LENGTH,
    description: 'When given, the answer also says whether this installation is activated',
  })
  @IsOptional()
  @Transform(trim)
  @MaxLength(INSTANCE_ID_MAX_LENGTH, {
    message: `Instance ID must be at most ${INSTANCE_ID_MAX_LENGTH} characters`,
  })
  @IsNotEmpty({ message: 'Instance ID is required' })
  @IsString({ message: 'Instance ID is required' })
  instanceId?: string;
}

export class ActivationStateDto {
  @ApiProperty({ description: 'The key is known and active' })
  valid: boolean;

  @ApiProperty({ example: 1, description: 'Installations activated now' })
  activationCount: number;

  @ApiProperty({ example: 3 })
  activationLimit: number;
}

export const VALIDATION_STATUSES = [...LICENSE_KEY_STATUSES, 'unknown'] as const;
export type ValidationStatus = LicenseKeyStatus | 'unknown';

export class LicenseValidationDto {
  @ApiProperty({ description: 'The key is known and active' })
  valid: boolean;

  @ApiProperty({
    enum: VALIDATION_STATUSES,
    enumName: 'LicenseValidationStatus',
    description: '`unknown` when no such key exists',
  })
  status: ValidationStatus;

  @ApiPropertyOptional({ example: 1, description: 'Absent for an unknown key' })
  activationCount?: number;

  @ApiPropertyOptional({ example: 3, description: 'Absent for an unknown key' })
  activationLimit?: number;

  @ApiPropertyOptional({
    description: 'Only when instanceId was sent: whether that installation is activated',
  })
  instanceActivated?: boolean;
}
