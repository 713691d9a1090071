import type { EntityManager } from 'typeorm';
import { rawDate } from '../database/raw-date.js';
import { OutboxEmail } from './entities/outbox-email.entity.js';

/** The messages waiting to be sent (due or retrying later), and when the oldest of them was queued. */
export interface OutboxBacklog {
  pending: number;
  oldestQueuedAt: Date | null;
}

/** The outbox's backlog: one index-only range of IDX_mail_outbox_backlog, as long as the backlog. */
export async function outboxBacklog(m: EntityManager): Promise<OutboxBacklog> {
  const row = await m
    .createQueryBuilder(OutboxEmail, 'e')
    .select('COUNT(*)', 'pending')
    .addSelect('MIN(e.createdAt)', 'oldest')
    .where('e.status = :pending', { pending: 'pending' })
    .getRawOne<{ pending: number | string; oldest: Date | string | null }>();
  return {
    pending: Number(row?.pending ?? 0),
    oldestQueuedAt: row?.oldest ? rawDate(row.oldest) : null,
  };
}
