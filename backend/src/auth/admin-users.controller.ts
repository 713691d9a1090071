import { Body, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../common/list-query.js';
import { SimpleRestList } from '../common/simple-rest-list.js';
import { AdminUsersService } from './admin-users.service.js';
import { AdminUserDto, CreateAdminUserDto, UpdateAdminUserDto } from './dto/admin-users.dto.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

const userId = new ParseIntPipe({ errorHttpStatusCode: 404 });

/** Staff accounts. Administrators only, reads included. */
@AdminController('users', 'admin: users')
@ApiForbiddenResponse({ description: 'Support staff' })
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({
    summary: 'Staff accounts (ra-data-simple-rest dialect; filters q = username prefix, role)',
  })
  @SimpleRestList('users', AdminUserDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminUserDto>> {
    return this.users.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One staff account' })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiNotFoundResponse()
  get(@Param('id', userId) id: number): Promise<AdminUserDto> {
    return this.users.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a staff account' })
  @ApiCreatedResponse({ type: AdminUserDto })
  @ApiBadRequestResponse({
    description: 'Invalid username, password (at least 12 characters, not easy to guess) or role',
  })
  @ApiConflictResponse({ description: 'The username is taken' })
  create(@Body() body: CreateAdminUserDto, @Staff() staff: StaffUserDto): Promise<AdminUserDto> {
    return this.users.create(body, staff);
  }

  @Put(':id')
  @ApiOperation({
    summary: "Change a user's role and/or password; either change ends that user's sessions",
  })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiBadRequestResponse({ description: 'Nothing to update, or an invalid value' })
  @ApiConflictResponse({ description: 'Demoting the last administrator' })
  @ApiNotFoundResponse()
  update(
    @Param('id', userId) id: number,
    @Body() body: UpdateAdminUserDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminUserDto> {
    return this.users.update(id, body, staff);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a staff account (not your own, not the last administrator); answers the deleted record',
  })
  @ApiOkResponse({ type: AdminUserDto, description: 'The deleted account, as ra-data-simple-rest expects' })
  @ApiBadRequestResponse({ description: 'Deleting your own account' })
  @ApiConflictResponse({ description: 'Deleting the last administrator' })
  @ApiNotFoundResponse()
  remove(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<AdminUserDto> {
    return this.users.remove(id, staff);
  }

  @Delete(':id/mfa')
  @HttpCode(204)
  @ApiOperation({
    summary: "Reset a user's two-factor authentication (lost device): it is off, and their sessions end",
  })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  resetMfa(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<void> {
    return this.users.resetMfa(id, staff);
  }
}
