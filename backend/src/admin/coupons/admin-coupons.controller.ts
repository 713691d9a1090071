import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import {
  AdminCouponsService,
  CODE_IN_USE,
  COUPON_NOT_FOUND,
  DATES_OUT_OF_ORDER,
  DUPLICATE_COUPON,
  COUPON_LIST,
  ONE_KIND,
} from './admin-coupons.service.js';
import { AdminCouponDto, CreateCouponDto, UpdateCouponDto } from './dto/admin-coupon.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';

const couponId = new IntIdPipe(COUPON_NOT_FOUND);

@AdminController('coupons', 'admin: coupons')
export class AdminCouponsController {
  constructor(private readonly coupons: AdminCouponsService) {}

  @Get()
  @ApiOperation({
    summary: 'Coupons (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (code prefix, case-insensitive), `active`, `id` (list). ' +
      'Sorts: createdAt, id, code, percentOff, redemptionCount, expiresAt.',
  })
  @ApiListQuery(COUPON_LIST, { active: true })
  @SimpleRestList('coupons', AdminCouponDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminCouponDto>> {
    return this.coupons.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon' })
  @ApiOkResponse({ type: AdminCouponDto })
  @ApiNotFoundResponse({ description: COUPON_NOT_FOUND })
  get(@Param('id', couponId) id: number): Promise<AdminCouponDto> {
    return this.coupons.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({ summary: 'Create a coupon (the code is stored upper-case)' })
  @ApiCreatedResponse({ type: AdminCouponDto })
  @ApiBadRequestResponse({
    description: `A field is missing or invalid / ${ONE_KIND} / ${DATES_OUT_OF_ORDER}`,
  })
  @ApiConflictResponse({ description: DUPLICATE_COUPON })
  @ApiForbiddenResponse({ description: 'Support staff' })
  create(@Body() body: CreateCouponDto, @Staff() staff: StaffUserDto): Promise<AdminCouponDto> {
    return this.coupons.create(body, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Change any of the writable fields' })
  @ApiOkResponse({ type: AdminCouponDto })
  @ApiBadRequestResponse({
    description: `A field is invalid, read-only or unknown, or none was sent / ${ONE_KIND} / ${DATES_OUT_OF_ORDER}`,
  })
  @ApiConflictResponse({ description: `${DUPLICATE_COUPON} / ${CODE_IN_USE}` })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: COUPON_NOT_FOUND })
  update(
    @Param('id', couponId) id: number,
    @Body() body: UpdateCouponDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminCouponDto> {
    return this.coupons.update(id, body, staff);
  }

  @Delete(':id')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Delete a coupon that was never used; deactivate one that was (or a seeded public code)',
    description:
      'Answers the coupon as it was deleted, or as it is now (`active: false`) when it was deactivated.',
  })
  @ApiOkResponse({ type: AdminCouponDto })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: COUPON_NOT_FOUND })
  remove(@Param('id', couponId) id: number, @Staff() staff: StaffUserDto): Promise<AdminCouponDto> {
    return this.coupons.remove(id, staff);
  }
}
