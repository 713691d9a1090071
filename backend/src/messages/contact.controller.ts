import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AnonymousWrite } from '../challenge/anonymous-write.guard.js';
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
  @AnonymousWrite('contact', CONTACT_POSTS_PER_MINUTE)
  @ApiOperation({
    summary: 'Contact form: stores the message and notifies support by e-mail',
    description:
      `At most ${CONTACT_POSTS_PER_MINUTE} posts a minute from one client address; past the store-wide ` +
      'ceiling (CEILING_CONTACT_PER_MINUTE) a post needs a solved challenge. Answers no id.',
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
