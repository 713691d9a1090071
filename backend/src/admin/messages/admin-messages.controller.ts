import { Body, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminMessagesService, MESSAGE_NOT_FOUND, MESSAGE_LIST } from './admin-messages.service.js';
import { AdminMessageDto, UpdateMessageDto } from './dto/admin-message.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';

const messageId = new IntIdPipe(MESSAGE_NOT_FOUND);

@AdminController('messages', 'admin: messages')
export class AdminMessagesController {
  constructor(private readonly messages: AdminMessagesService) {}

  @Get()
  @ApiOperation({
    summary: 'Contact form messages (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `status` (new, answered), `category`, `q` (prefix of the e-mail or the subject, ' +
      'case-insensitive), `id` (list). Sorts: createdAt, id, status.',
  })
  @ApiListQuery(MESSAGE_LIST, { status: 'new' })
  @SimpleRestList('messages', AdminMessageDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminMessageDto>> {
    return this.messages.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One message' })
  @ApiOkResponse({ type: AdminMessageDto })
  @ApiNotFoundResponse({ description: MESSAGE_NOT_FOUND })
  get(@Param('id', messageId) id: number): Promise<AdminMessageDto> {
    return this.messages.get(id);
  }

  @Put(':id')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'Mark a message new or answered (admin and support: answering is their daily work)',
  })
  @ApiOkResponse({ type: AdminMessageDto })
  @ApiBadRequestResponse({ description: 'status must be one of new, answered; or another field' })
  @ApiNotFoundResponse({ description: MESSAGE_NOT_FOUND })
  update(
    @Param('id', messageId) id: number,
    @Body() body: UpdateMessageDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminMessageDto> {
    return this.messages.update(id, body, staff);
  }
}
