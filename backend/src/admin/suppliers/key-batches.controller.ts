import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, type StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
} from '@nestjs/swagger';
import { IntIdPipe } from '../../common/admin-list.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { csvFile } from '../../common/csv-file.js';
import { ExportQueryDto } from '../exports/export-query.dto.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import {
  CreateKeyBatchDto,
  KeyBatchDto,
  RevokeKeyBatchDto,
  RevokeKeyBatchResultDto,
  UpdateKeyBatchDto,
} from './dto/key-batch.dto.js';
import {
  BATCH_HAS_KEYS,
  BATCH_NOT_FOUND,
  CONFIRM_MISMATCH,
  EXPORT_COLUMNS,
  KeyBatchesService,
  CURRENCY_FIXED,
  PRODUCT_FIXED,
  UNKNOWN_SUPPLIER,
  BATCH_LIST,
} from './key-batches.service.js';
import { AuditedRead } from '../../audit/audited-read.js';

const batchId = new IntIdPipe(BATCH_NOT_FOUND);
const INVALID =
  'A field is missing or invalid (e.g. "Currency must be one of USD, EUR, …", "Purchased at must ' +
  `be a day …, not in the future") / ${UNKNOWN_SUPPLIER}`;

@AdminController('key-batches', 'admin: key batches')
export class KeyBatchesController {
  constructor(private readonly batches: KeyBatchesService) {}

  @Get()
  @ApiOperation({
    summary: 'Supplier batches of licence keys, with their counts (ra-data-simple-rest dialect)',
    description:
      'Filters: `supplierId`, `productId`, `q` (any part of the invoice reference, ignoring case), `id` ' +
      '(list). Sorts: createdAt, id, purchasedAt, costPerKeyCents (admins; grouped by `currency` in the order ' +
      'of `currencies`, the default first, then by cost), invoiceReference. Counts: `keys`, ' +
      '`inStock` (active, not sold), `sold` (given to an order, any status), `revoked`, `faulty` (replaced ' +
      `after a customer's report), and \`faultyRate\` = faulty / sold. Costs are in the batch's ` +
      '`currency`; only admins see them (`costPerKeyCents`).',
  })
  @ApiListQuery(BATCH_LIST, { productId: 'office-2024-standard' })
  @SimpleRestList('key-batches', KeyBatchDto)
  list(@Query() query: ListQueryDto, @Staff() staff: StaffUserDto): Promise<ListPage<KeyBatchDto>> {
    return this.batches.list(query, staff);
  }

  @Get('export.csv')
  @ApiOperation({
    summary: 'The batches as CSV, with the list’s filters and a day range of creation',
    description:
      `Streamed in creation order, with a header row: ${EXPORT_COLUMNS.join(', ')} (costPerKeyCents for ` +
      'admins only). `from`/`to` are days (UTC), inclusive. Recorded in the audit trail (`key-batches.export`).',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv', schema: { type: 'string' } })
  @ApiBadRequestResponse({ description: 'A filter, from or to is invalid' })
  @AuditedRead('key-batches.export')
  export(@Query() query: ExportQueryDto, @Staff() staff: StaffUserDto): StreamableFile {
    return csvFile(this.batches.export(query, staff));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One batch, with its counts' })
  @ApiOkResponse({ type: KeyBatchDto })
  @ApiNotFoundResponse({ description: BATCH_NOT_FOUND })
  get(@Param('id', batchId) id: number, @Staff() staff: StaffUserDto): Promise<KeyBatchDto> {
    return this.batches.get(id, staff);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Record a purchase of keys from a supplier',
    description:
      'The cost per key is in the minor units of `currency`, one the store sells in: margins convert it into ' +
      'the currency of the order that used the key, at the ECB rate of its payment’s day.',
  })
  @ApiCreatedResponse({ type: KeyBatchDto })
  @ApiBadRequestResponse({ description: INVALID })
  @ApiForbiddenResponse({ description: 'Support staff' })
  create(@Body() body: CreateKeyBatchDto, @Staff() staff: StaffUserDto): Promise<KeyBatchDto> {
    return this.batches.create(body, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Change a batch',
    description:
      'A new `costPerKeyCents` reaches the batch’s keys still in stock in the same transaction; keys already ' +
      'sold keep the cost their order’s margin was reckoned with. The product can change only while the ' +
      'batch has no keys.',
  })
  @ApiOkResponse({ type: KeyBatchDto })
  @ApiBadRequestResponse({ description: `${INVALID} / nothing to update` })
  @ApiConflictResponse({ description: `${PRODUCT_FIXED}; ${CURRENCY_FIXED}` })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: BATCH_NOT_FOUND })
  update(
    @Param('id', batchId) id: number,
    @Body() body: UpdateKeyBatchDto,
    @Staff() staff: StaffUserDto,
  ): Promise<KeyBatchDto> {
    return this.batches.update(id, body, staff);
  }

  @Delete(':id')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a batch that has no keys; answers it as it was' })
  @ApiOkResponse({ type: KeyBatchDto })
  @ApiConflictResponse({ description: BATCH_HAS_KEYS })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: BATCH_NOT_FOUND })
  remove(@Param('id', batchId) id: number, @Staff() staff: StaffUserDto): Promise<KeyBatchDto> {
    return this.batches.remove(id, staff);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Revoke the batch’s active keys (those in stock; with includeSold, those sold too)',
    description:
      'Confirmed by typing the batch’s invoice reference. Each key goes active → revoked as when revoked ' +
      'alone; other statuses are left. Customers whose keys are revoked are NOT e-mailed: tell them, or ' +
      'replace their keys, separately. One audit entry (`key-batches.revoke`) lists the keys.',
  })
  @ApiOkResponse({ type: RevokeKeyBatchResultDto })
  @ApiBadRequestResponse({ description: `${CONFIRM_MISMATCH} / includeSold must be true or false` })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: BATCH_NOT_FOUND })
  revoke(
    @Param('id', batchId) id: number,
    @Body() body: RevokeKeyBatchDto,
    @Staff() staff: StaffUserDto,
  ): Promise<RevokeKeyBatchResultDto> {
    return this.batches.revoke(id, body, staff);
  }
}
