import { Body, Controller, Get, Header, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { AllowDuringMfaEnrolment, Public, Staff } from '../common/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { LoginDto, LoginMfaDto, LoginResponseDto, MfaChallengeResponseDto } from './dto/login.dto.js';
import { LoginThrottlerGuard, MfaThrottlerGuard } from './guards.js';
import { SIGN_IN_LIMITS } from './sign-in-limiter.js';
import { StaffUserDto } from '../common/staff-user.dto.js';

/** Login attempts allowed per minute for one address and username (codes: per address and user). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;

const TOO_MANY =
  `Too many attempts: ${LOGIN_ATTEMPTS_PER_MINUTE} a minute per address and username; ` +
  `${SIGN_IN_LIMITS.perAddress.failures} failures in ${SIGN_IN_LIMITS.perAddress.windowMs / 60_000} minutes ` +
  'per address; an account with many recent failures waits a growing delay (Retry-After says how long)';

@ApiTags('admin: auth')
@Controller('admin')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginThrottlerGuard)
  @Throttle({ default: { limit: LOGIN_ATTEMPTS_PER_MINUTE, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Staff sign-in: a bearer token, or a challenge for the code when two-factor is on',
  })
  @ApiExtraModels(LoginResponseDto, MfaChallengeResponseDto)
  @ApiOkResponse({
    schema: {
      oneOf: [{ $ref: getSchemaPath(LoginResponseDto) }, { $ref: getSchemaPath(MfaChallengeResponseDto) }],
    },
  })
  @ApiBadRequestResponse({ description: 'Username is required / Password is required' })
  @ApiUnauthorizedResponse({ description: 'Invalid credentials' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  login(@Body() body: LoginDto, @Ip() address: string): Promise<LoginResponseDto | MfaChallengeResponseDto> {
    return this.auth.login(body.username, body.password, address);
  }

  @Public()
  @Post('login/mfa')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(MfaThrottlerGuard)
  @Throttle({ default: { limit: LOGIN_ATTEMPTS_PER_MINUTE, ttl: 60_000 } })
  @ApiOperation({ summary: 'Second sign-in step: the challenge and a TOTP code or a recovery code' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ description: 'Challenge is required / Code is required' })
  @ApiUnauthorizedResponse({ description: 'Invalid code, or the challenge has expired' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  loginMfa(@Body() body: LoginMfaDto, @Ip() address: string): Promise<LoginResponseDto> {
    return this.auth.loginMfa(body.challenge, body.code, address);
  }

  @Post('logout')
  @HttpCode(204)
  @AllowDuringMfaEnrolment()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out: every token issued to this user so far stops working' })
  @ApiNoContentResponse()
  @ApiUnauthorizedResponse()
  logout(@Staff() staff: StaffUserDto): Promise<void> {
    return this.auth.logout(staff.id);
  }

  @Get('me')
  @AllowDuringMfaEnrolment()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in staff member' })
  @ApiOkResponse({ type: StaffUserDto })
  @ApiUnauthorizedResponse()
  me(@Staff() staff: StaffUserDto): StaffUserDto {
    return staff;
  }
}
