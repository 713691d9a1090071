import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  UseGuards,
  type StreamableFile,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { AnonymousWrite } from '../challenge/anonymous-write.guard.js';
import { Public } from '../common/auth.decorators.js';
import { BodyLimit } from '../common/body-limit.js';
import { pdfAttachment } from '../common/pdf.js';
import { CreateKeyReportDto, CustomerKeyReportDto } from '../key-reports/dto/customer-key-report.dto.js';
import { SELLER_SUPPORT_DAYS } from '../key-reports/key-reports.service.js';
import { SCREENSHOT_MAX_BASE64 } from '../key-reports/screenshot.js';
import { RequestHeader } from '../common/request-header.decorator.js';
import { ACCESS_LINKS_PER_DAY, ACCESS_LINKS_PER_QUARTER_HOUR } from '../emails/access-link-limit.js';
import { AccountService } from './account.service.js';
import {
  AccessLinkRequestDto,
  AccessLinkResponseDto,
  CustomerOrderDto,
  WithdrawalRequestDto,
} from './dto/account.dto.js';

/** Key reports allowed per minute from one client address, like the contact form's posts. */
export const KEY_REPORTS_PER_MINUTE = 5;

@ApiTags('customer access')
@Public()
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Post('link')
  @HttpCode(202)
  @AnonymousWrite('access-link', 5)
  @ApiOperation({
    summary: 'E-mail a 30-minute sign-in link to the orders of this address (same answer always)',
    description:
      `The link is queued for any address and the answer given without looking the address up; an address ` +
      `without orders gets no e-mail, and one address is sent at most ${ACCESS_LINKS_PER_QUARTER_HOUR} links ` +
      `in 15 minutes and ${ACCESS_LINKS_PER_DAY} a day, whichever client addresses ask (the answer is the ` +
      `same past the limit).`,
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

  @Get('orders/:id/invoice.pdf')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiBearerAuth()
  @ApiOperation({
    summary: "The invoice of one of the customer's orders as a PDF (Bearer: the token from the link)",
    description:
      'Issued when the payment was received and never changed; an attachment named after its number ' +
      '(`invoice-2026-000123.pdf`).',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiUnauthorizedResponse({ description: 'Missing, tampered or expired link' })
  @ApiNotFoundResponse({
    description:
      'No such order among this customer’s orders, or it has no invoice yet: invoices are issued when the ' +
      'payment is received',
  })
  @ApiTooManyRequestsResponse()
  async invoicePdf(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @RequestHeader('authorization') authorization?: string,
  ): Promise<StreamableFile> {
    const email = await this.account.verify(authorization);
    const { pdf, fileName } = await this.account.documentPdf(email, id);
    return pdfAttachment(pdf, fileName);
  }

  @Get('orders/:id/credit-notes/:creditNoteId.pdf')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiBearerAuth()
  @ApiOperation({
    summary: "A credit note of one of the customer's orders as a PDF (Bearer: the token from the link)",
    description:
      "One per refund, naming the invoice it corrects (the order's `creditNotes`); an attachment named after " +
      'its number (`credit-note-CN-2026-000045.pdf`).',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiUnauthorizedResponse({ description: 'Missing, tampered or expired link' })
  @ApiNotFoundResponse({
    description: 'No such order among this customer’s orders, no invoice yet, or no such credit note of it',
  })
  @ApiTooManyRequestsResponse()
  async creditNotePdf(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Param('creditNoteId', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) creditNoteId: string,
    @RequestHeader('authorization') authorization?: string,
  ): Promise<StreamableFile> {
    const email = await this.account.verify(authorization);
    const { pdf, fileName } = await this.account.documentPdf(email, id, creditNoteId);
    return pdfAttachment(pdf, fileName);
  }

  @Post('orders/:id/withdrawal')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Withdraw from the contract for an order whose keys were not delivered yet (Bearer: the token from the link)',
    description:
      'The EU right of withdrawal (Consumer Rights Directive Art 11a) for an order held for review or waiting ' +
      'for stock with no key delivered: the order becomes withdrawn, its reserved keys go back to stock, it is ' +
      'refunded in full through the payment provider, and the customer is e-mailed an acknowledgement with ' +
      'the date and time. Answers the order as it now is; a repeated call answers the same withdrawal.',
  })
  @ApiOkResponse({ type: CustomerOrderDto })
  @ApiBadRequestResponse({ description: 'confirm must be true: confirm the withdrawal' })
  @ApiUnauthorizedResponse({ description: 'Missing, tampered or expired link' })
  @ApiNotFoundResponse({ description: 'No such order among this customer’s orders' })
  @ApiConflictResponse({
    description: 'Keys already delivered; refunded; disputed; not paid; already cancelled and being refunded',
  })
  @ApiTooManyRequestsResponse()
  async withdraw(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() _body: WithdrawalRequestDto,
    @RequestHeader('authorization') authorization?: string,
  ): Promise<CustomerOrderDto> {
    return this.account.withdraw(await this.account.verify(authorization), id);
  }

  @Post('key-reports')
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: KEY_REPORTS_PER_MINUTE, ttl: 60_000 } })
  // A screenshot of up to 2 MB, base64-encoded, is larger than the server's 1 MiB body limit.
  @BodyLimit(SCREENSHOT_MAX_BASE64 + 64 * 1024)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "Report that one of the customer's licence keys does not activate (Bearer: the token from the link)",
    description:
      `An active key of a paid order, within ${SELLER_SUPPORT_DAYS} days of the payment, one open report per ` +
      `key; the error the customer saw and, optionally, a screenshot. Staff replace the key or answer. At ` +
      `most ${KEY_REPORTS_PER_MINUTE} reports a minute from one client address.`,
  })
  @ApiCreatedResponse({ type: CustomerKeyReportDto })
  @ApiBadRequestResponse({
    description:
      'Error message is required / … at most 2000 characters / Screenshot must be a PNG, JPEG or WebP image / ' +
      'Screenshot must be at most 2 MB / Screenshot must be base64-encoded',
  })
  @ApiUnauthorizedResponse({ description: 'Missing, tampered or expired link' })
  @ApiNotFoundResponse({ description: 'No such key among this customer’s orders' })
  @ApiConflictResponse({
    description: 'Already an open report for this key; not an active key of a paid order; past 30 days',
  })
  @ApiPayloadTooLargeResponse({ description: 'A body past the screenshot’s limit' })
  @ApiTooManyRequestsResponse()
  async reportKey(
    @Body() body: CreateKeyReportDto,
    @RequestHeader('authorization') authorization?: string,
  ): Promise<CustomerKeyReportDto> {
    return this.account.reportKey(await this.account.verify(authorization), body);
  }
}
