import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import {
  AdminCustomersService,
  MIN_SEARCH_LENGTH,
  RECENT_ORDERS_WINDOW,
  CUSTOMER_LIST,
} from './admin-customers.service.js';
import { AccessLinkSentDto, AdminCustomerDto, AdminCustomerRowDto } from './dto/admin-customer.dto.js';
import { AuditedRead } from '../../audit/audited-read.js';

const EMAIL_PARAM = { name: 'email', description: 'The address, URL-encoded; compared exactly, canonical' };

@AdminController('customers', 'admin: customers')
@Roles('admin', 'support')
export class AdminCustomersController {
  constructor(private readonly customers: AdminCustomersService) {}

  @Get()
  @ApiOperation({
    summary: 'Customers, one per e-mail address that ordered, latest customer first unless sorted otherwise',
    description:
      `Filter \`q\`: the start of the address, of the name or of the last name on any of their orders (at ` +
      `least ${MIN_SEARCH_LENGTH} characters). Without it, the customers of the latest ` +
      `${RECENT_ORDERS_WINDOW} orders. Sort fields: lastOrderAt (default, DESC), firstOrderAt, email, ` +
      'orders, paidOrders, spentCents.',
  })
  @ApiListQuery(CUSTOMER_LIST, { q: 'jane' })
  @SimpleRestList('customers', AdminCustomerRowDto)
  @AuditedRead('customers.list')
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminCustomerRowDto>> {
    return this.customers.list(query);
  }

  @Get(':email')
  @ApiOperation({
    summary: 'Everything of one customer: orders, keys, downloads, activations, e-mails, messages, reports',
    description:
      'Keys in full for admins (audited as license-keys.reveal), masked for support. Every read is recorded in ' +
      'the audit trail (`customers.read`).',
  })
  @ApiParam(EMAIL_PARAM)
  @ApiOkResponse({ type: AdminCustomerDto })
  @ApiBadRequestResponse({ description: 'Not an e-mail address' })
  @ApiNotFoundResponse({ description: 'No orders for this address' })
  @AuditedRead('customers.read')
  get(@Param('email') email: string, @Staff() staff: StaffUserDto): Promise<AdminCustomerDto> {
    return this.customers.get(email, staff);
  }

  @Post(':email/access-link')
  @HttpCode(202)
  @ApiOperation({
    summary: "E-mail the customer the storefront's 30-minute sign-in link to their orders (audited)",
    description:
      'The same e-mail as the storefront\'s "Access your licences" form; one a minute per address.',
  })
  @ApiParam(EMAIL_PARAM)
  @ApiAcceptedResponse({ type: AccessLinkSentDto })
  @ApiBadRequestResponse({ description: 'Not an e-mail address' })
  @ApiNotFoundResponse({ description: 'No orders for this address' })
  @ApiTooManyRequestsResponse({ description: 'A link was sent to this address less than a minute ago' })
  sendAccessLink(@Param('email') email: string, @Staff() staff: StaffUserDto): Promise<AccessLinkSentDto> {
    return this.customers.sendAccessLink(email, staff);
  }
}
