import { Body, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
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
import { AdminStaffService, USER_LIST } from './admin-staff.service.js';
import {
  AdminStaffMemberDto,
  CreatedStaffMemberDto,
  CreateStaffMemberDto,
  EnrolmentCodeDto,
  UpdateStaffMemberDto,
} from './dto/admin-staff.dto.js';
import { RequiresStepUp } from '../../auth/step-up.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';

const userId = new ParseIntPipe({ errorHttpStatusCode: 404 });

/** Staff accounts. Administrators only, reads included. */
@AdminController('staff', 'admin: staff')
@ApiForbiddenResponse({ description: 'Support staff' })
@Roles('admin')
export class AdminStaffController {
  constructor(private readonly users: AdminStaffService) {}

  @Get()
  @ApiOperation({
    summary: 'Staff accounts (ra-data-simple-rest dialect; filters q = username prefix, role, active)',
  })
  @ApiListQuery(USER_LIST, { role: 'support' })
  @SimpleRestList('staff', AdminStaffMemberDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminStaffMemberDto>> {
    return this.users.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One staff account' })
  @ApiOkResponse({ type: AdminStaffMemberDto })
  @ApiNotFoundResponse()
  get(@Param('id', userId) id: number): Promise<AdminStaffMemberDto> {
    return this.users.get(id);
  }

  @Post()
  @RequiresStepUp(({ body }) => body.role === 'admin')
  @ApiOperation({
    summary: 'Create a staff account (an administrator: with step-up); answers its enrolment code once',
  })
  @ApiCreatedResponse({ type: CreatedStaffMemberDto })
  @ApiBadRequestResponse({
    description: 'Invalid username, password (at least 12 characters, not easy to guess) or role',
  })
  @ApiConflictResponse({ description: 'The username is taken' })
  create(@Body() body: CreateStaffMemberDto, @Staff() staff: StaffUserDto): Promise<CreatedStaffMemberDto> {
    return this.users.create(body, staff);
  }

  @Put(':id')
  // Every field this route changes is one that needs it (a null leaves a field as it is).
  @RequiresStepUp(({ body }) => ['role', 'password', 'email'].some((field) => (body[field] ?? null) !== null))
  @ApiOperation({
    summary:
      "Change a user's role, password and/or e-mail address (with step-up); a role or password change " +
      "ends that user's sessions, and each change is e-mailed to them and STAFF_ALERT_EMAIL",
  })
  @ApiOkResponse({ type: AdminStaffMemberDto })
  @ApiBadRequestResponse({ description: 'Nothing to update, or an invalid value' })
  @ApiConflictResponse({ description: 'Demoting the last administrator' })
  @ApiNotFoundResponse()
  update(
    @Param('id', userId) id: number,
    @Body() body: UpdateStaffMemberDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminStaffMemberDto> {
    return this.users.update(id, body, staff);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a staff account (not your own, not the last administrator); answers the deleted record',
  })
  @ApiOkResponse({
    type: AdminStaffMemberDto,
    description: 'The deleted account, as ra-data-simple-rest expects',
  })
  @ApiBadRequestResponse({ description: 'Deleting your own account' })
  @ApiConflictResponse({ description: 'Deleting the last administrator' })
  @ApiNotFoundResponse()
  remove(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<AdminStaffMemberDto> {
    return this.users.remove(id, staff);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Deactivate a staff account instead of deleting it (not your own, not the last active administrator): ' +
      'it cannot sign in, its sessions end, its history stays; audited, and the user is e-mailed',
  })
  @ApiOkResponse({ type: AdminStaffMemberDto })
  @ApiBadRequestResponse({ description: 'Deactivating your own account' })
  @ApiConflictResponse({ description: 'Deactivating the last active administrator' })
  @ApiNotFoundResponse()
  deactivate(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<AdminStaffMemberDto> {
    return this.users.deactivate(id, staff);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @RequiresStepUp()
  @ApiOperation({
    summary: 'Let a deactivated account sign in again (with step-up); audited, and the user is e-mailed',
  })
  @ApiOkResponse({ type: AdminStaffMemberDto })
  @ApiNotFoundResponse()
  reactivate(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<AdminStaffMemberDto> {
    return this.users.reactivate(id, staff);
  }

  @Delete(':id/mfa')
  @HttpCode(200)
  @RequiresStepUp()
  @ApiOperation({
    summary:
      "Reset a user's two-factor authentication (lost device; with step-up): it is off, their sessions " +
      'end, they and STAFF_ALERT_EMAIL are e-mailed, and a new enrolment code is answered once',
    description:
      'Also issues a new enrolment code to a user who has no second factor yet (the old code expired).',
  })
  @ApiOkResponse({ type: EnrolmentCodeDto })
  @ApiNotFoundResponse()
  resetMfa(@Param('id', userId) id: number, @Staff() staff: StaffUserDto): Promise<EnrolmentCodeDto> {
    return this.users.resetMfa(id, staff);
  }
}
