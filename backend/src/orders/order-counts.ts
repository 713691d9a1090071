import type { EntityManager } from 'typeorm';
import { Order } from './entities/order.entity.js';

// COUNT(*), not TypeORM's count(), which counts DISTINCT ids and so cannot stop at the index.

/**
 * Paid orders still waiting for keys: `awaitingKeys` is set on paid orders only and cleared by delivery or
 * a full refund. A short range of IDX_orders_awaiting. The one count of them (dashboard, metrics).
 */
export async function countOrdersAwaitingKeys(m: EntityManager): Promise<number> {
  const row = await m
    .createQueryBuilder(Order, 'o')
    .select('COUNT(*)', 'count')
    .where('o.awaitingKeys = :awaiting', { awaiting: true })
    .getRawOne<{ count: number | string }>();
  return Number(row?.count ?? 0);
}

/** Orders held for review (status `on_hold`, order-process.ts): a range of IDX_orders_heldAt. */
export async function countOrdersOnHold(m: EntityManager): Promise<number> {
  const row = await m
    .createQueryBuilder(Order, 'o')
    .select('COUNT(*)', 'count')
    .where('o.status = :held', { held: 'on_hold' })
    .getRawOne<{ count: number | string }>();
  return Number(row?.count ?? 0);
}
