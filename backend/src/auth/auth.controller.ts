import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { Public } from '../common/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { LoginDto, LoginResponseDto, StaffUserDto } from './dto/login.dto.js';
import { LoginThrottlerGuard } from './guards.js';

/** Login attempts allowed per minute for one address and username. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;

type AuthedRequest = { user: StaffUserDto };

@ApiTags('admin: auth')
@Controller('admin')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginThrottlerGuard)
  @Throttle({ default: { limit: LOGIN_ATTEMPTS_PER_MINUTE, ttl: 60_000 } })
  @ApiOperation({ summary: 'Staff sign-in; answers a bearer token' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ description: 'Username is required / Password is required' })
  @ApiUnauthorizedResponse({ description: 'Invalid credentials' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts for this address and username' })
  login(@Body() body: LoginDto): Promise<LoginResponseDto> {
    return this.auth.login(body.username, body.password);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out: every token issued to this user so far stops working' })
  @ApiNoContentResponse()
  @ApiUnauthorizedResponse()
  logout(@Req() req: AuthedRequest): Promise<void> {
    return this.auth.logout(req.user.id);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in staff member' })
  @ApiOkResponse({ type: StaffUserDto })
  @ApiUnauthorizedResponse()
  me(@Req() req: AuthedRequest): StaffUserDto {
    return req.user;
  }
}
