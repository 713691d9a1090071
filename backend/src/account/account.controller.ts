import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../common/auth.decorators.js';
import { RequestHeader } from '../common/request-header.decorator.js';
import { AccountService } from './account.service.js';
import { AccessLinkRequestDto, AccessLinkResponseDto, CustomerOrderDto } from './dto/account.dto.js';

@ApiTags('customer access')
@Public()
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Post('link')
  @HttpCode(202)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 5, ttl: 60_000 } })
  @ApiOperation({
    summary: 'E-mail a 30-minute sign-in link to the orders of this address (same answer always)',
  })
  @ApiAcceptedResponse({ type: AccessLinkResponseDto })
  @ApiBadRequestResponse({ description: 'Email is required / Please enter a valid email address' })
  @ApiTooManyRequestsResponse()
  requestLink(@Body() body: AccessLinkRequestDto): Promise<AccessLinkResponseDto> {
    return this.account.sendAccessLink(body.email);
  }

  @Get('orders')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiBearerAuth()
  @ApiOperation({
    summary: "The customer's orders with keys and downloads (Bearer: the token from the link)",
  })
  @ApiOkResponse({ type: [CustomerOrderDto] })
  @ApiUnauthorizedResponse({ description: 'Missing, tampered or expired link' })
  async orders(@RequestHeader('authorization') authorization?: string): Promise<CustomerOrderDto[]> {
    return this.account.orders(await this.account.verify(authorization));
  }
}
