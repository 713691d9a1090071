import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../common/auth.decorators.js';
import { MessagesService } from './messages.service.js';
import { ContactCreatedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';

/** Contact-form posts allowed per minute from one client address. */
export const CONTACT_POSTS_PER_MINUTE = 5;

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: MessagesService) {}

  @Public()
  @Post()
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: CONTACT_POSTS_PER_MINUTE, ttl: 60_000 } })
  @ApiOperation({
    summary: 'Contact form: stores the message and notifies support by e-mail',
    description: `At most ${CONTACT_POSTS_PER_MINUTE} posts a minute from one client address.`,
  })
  @ApiCreatedResponse({ type: ContactCreatedDto })
  @ApiBadRequestResponse({
    description:
      'Every invalid field, e.g. Name is required / Please enter a valid email address / Category must be one of …',
  })
  @ApiTooManyRequestsResponse({ description: 'More than five posts a minute from this address' })
  create(@Body() body: CreateContactMessageDto): Promise<ContactCreatedDto> {
    return this.contact.create(body);
  }
}
