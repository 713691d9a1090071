import { RequiresStepUp } from '../../auth/step-up.js';
import {
  BadRequestException,
  Body,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Req,
  type StreamableFile,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiProduces,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BackfillNotice, backfillHeaderDoc } from '../../backfills/backfill-notice.js';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { SEARCH_TERMS_BACKFILL } from '../../license-keys/search-terms-backfill.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { ApiListQuery, SimpleRestList } from '../../common/simple-rest-list.js';
import { AdminLicenseKeysService, MAX_IMPORT_ROWS, KEY_LIST } from './admin-license-keys.service.js';
import { readCsvUpload } from '../../license-keys/csv-upload.js';
import { UNKNOWN_BATCH_MESSAGE } from '../../license-keys/inventory.service.js';
import {
  AdminLicenseKeyDto,
  CreateLicenseKeyDto,
  ImportLicenseKeysResultDto,
  UpdateLicenseKeyDto,
} from './dto/admin-license-key.dto.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { csvFile } from '../../common/csv-file.js';
import { LicenseKeyExportQueryDto } from '../exports/export-query.dto.js';

type StaffRequest = FastifyRequest & { user: StaffUserDto };
const keyId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** `?batchId=`: anything that is not a batch's id is a 400 naming it. */
function batchIdOf(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text.trim()) || Number(text) > 2_147_483_647)
    throw new BadRequestException(UNKNOWN_BATCH_MESSAGE);
  return Number(text);
}

const IMPORT_DESCRIPTION =
  'A CSV with a header row and the columns `productId,licenseKey[,activationLimit]` (any order; ' +
  `activationLimit defaults to 1), at most ${MAX_IMPORT_ROWS} rows and 1 MB, sent either as the ` +
  'body with `Content-Type: text/csv` or as the one file of a `multipart/form-data` upload (any field ' +
  'name). Keys go into the inventory; paid orders waiting for keys are then completed, oldest first. ' +
  'Rows with problems are skipped and listed by file line (the header is line 1).';

@AdminController('license-keys', 'admin: licence keys')
export class AdminLicenseKeysController {
  constructor(private readonly keys: AdminLicenseKeysService) {}

  @Get()
  @ApiOperation({
    summary: 'Licence keys list (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (the exact full key; the first 3 to 5 characters of any group of the key, or several ' +
      'groups typed from its start such as `ABCDE-FGH`, parts under 3 characters being ignored; a product ' +
      'id or part of its title; or the start of an order id), `status` (active, revoked, expired), `productId`, `assigned` (true: sold to an order; ' +
      'false: inventory), `batchId`, `supplierId`, `id` (list). Rows carry `batchId`, and for admins the key’s `costCents`. Sort by createdAt, status, productId or activationCount. Admins ' +
      'see keys in full (recorded in the audit trail as `license-keys.reveal`); support sees the last group.',
  })
  @ApiListQuery(KEY_LIST, { status: 'active' })
  @SimpleRestList(
    'license-keys',
    AdminLicenseKeyDto,
    backfillHeaderDoc(
      SEARCH_TERMS_BACKFILL,
      'keys stored before the upgrade are still being indexed, and a search by part of a key (`q`) may ' +
        'miss them; by the full key, product or order they are found as always',
    ),
  )
  @BackfillNotice(SEARCH_TERMS_BACKFILL)
  list(@Query() query: ListQueryDto, @Staff() staff: StaffUserDto): Promise<ListPage<AdminLicenseKeyDto>> {
    return this.keys.list(query, staff);
  }

  @Get('export.csv')
  // Support is refused the keys in clear outright (the service says so), not asked to confirm first.
  @RequiresStepUp(({ query, user }) => query.reveal === 'true' && user.role === 'admin')
  @ApiOperation({
    summary: 'The licence keys list as CSV: the same filter and sort, created in the days from-to (UTC)',
    description:
      'Every key the list shows for `filter` and `sort`, created on or after `from` and on or before `to` ' +
      '(each optional), streamed. An attachment named after the days (`license-keys-2026-10-01-to-2026-10-31.csv`): ' +
      'a byte-order mark, a header row, one row per key, times in ISO 8601 UTC. The key is masked ' +
      '(`XXXXX-XXXXX-XXXXX-XXXXX-LAST5`) unless an administrator sends `reveal=true` ' +
      '(`license-keys-in-clear-….csv`), which is recorded in the audit trail (`license-keys.export`, with ' +
      'the filter and the number of keys) before the file is sent; the keys in clear need step-up ' +
      '(X-Step-Up-Token).',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'Malformed sort or filter, an unknown filter, or a bad from/to' })
  @ApiForbiddenResponse({ description: 'reveal=true by support staff' })
  async export(
    @Query() query: LicenseKeyExportQueryDto,
    @Staff() staff: StaffUserDto,
  ): Promise<StreamableFile> {
    return csvFile(await this.keys.export(query, staff));
  }

  @Post('import')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Import keys into the inventory from a CSV file',
    description: IMPORT_DESCRIPTION,
  })
  @ApiQuery({
    name: 'batchId',
    required: false,
    type: 'integer',
    description:
      'The supplier batch the keys go into, each at its cost per key; the productId column then defaults ' +
      'to the batch’s product, and a row naming another product is invalid. Without it the keys have no ' +
      'batch and no cost.',
  })
  @ApiConsumes('text/csv', 'multipart/form-data')
  @ApiBody({
    description: 'The CSV text (text/csv), or a form with one file (multipart/form-data)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiOkResponse({ type: ImportLicenseKeysResultDto })
  @ApiBadRequestResponse({
    description: `Not CSV, a required column missing, or too many rows / ${UNKNOWN_BATCH_MESSAGE}`,
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiPayloadTooLargeResponse({ description: 'Over 1 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Neither text/csv nor multipart/form-data' })
  async import(
    @Req() req: StaffRequest,
    @Query('batchId') batchId?: string,
  ): Promise<ImportLicenseKeysResultDto> {
    const batch = batchId === undefined || batchId === '' ? undefined : batchIdOf(batchId);
    return this.keys.importCsv(await readCsvUpload(req.headers, req.body), req.user, batch);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One licence key (in full for admins, audited; masked for support)' })
  @ApiOkResponse({ type: AdminLicenseKeyDto })
  @ApiNotFoundResponse()
  get(@Param('id', keyId) id: string, @Staff() staff: StaffUserDto): Promise<AdminLicenseKeyDto> {
    return this.keys.get(id, staff);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({
    summary: 'Create a key for an existing order',
    description:
      'The key is stored encrypted and assigned to the order, which must be paid and lack a key of that ' +
      'product. An order waiting for keys is delivered as when stock arrives: once it has all its keys it ' +
      'is fulfilled, and the e-mail with the keys it received is queued.',
  })
  @ApiCreatedResponse({ type: AdminLicenseKeyDto, description: 'The key, in full' })
  @ApiBadRequestResponse({
    description:
      'Order ID is required / Product ID is required / License key is required / Activation limit must be ' +
      'at least 1 / License key must be 5 groups of 5 letters or digits / Order ID does not match any order' +
      ' / This order does not contain <product> / batchId does not match any batch / This batch is for <product>',
  })
  @ApiConflictResponse({
    description:
      "This license key already exists / the order already has all its keys of that product / the order's " +
      'payment is not completed / the order was cancelled and is owed a refund',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  create(@Body() body: CreateLicenseKeyDto, @Staff() staff: StaffUserDto): Promise<AdminLicenseKeyDto> {
    return this.keys.create(body, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Revoke or re-activate a key',
    description: 'Only `status`: active → revoked, and revoked or expired → active.',
  })
  @ApiOkResponse({ type: AdminLicenseKeyDto })
  @ApiBadRequestResponse({ description: 'Another field, an unknown status, or a transition not allowed' })
  @ApiConflictResponse({
    description: 'The key changed meanwhile, or it is reserved for an order held for review',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  update(
    @Param('id', keyId) id: string,
    @Body() body: UpdateLicenseKeyDto,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminLicenseKeyDto> {
    return this.keys.update(id, body, staff);
  }
}
