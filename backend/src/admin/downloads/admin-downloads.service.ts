import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { fetchPage, sortList, whereIdIn } from '../../database/list-page.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import {
  escapeLike,
  parseListQuery,
  type ListQueryDto,
  LIKE_ESCAPE,
  type ListPage,
} from '../../common/list-query.js';
import { newDownloadLink } from '../../downloads/download-links.js';
import { Order } from '../../orders/entities/order.entity.js';
import { deliveryRefusal } from '../../orders/order-process.js';
import {
  AdminDownloadDto,
  type CreateDownloadDto,
  type UpdateDownloadDto,
} from './dto/admin-download.dto.js';
import { DownloadLink } from '../../downloads/entities/download-link.entity.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { runInTransaction } from '../../database/transactions.js';

export const DOWNLOAD_LINK_NOT_FOUND = 'Download link not found';
export const ORDER_NOT_FOUND = 'Order not found';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const DOWNLOAD_LIST = {
  sortable: ['createdAt', 'fileName', 'downloadCount'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: {
    q: 'string',
    isActive: 'boolean',
    orderId: 'string',
    productId: 'string',
    id: 'string[]',
  } as const,
};

@Injectable()
export class AdminDownloadsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * The list, filtered, sorted and paged in SQL. `q` is the spec's search ("file name, product, or order
   * ID", case-insensitive), with one change: the order id is matched as a prefix (what staff paste is the
   * beginning of an id, and the index on orderId serves it). The product is matched against the catalogue
   * in memory (its id or its title), which becomes `productId IN (…)` on an indexed column. The file name
   * is matched as a substring, as in the spec: no index can serve that, so this one part scans; file names
   * are short and the other filters (status, order) narrow it first.
   */
  async list(dto: ListQueryDto): Promise<ListPage<AdminDownloadDto>> {
    const { sort, skip, take, filter } = parseListQuery(dto, DOWNLOAD_LIST);
    if (filter.productId !== undefined && !this.catalog.find(filter.productId))
      throw new BadRequestException(this.catalog.mustBeOneOf('filter productId'));
    const query = this.db.getRepository(DownloadLink).createQueryBuilder('l');
    if (filter.id) whereIdIn(query, 'l.id', filter.id);
    if (filter.isActive !== undefined)
      query.andWhere('l.isActive = :isActive', { isActive: filter.isActive });
    if (filter.orderId)
      query.andWhere('l.orderId = :orderId', { orderId: filter.orderId.trim().toLowerCase() });
    if (filter.productId) query.andWhere('l.productId = :productId', { productId: filter.productId });
    const text = filter.q?.trim().toLowerCase();
    if (text) {
      const products = this.catalog
        .findAll()
        .filter((p) => p.id.includes(text) || p.title.toLowerCase().includes(text))
        .map((p) => p.id);
      query.andWhere(
        new Brackets((w) => {
          w.where(`LOWER(l.fileName) LIKE :contains ${LIKE_ESCAPE}`, { contains: `%${escapeLike(text)}%` });
          w.orWhere(`l.orderId LIKE :prefix ${LIKE_ESCAPE}`, { prefix: `${escapeLike(text)}%` });
          if (products.length) w.orWhere('l.productId IN (:...products)', { products });
        }),
      );
    }
    const page = await fetchPage(sortList(query, sort.field, sort.order), skip, take);
    return { ...page, rows: page.rows.map((row) => AdminDownloadDto.from(row)) };
  }

  async get(id: string): Promise<AdminDownloadDto> {
    const link = await this.db.getRepository(DownloadLink).findOneBy({ id });
    if (!link) throw new NotFoundException(DOWNLOAD_LINK_NOT_FOUND);
    return AdminDownloadDto.from(link);
  }

  /** A new link for an existing order: its own unguessable token, valid as long as fulfilment's links. */
  async create(dto: CreateDownloadDto, actor: StaffUserDto): Promise<AdminDownloadDto> {
    const link = await runInTransaction(this.db, async (m) => {
      const order = await m.findOneBy(Order, { id: dto.orderId });
      if (!order) throw new BadRequestException([ORDER_NOT_FOUND]);
      // A link is a delivery: for a product the order holds, under the one rule for delivering anything.
      if (!order.orderItems.some((item) => item.productId === dto.productId))
        throw new BadRequestException([`This order does not contain ${dto.productId}`]);
      const refusal = deliveryRefusal(
        order,
        `Download links are for paid orders; this order's payment is ${order.paymentStatus}`,
      );
      if (refusal) throw new ConflictException(refusal);
      const saved = await m.save(
        m.create(
          DownloadLink,
          newDownloadLink({
            orderId: dto.orderId,
            productId: dto.productId,
            fileName: dto.fileName,
            fileUrl: dto.fileUrl,
            fileSize: dto.fileSize ?? null,
            maxDownloads: dto.maxDownloads,
            platform: dto.platform,
          }),
        ),
      );
      await this.audit.record(m, actor, {
        action: 'downloads.create',
        resource: 'downloads',
        resourceId: saved.id,
        after: {
          orderId: saved.orderId,
          productId: saved.productId,
          fileName: saved.fileName,
          platform: saved.platform,
          fileUrl: saved.fileUrl,
          fileSize: saved.fileSize,
          maxDownloads: saved.maxDownloads,
          expiresAt: saved.expiresAt,
        },
      });
      return saved;
    });
    return this.get(link.id);
  }

  /** Activates or deactivates a link (the spec's toggle), recording before and after. */
  async update(id: string, dto: UpdateDownloadDto, actor: StaffUserDto): Promise<AdminDownloadDto> {
    await runInTransaction(this.db, async (m) => {
      const link = await m.findOneBy(DownloadLink, { id });
      if (!link) throw new NotFoundException(DOWNLOAD_LINK_NOT_FOUND);
      await m.update(DownloadLink, id, { isActive: dto.isActive });
      await this.audit.record(m, actor, {
        action: 'downloads.update',
        resource: 'downloads',
        resourceId: id,
        before: { isActive: link.isActive },
        after: { isActive: dto.isActive },
      });
    });
    return this.get(id);
  }
}
