import { Body, Header, HttpCode, Ip, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AdminController, Staff } from '../common/auth.decorators.js';
import { StepUpDto, StepUpTokenDto } from './dto/step-up.dto.js';
import { sessionOf, type StepUpRequest } from './step-up.js';
import { StepUpService } from './step-up.service.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

/** The signed-in staff member confirms it is them before a sensitive change (any role). */
@AdminController('me/step-up', 'admin: auth')
export class StepUpController {
  constructor(private readonly stepUp: StepUpService) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Confirm it is you (password, or an app code with two-factor on): a step-up token for 5 minutes',
    description:
      'Needed, as the X-Step-Up-Token header, by: creating an administrator, changing a staff password, ' +
      'role or e-mail address, resetting a second factor, and exporting licence keys in clear. The token ' +
      'is good for this user and this session only, as often as needed until it expires. A wrong password ' +
      'or code counts in the sign-in back-off (429 with Retry-After past it).',
  })
  @ApiOkResponse({ type: StepUpTokenDto })
  @ApiBadRequestResponse({
    description: 'Neither or both of password and code; a code without two-factor on',
  })
  @ApiForbiddenResponse({ description: 'Wrong password / Invalid code' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts (the sign-in back-off)' })
  issue(
    @Staff() staff: StaffUserDto,
    @Body() body: StepUpDto,
    @Req() request: StepUpRequest,
    @Ip() address: string,
  ): Promise<StepUpTokenDto> {
    return this.stepUp.issue(staff, sessionOf(request), body, address);
  }
}
