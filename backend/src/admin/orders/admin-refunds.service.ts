import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { asText, csvAmount, csvStream, type CsvDownload } from '../../common/csv-file.js';
import { parseListQuery, type ListPage, type ListQueryDto } from '../../common/list-query.js';
import { fetchPage, sortList, startsWithLowercase, whereIdIn } from '../../database/list-page.js';
import { Refund, REFUND_STATUSES } from '../../payments/entities/refund.entity.js';
import type { ExportQueryDto } from '../exports/export-query.dto.js';
import { currencyOf } from '../../orders/order-currency.js';
import { dayRange, exportFileName, exportRows, isoTime, whereCreatedIn } from '../exports/exports.js';
import { AdminRefundDto } from './dto/admin-refund.dto.js';

/** The list's sort fields and filters (ApiListQuery shows them in the contract). */
export const REFUND_LIST = {
  sortable: ['createdAt', 'amountCents', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { status: 'string', orderId: 'string', id: 'string[]' } as const,
};

/** The refunds export's columns: the amount in units of its currency (`40.49`, yen `6000`), times in UTC. */
export const REFUND_EXPORT_COLUMNS = [
  'Refund ID',
  'Order ID',
  'Created at (UTC)',
  'Status',
  'Currency',
  'Amount',
  'Reason',
  'Failure reason',
  'Provider refund ID',
  'Staff user',
  'Keys revoked',
] as const;

/** Every refund of every order, newest first: the list and its CSV export, built by one query. */
@Injectable()
export class AdminRefundsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(dto: ListQueryDto): Promise<ListPage<AdminRefundDto>> {
    const { skip, take, query } = this.listQuery(dto);
    const page = await fetchPage(query, skip, take);
    return { ...page, rows: page.rows.map((refund) => AdminRefundDto.from(refund)) };
  }

  /** Every refund the list shows for the same filter and sort, created in the days from-to, as CSV. */
  async export(dto: ExportQueryDto): Promise<CsvDownload> {
    const range = dayRange(dto.from, dto.to);
    const { query } = this.listQuery(dto);
    const refunds = whereCreatedIn(query, 'r.createdAt', range);
    return {
      fileName: exportFileName('refunds', range),
      content: csvStream(
        REFUND_EXPORT_COLUMNS,
        exportRows(refunds, (page) =>
          page.map((r) => [
            r.id,
            r.orderId,
            isoTime(r.createdAt),
            r.status,
            currencyOf(r),
            csvAmount(r.amountCents, currencyOf(r)),
            asText(r.reason),
            asText(r.failureReason),
            r.providerRefundId ?? '',
            asText(r.staffUsername),
            r.revokeKeys ? 'yes' : 'no',
          ]),
        ),
      ),
    };
  }

  /** The list's filter and sort, checked (a 400 naming the problem), as one query for the list and export. */
  private listQuery(dto: ListQueryDto) {
    const { sort, skip, take, filter } = parseListQuery(dto, REFUND_LIST);
    if (filter.status !== undefined && !(REFUND_STATUSES as readonly string[]).includes(filter.status))
      throw new BadRequestException(`filter status must be one of ${REFUND_STATUSES.join(', ')}`);
    const query = this.db.getRepository(Refund).createQueryBuilder('r');
    if (filter.id) whereIdIn(query, 'r.id', filter.id);
    if (filter.status) query.andWhere('r.status = :status', { status: filter.status });
    // The start of an order id, as the orders list searches them (IDX_refunds_orderId serves it).
    const orderId = filter.orderId?.trim();
    if (orderId)
      query.andWhere(...startsWithLowercase(this.db.options.type, 'r.orderId', orderId, 'orderId'));
    return { skip, take, query: sortList(query, sort.field, sort.order) };
  }
}
