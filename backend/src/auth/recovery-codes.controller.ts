import { Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController, Staff } from '../common/auth.decorators.js';
import { NewRecoveryCodesDto, RecoveryCodesLeftDto } from './dto/mfa.dto.js';
import { MfaService, RECOVERY_CODE_COUNT } from './mfa.service.js';
import { RequiresStepUp } from './step-up.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

/**
 * The signed-in staff member's own recovery codes (any role). Not open to a session that must still set up
 * two-factor sign-in: its recovery codes come with the confirmation.
 */
@AdminController('me/mfa/recovery-codes', 'admin: auth')
export class RecoveryCodesController {
  constructor(private readonly mfa: MfaService) {}

  @Get()
  @ApiOperation({ summary: 'How many of your recovery codes are left (0 with two-factor sign-in off)' })
  @ApiOkResponse({ type: RecoveryCodesLeftDto })
  async left(@Staff() staff: StaffUserDto): Promise<RecoveryCodesLeftDto> {
    return { remaining: await this.mfa.recoveryCodesLeft(staff), total: RECOVERY_CODE_COUNT };
  }

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RequiresStepUp()
  @ApiOperation({
    summary:
      'A new set of ten recovery codes (with step-up), shown once: the earlier ones stop working; you and ' +
      'STAFF_ALERT_EMAIL are e-mailed',
  })
  @ApiOkResponse({ type: NewRecoveryCodesDto })
  @ApiForbiddenResponse({ description: 'No valid step-up token (`stepUpRequired: true`)' })
  @ApiConflictResponse({ description: 'Two-factor authentication is not on (or its setup is pending)' })
  async regenerate(@Staff() staff: StaffUserDto): Promise<NewRecoveryCodesDto> {
    return { recoveryCodes: await this.mfa.regenerateRecoveryCodes(staff) };
  }
}
