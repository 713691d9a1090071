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
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { CreateSupplierDto, SupplierDto, UpdateSupplierDto } from './dto/supplier.dto.js';
import {
  SUPPLIER_HAS_BATCHES,
  SUPPLIER_NOT_FOUND,
  SuppliersService,
  SUPPLIER_LIST,
} from './suppliers.service.js';

const supplierId = new IntIdPipe(SUPPLIER_NOT_FOUND);
const DUPLICATE = 'A supplier named … already exists (names are compared ignoring case)';

@AdminController('suppliers', 'admin: suppliers')
export class SuppliersController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Get()
  @ApiOperation({
    summary: 'Suppliers of licence keys (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Filters: `q` (any part of the name, ignoring case), `id` (list). Sorts: name, createdAt, id.',
  })
  @ApiListQuery(SUPPLIER_LIST, { q: 'acme' })
  @SimpleRestList('suppliers', SupplierDto)
  list(@Query() query: ListQueryDto): Promise<ListPage<SupplierDto>> {
    return this.suppliers.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One supplier' })
  @ApiOkResponse({ type: SupplierDto })
  @ApiNotFoundResponse({ description: SUPPLIER_NOT_FOUND })
  get(@Param('id', supplierId) id: number): Promise<SupplierDto> {
    return this.suppliers.get(id);
  }

  @Post()
  @Roles('admin')
  @ApiOperation({ summary: 'Add a supplier' })
  @ApiCreatedResponse({ type: SupplierDto })
  @ApiBadRequestResponse({ description: 'Name is required / too long' })
  @ApiConflictResponse({ description: DUPLICATE })
  @ApiForbiddenResponse({ description: 'Support staff' })
  create(@Body() body: CreateSupplierDto, @Staff() staff: StaffUserDto): Promise<SupplierDto> {
    return this.suppliers.create(body, staff);
  }

  @Put(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Rename a supplier or change its notes' })
  @ApiOkResponse({ type: SupplierDto })
  @ApiBadRequestResponse({ description: 'A field is invalid, read-only or unknown, or none was sent' })
  @ApiConflictResponse({ description: DUPLICATE })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: SUPPLIER_NOT_FOUND })
  update(
    @Param('id', supplierId) id: number,
    @Body() body: UpdateSupplierDto,
    @Staff() staff: StaffUserDto,
  ): Promise<SupplierDto> {
    return this.suppliers.update(id, body, staff);
  }

  @Delete(':id')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a supplier that has no key batches; answers it as it was' })
  @ApiOkResponse({ type: SupplierDto })
  @ApiConflictResponse({ description: SUPPLIER_HAS_BATCHES })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse({ description: SUPPLIER_NOT_FOUND })
  remove(@Param('id', supplierId) id: number, @Staff() staff: StaffUserDto): Promise<SupplierDto> {
    return this.suppliers.remove(id, staff);
  }
}
