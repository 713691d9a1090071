import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository } from 'typeorm';
import { escapeLike, parseListQuery, type ListQueryDto } from '../common/list-query.js';
import { AdminOrderRowDto } from './dto/admin-order.dto.js';
import { Order } from './entities/order.entity.js';

const ORDER_LIST = {
  sortable: ['createdAt', 'totalAmount', 'customerEmail', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { q: 'string', status: 'string', paymentStatus: 'string', id: 'string[]' } as const,
};

const SORT_COLUMNS = {
  createdAt: 'createdAt',
  totalAmount: 'totalCents',
  customerEmail: 'customerEmail',
  status: 'status',
};

@Injectable()
export class AdminOrdersService {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  async list(dto: ListQueryDto): Promise<{ rows: AdminOrderRowDto[]; skip: number; total: number }> {
    const { sort, skip, take, filter } = parseListQuery(dto, ORDER_LIST);
    const query = this.orders.createQueryBuilder('o');
    if (filter.id) query.andWhere('o.id IN (:...ids)', { ids: filter.id.length ? filter.id : [''] });
    if (filter.status) query.andWhere('o.status = :status', { status: filter.status });
    if (filter.paymentStatus)
      query.andWhere('o.paymentStatus = :paymentStatus', { paymentStatus: filter.paymentStatus });
    if (filter.q) {
      // Prefix matches only, so the indexes on e-mail and id serve them.
      const prefix = `${escapeLike(filter.q.trim().toLowerCase())}%`;
      query.andWhere(
        new Brackets((w) => {
          w.where("o.customerEmail LIKE :prefix ESCAPE '\\'", { prefix })
            .orWhere("o.customerName LIKE :prefix ESCAPE '\\'", { prefix })
            .orWhere("o.id LIKE :prefix ESCAPE '\\'", { prefix });
        }),
      );
    }
    const [rows, total] = await query
      .orderBy(`o.${SORT_COLUMNS[sort.field]}`, sort.order)
      .addOrderBy('o.id', sort.order)
      .skip(skip)
      .take(take)
      .getManyAndCount();
    return { rows: rows.map((row) => AdminOrderRowDto.from(row)), skip, total };
  }
}
