import {
  Body,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  type StreamableFile,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { pdfAttachment } from '../../common/pdf.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminOrdersService, ORDER_LIST } from './admin-orders.service.js';
import { AdminOrderListRowDto } from './dto/admin-order.dto.js';
import { AdminOrderDetailDto, ResendEmailResponseDto, UpdateOrderDto } from './dto/admin-order-detail.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { RequestHeader } from '../../common/request-header.decorator.js';
import { AdminRefundDto, CreateRefundDto } from './dto/admin-refund.dto.js';
import { csvFile } from '../../common/csv-file.js';
import { ExportQueryDto } from '../exports/export-query.dto.js';
import { AuditedRead } from '../../audit/audited-read.js';

const orderId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });
const documentId = orderId;

@AdminController('orders', 'admin: orders')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiOperation({
    summary: 'Orders list (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (start of the e-mail, name, last name or order id), `status`, `paymentStatus`, ' +
      '`refundDue` (true: only the orders paid but not delivered that are owed a refund; false: the others), ' +
      '`vatNumberStatus` (verified or unverified: business buyers by how their VAT number was checked), ' +
      '`createdFrom` and `createdTo` (days of creation, UTC, both included, e.g. 2026-10-01), `productId` ' +
      '(orders holding that product), `country` (the billing country, two letters) and `id` (a list of ids).',
  })
  @ApiListQuery(ORDER_LIST, { q: 'jane' })
  @SimpleRestList('orders', AdminOrderListRowDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<AdminOrderListRowDto>> {
    return this.orders.list(query);
  }

  @Get('export.csv')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'The orders list as CSV: the same filter and sort, created in the days from-to (UTC)',
    description:
      'Every order the list shows for `filter` and `sort`, created on or after `from` and on or before `to` ' +
      '(each optional), streamed as it is read. An attachment named after the days ' +
      '(`orders-2026-10-01-to-2026-10-31.csv`): a byte-order mark, a header row, one row per order. Amounts ' +
      "in units of the order's currency with two decimals (`40.49`); `Refunded` adds up its succeeded " +
      'refunds; times in ISO 8601 UTC. Text a buyer typed that a spreadsheet would read as a formula starts ' +
      'with an apostrophe. Recorded in the audit trail (`orders.export`): it names buyers.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'Malformed sort or filter, an unknown filter, or a bad from/to' })
  @AuditedRead('orders.export')
  async export(@Query() query: ExportQueryDto): Promise<StreamableFile> {
    return csvFile(await this.orders.export(query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One order with items, billing, licence keys, downloads and e-mails' })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiNotFoundResponse()
  get(@Param('id', orderId) id: string, @Staff() staff: StaffUserDto): Promise<AdminOrderDetailDto> {
    return this.orders.get(id, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Set the status and/or payment status',
    description:
      'Applied through the fulfilment rules: `completed` delivers the order as a confirmed payment does ' +
      '(a cancelled order is not delivered: it is marked `refundDue`). `refunded` and `partially_refunded` ' +
      'are refused (400): refunds go through the provider, POST /api/admin/orders/:id/refunds. Cancelling an unpaid ' +
      'order, or one waiting for its bank transfer, cancels its payment at the provider first and gives its ' +
      'coupon reservation back (a bank debit under way cannot be cancelled: 409). The moves ' +
      "allowed now are the detail's `allowedTransitions` (orders/order-process.ts); any other is a 409.",
  })
  @ApiOkResponse({ type: AdminOrderDetailDto })
  @ApiBadRequestResponse({
    description: 'Unknown value, another field, or a refund status (see the refunds route)',
  })
  @ApiConflictResponse({ description: "A change that would contradict the order's payment, keys or links" })
  @ApiBadGatewayResponse({ description: 'Cancelling: the payment provider could not be reached' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  update(
    @Param('id', orderId) id: string,
    @Body() body: UpdateOrderDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminOrderDetailDto> {
    return this.orders.update(id, body, staff);
  }

  @Post(':id/refunds')
  @Roles('admin')
  @ApiOperation({
    summary: 'Refund in full or in part through the payment provider',
    description:
      'Never more than is left (`refundableCents` of the detail). The refund is recorded `pending`, asked ' +
      'of the provider with an idempotency key, and settled by its answer or its webhook (`charge.refunded`, ' +
      '`refund.updated`); a refusal is recorded `failed` with the reason. When it succeeds: the payment ' +
      'becomes `partially_refunded` or `refunded`; with `revokeKeys` a full refund revokes every key and ' +
      'disables the download links, a partial one revokes `licenseKeyIds`; with `notifyCustomer` the ' +
      'customer is e-mailed.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeating a request with it returns the same refund',
  })
  @ApiCreatedResponse({ type: AdminRefundDto })
  @ApiBadRequestResponse({ description: 'More than is left, keys not of this order, or an invalid field' })
  @ApiConflictResponse({
    description: "Not paid, nothing left, the order's provider not configured, or an Idempotency-Key reused",
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  refund(
    @Param('id', orderId) id: string,
    @Body() body: CreateRefundDto,
    @Staff() staff: StaffUserDto,
    @RequestHeader('idempotency-key') idempotencyKey?: string,
  ): Promise<AdminRefundDto> {
    return this.orders.refund(id, body, staff, idempotencyKey?.trim().slice(0, 255) || undefined);
  }

  @Get(':id/invoice.pdf')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: "The order's invoice as a PDF (admin and support)",
    description:
      'Issued when the payment was received, with its gapless number (`2026-000123`), and never changed: ' +
      'drawn from what was frozen then. An attachment named after its number (`invoice-2026-000123.pdf`). Recorded in the audit trail (`orders.invoice-download`).',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({
    description: 'No such order, or it has no invoice yet: invoices are issued when the payment is received',
  })
  @AuditedRead('orders.invoice-download')
  async invoicePdf(@Param('id', orderId) id: string): Promise<StreamableFile> {
    const { pdf, fileName } = await this.orders.documentPdf(id);
    return pdfAttachment(pdf, fileName);
  }

  @Get(':id/credit-notes/:creditNoteId.pdf')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'A credit note of the order as a PDF (admin and support)',
    description:
      "One per refund (and a dispute lost), numbered `CN-2026-000045`, naming the invoice it corrects: the detail's " +
      '`creditNotes` list them. An attachment named after its number (`credit-note-CN-2026-000045.pdf`). Recorded in the audit trail (`orders.credit-note-download`).',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such order, no invoice yet, or no such credit note of it' })
  @AuditedRead('orders.credit-note-download')
  async creditNotePdf(
    @Param('id', orderId) id: string,
    @Param('creditNoteId', documentId) creditNoteId: string,
  ): Promise<StreamableFile> {
    const { pdf, fileName } = await this.orders.documentPdf(id, creditNoteId);
    return pdfAttachment(pdf, fileName);
  }

  @Post(':id/resend-email')
  @HttpCode(202)
  @Roles('admin', 'support')
  @ApiOperation({ summary: 'Queue the delivery e-mail again (admin and support)' })
  @ApiAcceptedResponse({ type: ResendEmailResponseDto })
  @ApiConflictResponse({ description: 'The order is not paid, or was not delivered and is owed a refund' })
  @ApiNotFoundResponse()
  resendEmail(
    @Param('id', orderId) id: string,
    @Staff() staff: StaffUserDto,
  ): Promise<ResendEmailResponseDto> {
    return this.orders.resendEmail(id, staff);
  }
}
