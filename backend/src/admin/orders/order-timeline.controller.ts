import { Body, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { CreateOrderNoteDto, OrderNoteDto, OrderTimelineDto } from './dto/order-timeline.dto.js';
import { OrderTimelineService } from './order-timeline.service.js';

const orderId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

@AdminController('orders', 'admin: orders')
export class OrderTimelineController {
  constructor(private readonly timeline: OrderTimelineService) {}

  @Get(':id/timeline')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: "The order's story, oldest first (admin and support)",
    description:
      'Gathered from what the store records: the checkout (address and country), payment events (a ' +
      "declined attempt with the provider's reason), payment, review hold and its outcome, withdrawal, keys " +
      'assigned (last group only), e-mails (queued/sent, Message-ID), downloads, activations, refunds, ' +
      "disputes and fraud warnings, key reports, staff's changes (audit trail) and internal notes. The " +
      'newest 500 entries; `truncated` says whether older ones were left out. Kinds: see TimelineKind.',
  })
  @ApiOkResponse({ type: OrderTimelineDto })
  @ApiNotFoundResponse()
  get(@Param('id', orderId) id: string, @Staff() staff: StaffUserDto): Promise<OrderTimelineDto> {
    return this.timeline.timeline(id, staff);
  }

  @Post(':id/notes')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'Add an internal note to the order (admin and support)',
    description:
      'Never shown to the customer; audited (`orders.note`). Notes are not edited or deleted: a correction ' +
      'is a new note.',
  })
  @ApiCreatedResponse({ type: OrderNoteDto })
  @ApiBadRequestResponse({
    description: 'Note missing, blank, longer than 2000 characters, or another field',
  })
  @ApiNotFoundResponse()
  addNote(
    @Param('id', orderId) id: string,
    @Body() body: CreateOrderNoteDto,
    @Staff() staff: StaffUserDto,
  ): Promise<OrderNoteDto> {
    return this.timeline.addNote(id, body, staff);
  }
}
