import { Body, Header, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController, AllowDuringMfaEnrolment, Staff } from '../common/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { MfaConfirmDto, MfaConfirmedDto, MfaEnrolmentDto } from './dto/mfa.dto.js';
import { MfaService } from './mfa.service.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

/**
 * The signed-in staff member's own two-factor authentication (any role). Answers hold a secret, recovery
 * codes or a token: never cached.
 */
@AdminController('me/mfa', 'admin: auth')
@AllowDuringMfaEnrolment()
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly auth: AuthService,
  ) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Start (or start over) setting up two-factor authentication: a new TOTP secret',
  })
  @ApiOkResponse({ type: MfaEnrolmentDto })
  @ApiConflictResponse({ description: 'Two-factor authentication is already on' })
  start(@Staff() staff: StaffUserDto): Promise<MfaEnrolmentDto> {
    return this.mfa.start(staff);
  }

  @Post('confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Turn two-factor authentication on with a code for the new secret: ten recovery codes (shown once) ' +
      'and a fresh token (earlier sessions end)',
  })
  @ApiOkResponse({ type: MfaConfirmedDto })
  @ApiBadRequestResponse({ description: 'Invalid code, or no setup in progress' })
  @ApiConflictResponse({ description: 'Two-factor authentication is already on' })
  confirm(@Staff() staff: StaffUserDto, @Body() body: MfaConfirmDto): Promise<MfaConfirmedDto> {
    return this.auth.confirmMfa(staff, body.code);
  }
}
