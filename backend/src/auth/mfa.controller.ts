import { Body, Header, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AdminController, AllowDuringMfaEnrolment, Staff } from '../common/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { MfaConfirmDto, MfaConfirmedDto, MfaEnrolmentDto, MfaStartDto } from './dto/mfa.dto.js';
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
    description:
      'With STAFF_MFA_REQUIRED on, a user who was given an enrolment code (shown once to the administrator ' +
      'who created the account or reset its second factor) must send it: without it nobody can start or ' +
      'replace a setup, and a wrong one counts in the sign-in back-off of codes. The code is used up by ' +
      'the confirmation.',
  })
  // Optional: without an enrolment code to give, the body may be left out.
  @ApiBody({ type: MfaStartDto, required: false })
  @ApiOkResponse({ type: MfaEnrolmentDto })
  @ApiBadRequestResponse({ description: 'Enrolment code is required / Invalid or expired enrolment code' })
  @ApiConflictResponse({ description: 'Two-factor authentication is already on' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong enrolment codes: the back-off of codes' })
  start(
    @Staff() staff: StaffUserDto,
    @Body() body: MfaStartDto,
    @Ip() address: string,
  ): Promise<MfaEnrolmentDto> {
    return this.mfa.start(staff, body?.enrolmentCode, address);
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
