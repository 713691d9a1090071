import { Body, Get, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminDownloadsService, DOWNLOAD_LINK_NOT_FOUND, DOWNLOAD_LIST } from './admin-downloads.service.js';
import { AdminDownloadDto, CreateDownloadDto, UpdateDownloadDto } from './dto/admin-download.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';

/** A malformed id is an unknown one: 404 with the same message. */
const linkId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(DOWNLOAD_LINK_NOT_FOUND) });

@AdminController('downloads', 'admin: downloads')
export class AdminDownloadsController {
  constructor(private readonly downloads: AdminDownloadsService) {}

  @Get()
  @ApiOperation({
    summary: 'Download links (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (file name substring, product id or title, order id prefix; case-insensitive), ' +
      '`isActive`, `orderId`, `productId`, `id` (list). Sorts: createdAt, fileName, downloadCount.',
  })
  @ApiListQuery(DOWNLOAD_LIST, { isActive: true })
  @SimpleRestList('downloads', AdminDownloadDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminDownloadDto>> {
    return this.downloads.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One download link' })
  @ApiOkResponse({ type: AdminDownloadDto })
  @ApiNotFoundResponse({ description: DOWNLOAD_LINK_NOT_FOUND })
  get(@Param('id', linkId) id: string): Promise<AdminDownloadDto> {
    return this.downloads.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Create a download link for an order',
    description: 'A new unguessable token; valid for 30 days like the links made at fulfilment.',
  })
  @ApiCreatedResponse({ type: AdminDownloadDto })
  @ApiBadRequestResponse({
    description:
      'Order ID is required / Product ID is required / File name is required / Must be a valid URL / ' +
      'Max downloads must be at least 1 / Order not found (one message per field) / ' +
      'This order does not contain <productId>',
  })
  @ApiConflictResponse({
    description: 'The order is unpaid, or was cancelled and is owed a refund: nothing is delivered for it',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  create(@Body() body: CreateDownloadDto, @Staff() staff: StaffUserDto): Promise<AdminDownloadDto> {
    return this.downloads.create(body, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Activate or deactivate a download link' })
  @ApiOkResponse({ type: AdminDownloadDto })
  @ApiBadRequestResponse({ description: 'isActive missing or not a boolean, or another field' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: DOWNLOAD_LINK_NOT_FOUND })
  update(
    @Param('id', linkId) id: string,
    @Body() body: UpdateDownloadDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminDownloadDto> {
    return this.downloads.update(id, body, staff);
  }
}
